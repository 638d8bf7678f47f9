// PL7: PostToolUse after a success (name, input, output), PostToolUseFailure after a failure (name,
// input, error) — separate events, separately configured. Feedback (exit-2 stderr) goes to the model;
// a hook that fails is logged and never breaks the call.
import type { Logger } from '../../base/log';
import type { AnyTool, ToolUseContext } from '../core/tool';
import type { HookRunner } from './deps';

export type PostHookArgs = {
  hooks: HookRunner;
  tool: AnyTool;
  /** What hooks see: the observable input (TC5). */
  input: unknown;
  toolUseId: string;
  ctx: ToolUseContext;
  log: Logger;
} & ({ outcome: 'success'; output: unknown } | { outcome: 'failure'; error: string });

export interface PostHookOutcome {
  /** Text to append to the result for the model. */
  feedback?: string;
  stop?: { reason: string };
  /** For the user, not the model. */
  messages: string[];
}

export async function runPostHooks(a: PostHookArgs): Promise<PostHookOutcome> {
  const base = { sessionId: a.ctx.sessionId, toolName: a.tool.name, toolInput: a.input, toolUseId: a.toolUseId, cwd: a.ctx.state.cwd };
  const event = a.outcome === 'success' ? 'PostToolUse' : 'PostToolUseFailure';
  try {
    const r =
      a.outcome === 'success'
        ? await a.hooks.postToolUse({ ...base, toolResponse: a.output }, a.ctx.abortSignal)
        : await a.hooks.postToolUseFailure({ ...base, error: a.error }, a.ctx.abortSignal);
    const out: PostHookOutcome = { messages: Array.isArray(r?.messages) ? r.messages.filter((m) => typeof m === 'string') : [] };
    const feedback = typeof r?.feedback === 'string' ? r.feedback.trim() : '';
    if (feedback) out.feedback = `${event} hook feedback:\n${feedback}`;
    if (r?.stop && typeof r.stop.reason === 'string') out.stop = { reason: r.stop.reason };
    return out;
  } catch (e) {
    a.log.warn(`${event} hooks failed for ${a.tool.name}; the result is kept`, String(e));
    return { messages: [] };
  }
}
