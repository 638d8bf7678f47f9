// Teammates' messages (AG7) as the receiving model reads them — Claude Code's envelope,
// <teammate-message teammate_id="…" summary="…"> — written by main and read back by the transcript,
// which shows them as messages from the teammate instead of the person's words.

export interface TeammateMessage {
  from: string;
  text: string;
  summary?: string;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const unescapeAttr = (s: string) => s.replace(/&lt;/g, '<').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

export function formatTeammateMessages(messages: readonly TeammateMessage[]): string {
  return messages
    .map((m) => `<teammate-message teammate_id="${escapeAttr(m.from)}"${m.summary ? ` summary="${escapeAttr(m.summary)}"` : ''}>\n${m.text}\n</teammate-message>`)
    .join('\n\n');
}

const ENVELOPE = /<teammate-message teammate_id="([^"]*)"(?: summary="([^"]*)")?>\n([\s\S]*?)\n<\/teammate-message>/g;

/** The messages of a text made only of envelopes; null for anything else (the person's own words). */
export function parseTeammateMessages(text: string): TeammateMessage[] | null {
  const out: TeammateMessage[] = [];
  let rest = text;
  for (const m of text.matchAll(ENVELOPE)) {
    out.push({ from: unescapeAttr(m[1]!), text: m[3]!, ...(m[2] ? { summary: unescapeAttr(m[2]) } : {}) });
    rest = rest.replace(m[0], '');
  }
  return out.length > 0 && rest.trim() === '' ? out : null;
}
