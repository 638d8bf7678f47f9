// HTML → Markdown for the small model, with turndown (loaded on first use): scripts, styles, forms'
// hidden parts and navigation are dropped, so the model reads the page's words, not its machinery.
import type TurndownService from 'turndown';

const DROPPED = ['script', 'style', 'noscript', 'template', 'iframe', 'nav', 'svg', 'canvas'] as const;

let service: TurndownService | null = null;

async function turndown(): Promise<TurndownService> {
  if (service) return service;
  const { default: Turndown } = await import('turndown');
  const s = new Turndown({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  s.remove([...DROPPED] as unknown as TurndownService.Filter);
  service = s;
  return s;
}

export async function htmlToMarkdown(html: string): Promise<string> {
  return (await turndown()).turndown(html).trim();
}
