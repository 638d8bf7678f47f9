// How much a model can read at once (issue 20 item 1), and how full a conversation is: the last
// request's input (cached or not) plus the reply it got is what the next request starts from. The
// window per model is from Anthropic's model pages (checked for this table); a setting overrides it
// (CLAUDE_CODE_AUTO_COMPACT_WINDOW, in the environment or a settings file's `env`).
import type { Usage } from '../transcript';
import { modelKey } from './pricing';

/** What a model not in the table is taken to read: the window every Claude model has at least. */
export const DEFAULT_CONTEXT_WINDOW = 200_000;
const ONE_MILLION = 1_000_000;

/** Models that read a million tokens without asking (the others read 200,000, or a million as `[1m]`). */
const MILLION = new Set(['fable 5.1', 'fable 5', 'mythos 5.1', 'mythos 5', 'opus 5.5', 'opus 5', 'opus 4.8', 'opus 4.7', 'opus 4.6', 'sonnet 5.5', 'sonnet 5', 'sonnet 4.6', 'haiku 5.5']);

export function contextWindowOf(model: string | undefined, override?: number): number {
  if (override !== undefined && Number.isInteger(override) && override > 0) return override;
  if (!model) return DEFAULT_CONTEXT_WINDOW;
  if (/\[1m\]$/i.test(model.trim())) return ONE_MILLION;
  const key = modelKey(model);
  return key !== null && MILLION.has(key) ? ONE_MILLION : DEFAULT_CONTEXT_WINDOW;
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
