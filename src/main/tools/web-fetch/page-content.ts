// A fetched body as the small model reads it: HTML turned into Markdown, other text as it is, anything
// else refused in plain words; then cut to Claude Code's length the model is given.
import { htmlToMarkdown } from './to-markdown';

/** Characters of page content the small model is given (Claude Code's MAX_MARKDOWN_LENGTH). */
export const MAX_MARKDOWN_LENGTH = 100_000;
export const TRUNCATED_NOTE = '[Content truncated due to length...]';

const TEXT_TYPES = /^(text\/|application\/(json|xml|xhtml\+xml|javascript|x-javascript|ld\+json|rss\+xml|atom\+xml)|[^;]*\+(json|xml))/i;

function charsetOf(contentType: string): string {
  return /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';
}

function decode(body: Buffer, contentType: string): string {
  try {
    return new TextDecoder(charsetOf(contentType)).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** The page's text for the model; throws when it is not text (an image, a PDF, a download). */
export async function pageContent(body: Buffer, contentType: string): Promise<string> {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return htmlToMarkdown(decode(body, contentType));
  if (type === '' || TEXT_TYPES.test(type)) return decode(body, contentType);
  throw new Error(`WebFetch reads web pages and text; this address returned ${type}.`);
}

/** Content cut to what the model is given, and whether anything was cut. */
export function forModel(content: string): { text: string; truncated: boolean } {
  if (content.length <= MAX_MARKDOWN_LENGTH) return { text: content, truncated: false };
  return { text: `${content.slice(0, MAX_MARKDOWN_LENGTH)}\n\n${TRUNCATED_NOTE}`, truncated: true };
}
