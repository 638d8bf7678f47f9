// The session list kept newest first, and a transcript's messages replaced in place by id.
import type { Message, SessionSummary } from '../../../shared/transcript';

export const newestFirst = (a: SessionSummary, b: SessionSummary): number => b.updatedAt - a.updatedAt;

export function upsertSession(list: SessionSummary[], session: SessionSummary): SessionSummary[] {
  return [...list.filter((s) => s.id !== session.id), session].sort(newestFirst);
}

export function upsertMessage(list: Message[], message: Message): Message[] {
  const at = list.findIndex((m) => m.id === message.id);
  if (at === -1) return [...list, message];
  const next = list.slice();
  next[at] = message;
  return next;
}
