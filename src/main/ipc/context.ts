// What a handler knows about its caller: which host, which client, which project window.
import type { HostKind } from '../../shared/ipc/contract';

export interface HandlerContext {
  host: HostKind;
  /** A stable id of the calling window or socket, for logs and event routing. */
  clientId: string;
  /** The project folder this client shows, or null (a desktop window before a folder is chosen). */
  projectDir: string | null;
}
