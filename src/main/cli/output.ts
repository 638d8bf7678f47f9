// The CLI's machine-readable output, shaped like Claude Code's: stream-json events and the final result.
import type { Message, Usage } from '../../shared/transcript';
import { messageText } from '../../shared/transcript';
import type { TurnOutcome } from '../engine/session';

export interface ApiUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

export function apiUsage(u: Usage): ApiUsage {
  return { input_tokens: u.inputTokens, output_tokens: u.outputTokens, cache_read_input_tokens: u.cacheReadTokens, cache_creation_input_tokens: u.cacheWriteTokens };
}

export function initEvent(a: { sessionId: string; cwd: string; model: string; version: string; apiKeySource: string | null }) {
  return { type: 'system', subtype: 'init', session_id: a.sessionId, cwd: a.cwd, model: a.model, tools: [] as string[], agent_desk_version: a.version, apiKeySource: a.apiKeySource ?? 'none' };
}

/** A complete message of the run (an assistant reply, or tool results as a user message). */
export function messageEvent(m: Message, sessionId: string) {
  return {
    type: m.role,
    session_id: sessionId,
    message: {
      id: m.id,
      role: m.role,
      content: m.content,
      ...(m.role === 'assistant' ? { model: m.model ?? null, stop_reason: m.stopReason ?? null, usage: m.usage ? apiUsage(m.usage) : null } : {}),
    },
  };
}

export function retryEvent(a: { sessionId: string; attempt: number; delayMs: number; reason: string }) {
  return { type: 'system', subtype: 'retry', session_id: a.sessionId, attempt: a.attempt, delay_ms: a.delayMs, reason: a.reason };
}

/** The reply text of a run: its last assistant message's text. */
export function resultText(outcome: TurnOutcome): string {
  const last = outcome.messages.filter((m) => m.role === 'assistant').at(-1);
  return last ? messageText(last) : '';
}

export function resultEvent(outcome: TurnOutcome, sessionId: string, errorMessage: string | null) {
  const isError = errorMessage !== null;
  return {
    type: 'result',
    subtype: isError ? 'error' : 'success',
    is_error: isError,
    result: isError ? errorMessage : resultText(outcome),
    session_id: sessionId,
    num_turns: outcome.turns,
    duration_ms: outcome.durationMs,
    stop_reason: outcome.stopReason,
    usage: apiUsage(outcome.usage),
    ...(outcome.error ? { error: { code: outcome.error.code, message: outcome.error.message } } : {}),
  };
}
