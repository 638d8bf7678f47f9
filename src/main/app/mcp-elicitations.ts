// Questions MCP servers ask the person (issue 17 item 6), waiting for an answer: each goes to its
// project's windows as a form (mcp:elicitation); the first answer that fits the form goes back to the
// server; one the server stopped waiting for is closed in every window (mcp:elicitation-closed).
import type { ElicitAnswer, McpElicitation } from '../../shared/mcp-elicitation';
import { IpcFailure } from '../../shared/ipc/errors';
import type { ElicitRequest } from '../mcp/elicitation-client';
import { checkAnswer } from '../mcp/elicitation';
import type { EventBus } from './ports';

export interface McpElicitations {
  ask(projectDir: string, request: ElicitRequest, signal: AbortSignal): Promise<ElicitAnswer>;
  /** The person's answer; throws IpcFailure for an unknown one or values that do not fit the form. */
  reply(projectDir: string, id: string, answer: ElicitAnswer): void;
  /** Questions of the project still waiting (a window opened after they were asked). */
  pending(projectDir: string): McpElicitation[];
}

export function createMcpElicitations(opts: { bus: EventBus; newId: () => string }): McpElicitations {
  const waiting = new Map<string, { projectDir: string; view: McpElicitation; settle(answer: ElicitAnswer): void }>();
  const close = (id: string) => {
    const w = waiting.get(id);
    if (!w) return;
    waiting.delete(id);
    opts.bus.publish('mcp:elicitation-closed', { id }, { projectDir: w.projectDir });
  };
  return {
    ask(projectDir, request, signal) {
      if (signal.aborted) return Promise.resolve({ action: 'cancel' });
      const view: McpElicitation = { id: opts.newId(), server: request.server, message: request.message, fields: request.fields };
      return new Promise<ElicitAnswer>((resolve) => {
        const onAbort = () => {
          close(view.id);
          resolve({ action: 'cancel' });
        };
        signal.addEventListener('abort', onAbort, { once: true });
        waiting.set(view.id, {
          projectDir,
          view,
          settle: (answer) => {
            signal.removeEventListener('abort', onAbort);
            close(view.id);
            resolve(answer);
          },
        });
        opts.bus.publish('mcp:elicitation', view, { projectDir });
      });
    },
    reply(projectDir, id, answer) {
      const w = waiting.get(id);
      if (!w || w.projectDir !== projectDir) throw new IpcFailure({ code: 'not_found', message: 'That question is no longer waiting for an answer.' });
      if (answer.action !== 'accept') return w.settle(answer);
      const content = checkAnswer(w.view.fields, answer.content);
      if (typeof content === 'string') throw new IpcFailure({ code: 'invalid_input', message: content });
      w.settle({ action: 'accept', content });
    },
    pending: (projectDir) => [...waiting.values()].filter((w) => w.projectDir === projectDir).map((w) => w.view),
  };
}
