// The terminal pane's channels (issue 15 item 5): each call acts only on the calling window's own
// terminals, in the project that window shows.
import { IpcFailure } from '../../shared/ipc/errors';
import type { HandlerContext } from '../ipc/context';
import type { InvokeHandlers } from '../ipc/dispatch';
import type { TerminalService } from '../terminal/terminal-service';

type TerminalChannels = 'terminal:open' | 'terminal:input' | 'terminal:resize' | 'terminal:close' | 'terminal:list';

export interface TerminalHandlerDeps {
  /** Absent where the host offers no terminal (the CLI). */
  terminals?: TerminalService;
  requireProject(ctx: HandlerContext): string;
}

export function createTerminalHandlers(deps: TerminalHandlerDeps): Pick<InvokeHandlers, TerminalChannels> {
  const service = (): TerminalService => {
    if (!deps.terminals) throw new IpcFailure({ code: 'unsupported', message: 'The terminal is not available here.' });
    return deps.terminals;
  };
  return {
    'terminal:open': async ({ cols, rows, taskId }, ctx) => {
      const projectDir = deps.requireProject(ctx);
      const { clientId } = ctx;
      return taskId ? service().openTask({ clientId, projectDir, taskId }) : service().open({ clientId, projectDir, cols, rows });
    },
    'terminal:input': ({ terminalId, data }, ctx) => {
      deps.requireProject(ctx);
      return { accepted: service().write(ctx.clientId, terminalId, data) };
    },
    'terminal:resize': ({ terminalId, cols, rows }, ctx) => {
      deps.requireProject(ctx);
      return { resized: service().resize(ctx.clientId, terminalId, cols, rows) };
    },
    'terminal:close': async ({ terminalId }, ctx) => ({ closed: await service().close(ctx.clientId, terminalId) }),
    'terminal:list': (_req, ctx) => {
      if (!ctx.projectDir || !deps.terminals) return { terminals: [] };
      return { terminals: deps.terminals.list(ctx.clientId, ctx.projectDir) };
    },
  };
}
