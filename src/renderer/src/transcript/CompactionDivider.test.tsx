// Issue 20 item 2: where the conversation was summarised, the transcript shows a divider named
// "Conversation summarised" whose disclosure button opens to the summary; closed, the summary is hidden.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/transcript';
import { CompactionDivider } from './CompactionDivider';

const message: Message = {
  id: 's1',
  role: 'user',
  content: [{ type: 'text', text: 'This conversation continues…' }],
  createdAt: 1,
  compaction: { trigger: 'auto', summary: '1. Primary request: fix the **login** bug', keptFrom: null, tokensBefore: 184_200, tokensAfter: 9_800 },
};

/** The element with `role` (explicit, or a <button>/<section>) whose accessible name is `name`, as markup. */
function byRole(html: string, role: 'button' | 'region', name: string | RegExp): string | null {
  const tags = role === 'button' ? [...html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)] : [...html.matchAll(/<(section|div)[^>]*aria-label="([^"]*)"[^>]*>/g)];
  for (const t of tags) {
    const label = role === 'button' ? t[1]!.replace(/<[^>]+>/g, '') : t[2]!;
    if (typeof name === 'string' ? label === name : name.test(label)) return t[0];
  }
  return null;
}

describe('CompactionDivider (issue 20 item 2)', () => {
  it('closed: a region named "Conversation summarised" that says why in plain words, and a collapsed "Show the summary" button', () => {
    const html = renderToStaticMarkup(<CompactionDivider message={message} />);
    expect(byRole(html, 'region', 'Conversation summarised')).not.toBeNull();
    expect(html).toContain('getting too long for the model to read at once');
    expect(html).toContain('it now reads about 9,800 tokens instead of 184,200');
    const button = byRole(html, 'button', 'Show the summary');
    expect(button).toMatch(/aria-expanded="false"/);
    expect(html).toMatch(/aria-label="Summary"[^>]*hidden=""/);
    expect(html).not.toContain('login');
  });

  it('open: the button says "Hide the summary" and the summary region shows the summary as formatted text', () => {
    const html = renderToStaticMarkup(<CompactionDivider message={message} defaultOpen />);
    expect(byRole(html, 'button', 'Hide the summary')).toMatch(/aria-expanded="true"/);
    expect(html).not.toMatch(/aria-label="Summary"[^>]*hidden/);
    expect(html).toContain('<strong>login</strong>');
  });

  it('a summary asked for by hand says so; sizes are left out when the summary saved nothing', () => {
    const html = renderToStaticMarkup(<CompactionDivider message={{ ...message, compaction: { ...message.compaction!, trigger: 'manual', tokensBefore: 5_000, tokensAfter: 5_100 } }} />);
    expect(html).toContain('You asked for a summary.');
    expect(html).not.toContain('tokens instead of');
  });

  it('an ordinary message is no divider', () => {
    const { compaction: _c, ...plain } = message;
    expect(renderToStaticMarkup(<CompactionDivider message={plain} />)).toBe('');
  });
});
