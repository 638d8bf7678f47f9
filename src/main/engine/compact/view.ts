// What the model reads of a conversation that was summarised (issue 20 item 2): the last summary, the
// turns it kept word for word, and everything since. The stored transcript keeps every message.
// Also the cheap step before a summary: old tool results beyond a budget read as a short note.
import type { ContentBlock, Message } from '../../../shared/transcript';
import type { ApiMessage } from '../../model/types';

export const CLEARED_TOOL_RESULT =
  '[This earlier tool result was cleared to make room in the conversation. Its full text is kept in the record; run the tool again if you need it.]';

/** The index of the last summary message, -1 when none. */
export function lastCompactionIndex(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.compaction) return i;
  return -1;
}

/** [summary, the kept turns, what came after it]; the messages themselves when never summarised. */
export function modelView(messages: readonly Message[]): Message[] {
  const at = lastCompactionIndex(messages);
  if (at === -1) return [...messages];
  const marker = messages[at]!;
  const keptFrom = marker.compaction?.keptFrom ? messages.findIndex((m) => m.id === marker.compaction!.keptFrom) : -1;
  const kept = keptFrom !== -1 && keptFrom < at ? messages.slice(keptFrom, at) : [];
  return [marker, ...kept, ...messages.slice(at + 1)];
}

/** Rough tokens of anything sent: a quarter of its JSON's length (the API counts fewer for prose). */
export function estimateTokens(x: unknown): number {
  return Math.ceil(JSON.stringify(x ?? '').length / 4);
}

function resultTokens(b: Extract<ContentBlock, { type: 'tool_result' }>): number {
  return estimateTokens(b.content);
}

/**
 * Tool results, newest first, stay word for word while they fit `budget` tokens; older ones read as
 * CLEARED_TOOL_RESULT (an error keeps its flag, so the model still knows the call failed).
 * Returns the messages unchanged (same objects) when nothing had to go.
 */
export function clearOldToolResults(messages: readonly ApiMessage[], budget: number): { messages: ApiMessage[]; cleared: number } {
  let used = 0;
  let cleared = 0;
  const out = [...messages];
  for (let i = out.length - 1; i >= 0; i--) {
    const m = out[i]!;
    if (m.role !== 'user' || !m.content.some((b) => b.type === 'tool_result')) continue;
    let changed = false;
    const content = [...m.content];
    for (let j = content.length - 1; j >= 0; j--) {
      const b = content[j]!;
      if (b.type !== 'tool_result' || b.content === CLEARED_TOOL_RESULT) continue;
      const size = resultTokens(b);
      if (used + size <= budget) {
        used += size;
        continue;
      }
      content[j] = { ...b, content: CLEARED_TOOL_RESULT };
      cleared++;
      changed = true;
    }
    if (changed) out[i] = { ...m, content };
  }
  return { messages: cleared > 0 ? out : [...messages], cleared };
}

/**
 * The start of the newest turns that fit `budget` tokens, kept word for word after a summary: an index
 * into `messages` at an assistant reply or a prompt (never a lone tool result), or messages.length
 * when nothing fits. The marker itself is never kept (it is the summary being replaced).
 */
export function keepFromIndex(messages: readonly Message[], budget: number): number {
  let used = 0;
  let start = messages.length;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.compaction) break;
    used += estimateTokens(m.content);
    if (used > budget) break;
    const resultsOnly = m.role === 'user' && m.content.length > 0 && m.content.every((b) => b.type === 'tool_result');
    if (!resultsOnly) start = i;
  }
  return start;
}
