// One summary of a conversation (issue 20 item 2), automatic or asked for: which part is summarised
// (the model's whole view but its newest turns, kept word for word), the PreCompact hook, the summary
// call, and the message that takes that part's place in the model's view. Nothing is removed from the
// stored transcript: the person still reads every message, above a "Conversation summarised" divider.
import type { Message } from '../../../shared/transcript';
import { ModelError } from '../../model/errors';
import type { RequestParts } from '../model-call';
import { continuationText, extractSummary } from './prompt';
import type { CompactLimits } from './settings';
import { summarise, type SummariseOptions } from './summarise';
import { estimateTokens, keepFromIndex, lastCompactionIndex, modelView } from './view';

export type CompactTrigger = 'auto' | 'manual';

export interface CompactOptions extends Omit<SummariseOptions, 'limit' | 'toolResultBudget'> {
  limits: CompactLimits;
  /** PreCompact hooks: a hook may stop the summary (exit code 2). */
  preCompact?: (trigger: CompactTrigger, customInstructions: string, signal: AbortSignal) => Promise<{ blocked?: string }>;
  /** Where the full record is, for the model's note. */
  transcriptPath?: string;
  newId: () => string;
  /** After a refusal as too long: nothing is kept word for word, and the summary request starts smaller. */
  reactive?: boolean;
  /** The summary call is about to go (after the hook let it). */
  onStart?: () => void;
}

export type CompactOutcome =
  | { kind: 'compacted'; message: Message }
  /** Nothing old enough to summarise. */
  | { kind: 'nothing' }
  | { kind: 'blocked'; reason: string }
  | { kind: 'error'; error: ModelError };

export async function compactConversation(
  o: CompactOptions,
  stored: readonly Message[],
  trigger: CompactTrigger,
  customInstructions: string,
  signal: AbortSignal,
): Promise<CompactOutcome> {
  const view = modelView(stored);
  const after = stored.slice(lastCompactionIndex(stored) + 1);
  // The newest turns stay word for word; a conversation that fits whole in them is summarised whole.
  let keep = o.reactive ? reactiveKeep(after) : keepFromIndex(after, o.limits.keepBudget);
  if (keep === 0 && !o.reactive) keep = after.length;
  // A prompt just sent stays as the person wrote it, even when it alone is over the budget for kept turns.
  if (keep === after.length && !o.reactive && isPrompt(after.at(-1)) && after.length > 1 && estimateTokens(after.at(-1)!.content) <= o.limits.threshold / 2) keep = after.length - 1;
  const kept = after.slice(keep);
  const summarised = view.slice(0, view.length - kept.length);
  if (summarised.length === 0 || (summarised.length === 1 && summarised[0]!.compaction && kept.length === 0)) return { kind: 'nothing' };

  const hook = await o.preCompact?.(trigger, customInstructions, signal);
  if (hook?.blocked) return { kind: 'blocked', reason: hook.blocked };

  o.onStart?.();
  const before = o.request(view);
  const tokensBefore = estimateTokens(before);
  // The summary request carries the same system prompt and tools; its messages get what is left.
  const fixed = tokensBefore - estimateTokens(before.messages);
  const limit = o.reactive ? Math.floor(estimateTokens(before.messages) * 0.7) : Math.max(1, Math.floor(o.limits.window * 0.9) - fixed);
  let reply;
  try {
    reply = await summarise({ ...o, limit, toolResultBudget: o.limits.toolResultBudget }, summarised, customInstructions || undefined, signal);
  } catch (err) {
    return { kind: 'error', error: err instanceof ModelError ? err : new ModelError('internal', err instanceof Error ? err.message : String(err), { cause: err }) };
  }
  const summary = extractSummary(reply.text);
  const text = continuationText(summary, { ...(o.transcriptPath ? { transcriptPath: o.transcriptPath } : {}), keptRecent: kept.length > 0, auto: trigger === 'auto' });
  const draft: Message = { id: o.newId(), role: 'user', content: [{ type: 'text', text }], createdAt: o.now() };
  const tokensAfter = estimateTokens(o.request([draft, ...kept]));
  const message: Message = {
    ...draft,
    compaction: { trigger, summary, keptFrom: kept[0]?.id ?? null, tokensBefore, tokensAfter, usage: reply.usage, model: reply.model },
  };
  return { kind: 'compacted', message };
}


/**
 * After a refusal nothing old is kept word for word, but a prompt the person just sent stays as they
 * wrote it when it is the last message and at most half of what was refused.
 */
function reactiveKeep(after: readonly Message[]): number {
  const last = after.at(-1);
  if (!last || !isPrompt(last) || after.length < 2) return after.length;
  return estimateTokens(last.content) * 2 <= estimateTokens(after.map((m) => m.content)) ? after.length - 1 : after.length;
}

/** A message the person wrote (not tool results, not a summary). */
function isPrompt(m: Message | undefined): m is Message {
  return m?.role === 'user' && !m.compaction && m.content.some((b) => b.type === 'text') && !m.content.some((b) => b.type === 'tool_result');
}
