// The web host's HostPort: one project per server, fixed at start, so no folder picking or switching
// (the handlers answer 'unsupported' for those) and no recent-projects list.
import type { HostPort } from '../app/ports';
import { APP_VERSION } from '../app/version';

export function createWebHostPort(): HostPort {
  return { kind: 'web', version: APP_VERSION, recentProjects: () => [] };
}
