// The network ledger's channels (issue 15 item 2): the box's status for the open project, what it
// refused to a conversation's commands, and "Allow this host" for the conversation or the project.
import { IpcFailure } from '../../shared/ipc/errors';
import type { BlockedConnection } from '../../shared/sandbox';
import type { HandlerContext } from '../ipc/context';
import type { InvokeHandlers } from '../ipc/dispatch';
import type { AppSandbox } from '../sandbox/runtime';
import type { ClaudeSettings } from '../settings/claude-settings';
import type { PermissionService } from './ports';

export interface SandboxHandlerDeps {
  sandbox: AppSandbox;
  settings(projectDir: string): ClaudeSettings;
  permissions?: PermissionService;
  requireProject(ctx: HandlerContext): string;
}

type SandboxChannels = 'sandbox:status' | 'sandbox:blocked' | 'sandbox:allow-host';

export function createSandboxHandlers(deps: SandboxHandlerDeps): Pick<InvokeHandlers, SandboxChannels> {
  const { sandbox } = deps;
  const ofProject = (dir: string, sessionId: string): BlockedConnection[] => sandbox.ledger.list(sessionId).filter((e) => e.projectDir === undefined || e.projectDir === dir);
  return {
    'sandbox:status': async (_req, ctx) => {
      const dir = deps.requireProject(ctx);
      const enabled = deps.settings(dir).sandbox?.enabled === true;
      // The box is only loaded and probed for a project that uses it.
      if (!enabled) return { enabled, available: sandbox.knownStatus()?.available ?? true };
      return { enabled, ...(await sandbox.status()) };
    },
    'sandbox:blocked': async ({ sessionId }, ctx) => ({ connections: ofProject(deps.requireProject(ctx), sessionId) }),
    'sandbox:allow-host': async ({ sessionId, host, scope }, ctx) => {
      const dir = deps.requireProject(ctx);
      let rule: string | undefined;
      if (scope === 'project') {
        if (!deps.permissions) throw new IpcFailure({ code: 'unsupported', message: 'Rules cannot be saved here.' });
        rule = `WebFetch(domain:${host})`;
        // Adding a rule the file already has changes nothing and is no error.
        await deps.permissions.add(dir, { source: 'localSettings', behavior: 'allow', rule });
      }
      sandbox.allowHost(sessionId, host);
      return { connections: ofProject(dir, sessionId), ...(rule ? { rule } : {}) };
    },
  };
}
