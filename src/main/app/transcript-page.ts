// What session:open and session:earlier send (issue 16 item 6): a long conversation goes to the
// window a page at a time, newest first, so opening it is never one giant frame. A page ends where
// the window already is, starts at a message the person wrote (a tool's result never arrives without
// the call it answers), and holds up to PAGE_MAX_MESSAGES or about PAGE_MAX_CHARS of text. A string too
// long to show (a 64 MB Write) goes clipped with a note; the whole text stays with the engine and on disk.
import type { ToolCallView } from '../../shared/tools/tool-call';
import type { Message } from '../../shared/transcript';

export const PAGE_MAX_MESSAGES = 200;
export const PAGE_MAX_CHARS = 4_000_000;
export const VIEW_MAX_STRING = 256 * 1024;

export interface TranscriptPage {
  messages: Message[];
  toolCalls: ToolCallView[];
  /** Messages before this page, still to be asked for. */
  earlier: number;
  /**
   * The newest page also carries the file changes of earlier pages (the Changes pane lists every file
   * the conversation changed); these are their messages' ids, not shown yet.
   */
  earlierIds: string[];
}

const isPrompt = (m: Message) => m.role === 'user' && m.content.some((b) => b.type !== 'tool_result');

/** Characters of text in a value, roughly: what its frame will weigh. */
function charsOf(value: unknown, budget: number): number {
  let total = 0;
  const walk = (v: unknown): void => {
    if (total > budget) return;
    if (typeof v === 'string') total += Math.min(v.length, VIEW_MAX_STRING);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
  };
  walk(value);
  return total;
}

/** The messages before `end` that make its page: their first index. */
export function pageStart(messages: readonly Message[], end: number): number {
  let start = end;
  let chars = 0;
  while (start > 0 && end - start < PAGE_MAX_MESSAGES) {
    const next = charsOf(messages[start - 1], PAGE_MAX_CHARS);
    if (end - start > 0 && chars + next > PAGE_MAX_CHARS) break;
    chars += next;
    start -= 1;
  }
  // Back to the turn's start: calls and their results stay on one page.
  while (start > 0 && !isPrompt(messages[start]!)) start -= 1;
  return start;
}

/** A copy with each string over VIEW_MAX_STRING cut, saying how much is not shown. */
export function clipForView<T>(value: T): T {
  const clip = (v: unknown): unknown => {
    if (typeof v === 'string') {
      return v.length > VIEW_MAX_STRING ? `${v.slice(0, VIEW_MAX_STRING)}\n… [${v.length - VIEW_MAX_STRING} more characters are not shown here; the whole text is kept]` : v;
    }
    if (Array.isArray(v)) return v.some(needsClip) ? v.map(clip) : v;
    if (v && typeof v === 'object') {
      if (!needsClip(v)) return v;
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clip(x)]));
    }
    return v;
  };
  return clip(value) as T;
}

function needsClip(v: unknown): boolean {
  if (typeof v === 'string') return v.length > VIEW_MAX_STRING;
  if (Array.isArray(v)) return v.some(needsClip);
  if (v && typeof v === 'object') return Object.values(v).some(needsClip);
  return false;
}

/**
 * The page of `messages` that ends at `end` (default: the newest), with the tool-call snapshots of its
 * messages — and, on the newest page, those of calls whose message is not in the transcript yet and
 * every file change.
 */
export function transcriptPage(messages: readonly Message[], calls: readonly ToolCallView[], end = messages.length): TranscriptPage {
  const stop = Math.max(0, Math.min(end, messages.length));
  const start = pageStart(messages, stop);
  const page = messages.slice(start, stop);
  const inPage = new Set(page.map((m) => m.id));
  const newest = stop === messages.length;
  const elsewhere = newest ? new Set(messages.slice(0, start).map((m) => m.id)) : null;
  const toolCalls = calls.filter((c) => (elsewhere ? !elsewhere.has(c.messageId) || c.kind === 'edit' : inPage.has(c.messageId)));
  const earlierIds = elsewhere ? [...new Set(toolCalls.filter((c) => elsewhere.has(c.messageId)).map((c) => c.messageId))] : [];
  return { messages: page.map(clipForView), toolCalls: toolCalls.map(clipForView), earlier: start, earlierIds };
}
