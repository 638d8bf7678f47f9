// How much a model can read at once (issue 20 item 1), and how full a conversation is: the last
// request's input (cached or not) plus the reply it got is what the next request starts from.
import type { Usage } from '../transcript';

/** Every Claude model reads 200,000 tokens at once; a `[1m]` model name asks for the 1-million window. */
export const DEFAULT_CONTEXT_WINDOW = 200_000;
const ONE_MILLION = 1_000_000;

export function contextWindowOf(model: string | undefined, override?: number): number {
  if (override !== undefined && Number.isInteger(override) && override > 0) return override;
  if (model && /\[1m\]$/i.test(model.trim())) return ONE_MILLION;
  return DEFAULT_CONTEXT_WINDOW;
}

/** Tokens of the conversation as of the last model call. */
export function contextUsed(usage: Usage): number {
  return usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens + usage.outputTokens;
}

export interface ContextFill {
  used: number;
  window: number;
  /** Whole percent, 0–100 (more than full reads as 100). */
  percent: number;
}

export function contextFill(usage: Usage, window: number): ContextFill {
  const used = contextUsed(usage);
  return { used, window, percent: Math.min(100, Math.round((used / window) * 100)) };
}
