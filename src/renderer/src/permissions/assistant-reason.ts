// The assistant's own words just before it asked (issue 12 item 2): the text of its reply up to the
// tool call that waits for approval — from the finished message, or from the reply still streaming.
import type { PermissionRequestView } from '../../../shared/permissions/request';
import type { Message } from '../../../shared/transcript';

/** Long explanations are cut to their end: the part next to the call says why. */
export const REASON_MAX_CHARS = 600;

function tail(text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  if (t.length <= REASON_MAX_CHARS) return t;
  const cut = t.slice(t.length - REASON_MAX_CHARS);
  const start = cut.search(/\s/);
  return `…${(start > 0 ? cut.slice(start) : cut).trimStart()}`;
}

export function assistantReason(
  request: Pick<PermissionRequestView, 'turn' | 'toolUseId'>,
  messages: readonly Message[],
  drafts: readonly { messageId: string; text: string }[],
): string | null {
  if (!request.turn) return null;
  const message = messages.find((m) => m.id === request.turn && m.role === 'assistant');
  if (message) {
    const texts: string[] = [];
    for (const block of message.content) {
      if (block.type === 'tool_use' && block.id === request.toolUseId) break;
      if (block.type === 'text') texts.push(block.text);
    }
    return tail(texts.join('\n\n'));
  }
  const draft = drafts.find((d) => d.messageId === request.turn);
  return draft ? tail(draft.text) : null;
}
