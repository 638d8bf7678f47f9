// The CLI's machine-readable output, shaped like Claude Code's: stream-json events and the final result.
import type { BudgetStatus } from '../../shared/budget';
import { limitWords, spentWords } from '../../shared/budget-words';
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

export function initEvent(a: { sessionId: string; cwd: string; model: string; tools: string[]; permissionMode: string; version: string; apiKeySource: string | null }) {
  return {
    type: 'system',
    subtype: 'init',
    session_id: a.sessionId,
    cwd: a.cwd,
    model: a.model,
    tools: a.tools,
    permissionMode: a.permissionMode,
    agent_desk_version: a.version,
    apiKeySource: a.apiKeySource ?? 'none',
  };
}

/** A call a rule, hook or the headless prompter refused (Claude Code's `permission_denials`). */
export interface PermissionDenial {
  tool_name: string;
  tool_use_id: string;
  tool_input: unknown;
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

/** Claude Code's line where a conversation was summarised (issue 20 item 2). */
export function compactBoundaryEvent(a: { sessionId: string; trigger: 'auto' | 'manual'; preTokens: number }) {
  return { type: 'system', subtype: 'compact_boundary', session_id: a.sessionId, compact_metadata: { trigger: a.trigger, pre_tokens: a.preTokens } };
}

/** The reply text of a run: its last assistant message's text. */
export function resultText(outcome: TurnOutcome): string {
  const last = outcome.messages.filter((m) => m.role === 'assistant').at(-1);
  return last ? messageText(last) : '';
}

export type ResultSubtype = 'success' | 'error_max_turns' | 'error_max_budget_usd' | 'error_during_execution';

/** The exit code of a run that stopped at its budget (--max-budget-usd, or the settings' agentDesk.budget). */
export const EXIT_BUDGET = 3;

export function resultSubtype(outcome: TurnOutcome, errorMessage: string | null): ResultSubtype {
  if (errorMessage === null) return 'success';
  if (outcome.budgetStopped) return 'error_max_budget_usd';
  return outcome.maxTurnsReached ? 'error_max_turns' : 'error_during_execution';
}

/** The line a run that stopped at its budget ends with: which budget, what was spent. */
export function budgetExitMessage(status: BudgetStatus | null, fromFlag: boolean): string {
  if (!status) return 'Reached the budget for this run.';
  const which = fromFlag ? ' (--max-budget-usd)' : ' (agentDesk.budget in the settings)';
  return `Reached the budget of ${limitWords(status.limit)} for this run${which}: spent ${spentWords(status)}. It stopped before its next request to the model.`;
}

/** The final line (stream-json) or the one object (json). `total_cost_usd` is null for a model without a known price. */
export function resultEvent(outcome: TurnOutcome, sessionId: string, errorMessage: string | null, denials: PermissionDenial[] = []) {
  const isError = errorMessage !== null;
  return {
    type: 'result',
    subtype: resultSubtype(outcome, errorMessage),
    is_error: isError,
    result: isError ? errorMessage : resultText(outcome),
    session_id: sessionId,
    num_turns: outcome.turns,
    duration_ms: outcome.durationMs,
    stop_reason: outcome.stopReason,
    total_cost_usd: outcome.costUsd,
    usage: apiUsage(outcome.usage),
    permission_denials: denials,
    ...(outcome.error ? { error: { code: outcome.error.code, message: outcome.error.message } } : {}),
  };
}
