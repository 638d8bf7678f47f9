// Turns the stored transcript into a request the Messages API accepts, whatever happened before:
// roles strictly alternate starting with user (a failed turn leaves two user messages in a row: they
// are merged), no empty text blocks, and every tool_use has its tool_result right after (unpaired
// halves of a stopped or failed tool turn are left out).
import type { ContentBlock, Message } from '../../shared/transcript';
import type { ApiMessage } from '../model/types';

function cleanBlock(b: ContentBlock): ContentBlock | null {
  switch (b.type) {
    case 'text':
      return b.text.length > 0 ? { type: 'text', text: b.text } : null;
    case 'tool_use':
      return { type: 'tool_use', id: b.id, name: b.name, input: b.input ?? {} };
    case 'tool_result':
      return {
        type: 'tool_result',
        tool_use_id: b.tool_use_id,
        content: b.content,
        ...(b.is_error !== undefined ? { is_error: b.is_error } : {}),
      };
  }
}

/** Merge runs of the same role and drop empty messages; tool_result blocks stay first in a user message. */
function mergeRuns(list: ApiMessage[]): ApiMessage[] {
  const out: ApiMessage[] = [];
  for (const m of list) {
    if (m.content.length === 0) continue;
    const prev = out.at(-1);
    if (prev && prev.role === m.role) prev.content = [...prev.content, ...m.content];
    else out.push({ role: m.role, content: [...m.content] });
  }
  for (const m of out) {
    if (m.role === 'user') m.content = [...m.content.filter((b) => b.type === 'tool_result'), ...m.content.filter((b) => b.type !== 'tool_result')];
  }
  return out;
}

/** Keep only tool_use/tool_result blocks that pair up across adjacent assistant → user messages. */
function pairTools(list: ApiMessage[]): ApiMessage[] {
  return list.map((m, i) => {
    if (m.role === 'assistant') {
      const next = list[i + 1];
      const answered = new Set(next?.role === 'user' ? next.content.flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : [])) : []);
      return { ...m, content: m.content.filter((b) => b.type !== 'tool_use' || answered.has(b.id)) };
    }
    const prev = list[i - 1];
    const asked = new Set(prev?.role === 'assistant' ? prev.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : [])) : []);
    return { ...m, content: m.content.filter((b) => b.type !== 'tool_result' || asked.has(b.tool_use_id)) };
  });
}

/** Messages and blocks: a round changed the list exactly when it has fewer of either (see below). */
function sizeOf(list: readonly ApiMessage[]): [number, number] {
  let blocks = 0;
  for (const m of list) blocks += m.content.length;
  return [list.length, blocks];
}

export function toApiMessages(messages: readonly Message[]): ApiMessage[] {
  const cleaned: ApiMessage[] = messages.map((m) => ({
    role: m.role,
    content: m.content.map(cleanBlock).filter((b): b is ContentBlock => b !== null),
  }));
  let list = mergeRuns(cleaned);
  // Pairing can empty a message, and dropping it can make two same-role messages adjacent: repeat until
  // stable. A round only removes blocks, drops messages or merges them (and a merge is what reorders a
  // user message's blocks), so an unchanged count of messages and blocks means nothing changed: the
  // whole conversation is not serialised twice per request to tell.
  for (;;) {
    const next = mergeRuns(pairTools(list));
    while (next[0] && next[0].role !== 'user') next.shift();
    const [messagesBefore, blocksBefore] = sizeOf(list);
    const [messagesAfter, blocksAfter] = sizeOf(next);
    list = next;
    if (messagesAfter === messagesBefore && blocksAfter === blocksBefore) return list;
  }
}
