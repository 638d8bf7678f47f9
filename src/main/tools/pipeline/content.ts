// Small helpers over tool_result content (a string or API blocks): its text, its size, appending a note.
import type { ToolResultContent } from '../core/tool';

export function contentText(content: ToolResultContent): string {
  if (typeof content === 'string') return content;
  return content.map((b) => (b.type === 'text' ? b.text : '')).join('\n');
}

/** Characters of text the model would read; images are counted by the API separately. */
export function contentTextSize(content: ToolResultContent): number {
  if (typeof content === 'string') return content.length;
  return content.reduce((n, b) => n + (b.type === 'text' ? b.text.length : 0), 0);
}

/** Appends a paragraph (a note, hook feedback, denial guidance) without disturbing image blocks. */
export function appendText(content: ToolResultContent, text: string | undefined): ToolResultContent {
  if (!text) return content;
  if (typeof content === 'string') return content ? `${content}\n\n${text}` : text;
  return [...content, { type: 'text', text }];
}

export function isToolResultContent(c: unknown): c is ToolResultContent {
  if (typeof c === 'string') return true;
  return (
    Array.isArray(c) &&
    c.every(
      (b) =>
        b !== null &&
        typeof b === 'object' &&
        (((b as { type?: unknown }).type === 'text' && typeof (b as { text?: unknown }).text === 'string') ||
          (b as { type?: unknown }).type === 'image'),
    )
  );
}
