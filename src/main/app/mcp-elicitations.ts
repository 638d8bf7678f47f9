// Questions MCP servers ask the person (issue 17 item 6) as requests of the approval inbox: one asked
// while a conversation's call runs on that server is that conversation's (its window docks the form,
// its row says it waits, the title counts it); one asked while none runs waits in the project's inbox,
// from the connected tool. The form's answer that fits goes back to the server; a plain deny is a
// refusal; one the server stopped waiting for is withdrawn everywhere.
import type { ElicitAnswer } from '../../shared/mcp-elicitation';
import { checkAnswer, MCP_QUESTION_REQUEST_NAME, questionAnswerOf, type McpQuestionInput } from '../../shared/mcp-question';
import { IpcFailure } from '../../shared/ipc/errors';
import type { PermissionDecision, PermissionReplyInput, PermissionRequestView } from '../../shared/permissions/request';
import type { ElicitRequest } from '../mcp/elicitation-client';
import type { EventBus } from './ports';

export interface McpElicitations {
  ask(projectDir: string, request: ElicitRequest, signal: AbortSignal): Promise<ElicitAnswer>;
  /**
   * An answer to one of its questions; false when the reply is not for one, or is no answer (an
   * "always allow"). Throws IpcFailure when the values do not fit the form: the question still waits.
   */
  reply(projectDir: string, reply: PermissionReplyInput): boolean;
  /** Questions of the project still waiting (a window opened after they were asked). */
  pending(projectDir: string): PermissionRequestView[];
}

export function createMcpElicitations(opts: { bus: EventBus; newId: () => string; now?: () => number }): McpElicitations {
  const waiting = new Map<string, { projectDir: string; request: PermissionRequestView; settle(answer: ElicitAnswer, decision: PermissionDecision | 'cancelled'): void }>();
  const now = opts.now ?? Date.now;
  const tell = (projectDir: string, request: PermissionRequestView, decision?: PermissionDecision | 'cancelled') =>
    opts.bus.publish(
      'session:event',
      decision ? { type: 'permission_resolved', sessionId: request.sessionId, requestId: request.requestId, decision } : { type: 'permission_request', sessionId: request.sessionId, request },
      { projectDir },
    );
  return {
    ask(projectDir, q, signal) {
      if (signal.aborted) return Promise.resolve({ action: 'cancel' });
      const requestId = opts.newId();
      const input: McpQuestionInput = { server: q.server, message: q.message, fields: q.fields };
      const request: PermissionRequestView = {
        requestId,
        // No conversation's call ran on the server: the project's inbox, from the connected tool.
        sessionId: q.caller?.sessionId ?? '',
        toolUseId: q.caller?.toolUseId ?? requestId,
        toolName: MCP_QUESTION_REQUEST_NAME,
        kind: 'other',
        input,
        message: `The connected tool “${q.server}” asks: ${q.message}`,
        suggestions: [],
        destructive: false,
        createdAt: now(),
        ...(q.caller ? {} : { origin: { kind: 'tool' as const, label: q.server } }),
      };
      return new Promise<ElicitAnswer>((resolve) => {
        const settle = (answer: ElicitAnswer, decision: PermissionDecision | 'cancelled') => {
          signal.removeEventListener('abort', onAbort);
          waiting.delete(requestId);
          tell(projectDir, request, decision);
          resolve(answer);
        };
        const onAbort = () => settle({ action: 'cancel' }, 'cancelled');
        signal.addEventListener('abort', onAbort, { once: true });
        waiting.set(requestId, { projectDir, request, settle });
        tell(projectDir, request);
      });
    },
    reply(projectDir, reply) {
      const w = waiting.get(reply.requestId);
      if (!w || w.projectDir !== projectDir) return false;
      const answer = questionAnswerOf(reply);
      if (!answer) return false;
      if (answer.action !== 'accept') {
        w.settle(answer, reply.decision);
        return true;
      }
      const content = checkAnswer((w.request.input as McpQuestionInput).fields, answer.content);
      if (typeof content === 'string') throw new IpcFailure({ code: 'invalid_input', message: content });
      w.settle({ action: 'accept', content }, reply.decision);
      return true;
    },
    pending: (projectDir) => [...waiting.values()].filter((w) => w.projectDir === projectDir).map((w) => w.request),
  };
}
