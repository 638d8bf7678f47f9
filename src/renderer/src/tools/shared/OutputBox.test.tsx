// Render checks of the output box as static markup: terminal colours as styled spans, no escape characters in the text, marks on the visible text.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { errorSpot } from '../Bash/bash-facts';
import { OutputBox, type OutputBoxProps } from './OutputBox';

const E = '\x1b';
const render = (props: Partial<OutputBoxProps> & Pick<OutputBoxProps, 'chunks'>) => renderToStaticMarkup(<OutputBox label="Output of npm test" {...props} />);
/** What is copied or read aloud: the text without tags, entities decoded. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('OutputBox', () => {
  it('shows terminal colours as styled spans and keeps the text plain', () => {
    const html = render({
      chunks: [
        { id: 0, stream: 'stdout', text: `${E}[32m✓${E}[39m a.test.ts ${E}[1;38;2;255;128;0m3 tests${E}[0m\n${E}]0;title\x07${E}[2K` },
        { id: 1, stream: 'stderr', text: `${E}[31merror: boom${E}[0m\n` },
      ],
    });
    expect(html).toContain('<span class="ansi-fg-2">✓</span>');
    expect(html).toContain('<span class="ansi-bold" style="color:#ff8000">3 tests</span>');
    expect(html).toContain('<span class="ansi-fg-1">error: boom</span>');
    expect(textOf(html)).toBe('✓ a.test.ts 3 tests\nerror: boom\n');
    expect(html).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    // The palette the classes read, on the box.
    expect(html).toMatch(/<pre[^>]*style="[^"]*--ansi-fg-1:#ff7b72/);
  });

  it('plain output stays plain text, no spans', () => {
    const html = render({ chunks: [{ id: 0, stream: 'stdout', text: 'line1\nline2\n' }] });
    expect(html).toContain('<span data-stream="stdout">line1\nline2\n</span>');
  });

  it('marks a coloured error line in the visible text, in the mark’s colours, bold kept', () => {
    const chunks = [
      { id: 0, stream: 'stdout' as const, text: `${E}[36mbuilding${E}[0m\n` },
      { id: 1, stream: 'stderr' as const, text: `${E}[33mwarning: old${E}[0m\n${E}[1;31merror: boom${E}[0m\ndone\n` },
    ];
    const spot = errorSpot(chunks)!;
    const html = render({ chunks, marks: spot.marks, stderrIsError: true });
    expect(html).toContain('<mark class="output-box__mark"><span class="ansi-bold">error: boom</span></mark>');
    expect(html).toContain('<span class="ansi-fg-3">warning: old</span>');
    expect(textOf(html)).toBe('building\nwarning: old\nerror: boom\ndone\n');
  });

  it('an escape cut off at the end of a live chunk shows nothing until the rest arrives', () => {
    const html = render({ chunks: [{ id: 0, stream: 'stdout', text: `50% ${E}[3` }], live: true });
    expect(textOf(html)).toBe('50% ');
    const next = render({
      chunks: [
        { id: 0, stream: 'stdout', text: `50% ${E}[3` },
        { id: 1, stream: 'stderr', text: 'note\n' },
        { id: 2, stream: 'stdout', text: '2mdone' },
      ],
      live: true,
    });
    expect(textOf(next)).toBe('50% note\ndone');
    expect(next).toContain('<span class="ansi-fg-2">done</span>');
  });
});
