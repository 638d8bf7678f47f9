// When a conversation is summarised on its own (issue 20 item 2), read the way Claude Code reads it:
// CLAUDE_AUTOCOMPACT_PCT_OVERRIDE (percent of the window), CLAUDE_CODE_AUTO_COMPACT_WINDOW (the window
// in tokens) and DISABLE_AUTO_COMPACT / DISABLE_COMPACT, from the environment or a settings file's `env`
// block (the settings win, as Claude Code applies them over its environment).
import { contextWindowOf } from '../../../shared/model/context-window';

/** Claude Code summarises a little before the window is full: the reply and the summary need room too. */
export const DEFAULT_AUTO_COMPACT_PERCENT = 92;

export interface CompactSettings {
  /** Summarise on its own before a request would pass the threshold. */
  auto: boolean;
  /** /compact and the reactive summary after a "prompt is too long" refusal. */
  enabled: boolean;
  /** Tokens the model reads at once; absent = the model's own. */
  windowOverride?: number;
  percent: number;
}

const truthy = (v: string | undefined) => v !== undefined && /^(1|true|yes|on)$/i.test(v.trim());

export function compactSettingsFrom(env: Readonly<Record<string, string | undefined>>): CompactSettings {
  const pct = Number(env.CLAUDE_AUTOCOMPACT_PCT_OVERRIDE?.trim());
  const win = env.CLAUDE_CODE_AUTO_COMPACT_WINDOW?.trim();
  const enabled = !truthy(env.DISABLE_COMPACT);
  return {
    enabled,
    auto: enabled && !truthy(env.DISABLE_AUTO_COMPACT),
    ...(win && /^\d+$/.test(win) && Number(win) > 0 ? { windowOverride: Number(win) } : {}),
    percent: Number.isFinite(pct) && pct > 0 && pct <= 100 ? pct : DEFAULT_AUTO_COMPACT_PERCENT,
  };
}

export interface CompactLimits {
  window: number;
  /** A request estimated above this many tokens is summarised first. */
  threshold: number;
  /** Tool results the model keeps word for word, newest first, before older ones are cleared. */
  toolResultBudget: number;
  /** The newest turns kept word for word after a summary. */
  keepBudget: number;
}

export function compactLimits(settings: CompactSettings, model: string | undefined): CompactLimits {
  const window = contextWindowOf(model, settings.windowOverride);
  const threshold = Math.max(1, Math.floor((window * settings.percent) / 100));
  return { window, threshold, toolResultBudget: Math.floor(threshold * 0.4), keepBudget: Math.floor(threshold * 0.25) };
}
