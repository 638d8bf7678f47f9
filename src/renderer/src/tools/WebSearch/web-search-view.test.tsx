// WebSearch's card as static markup (TL): the query in the title, the sites it was limited to, how many
// pages were found; the results as links with their sites; the assistant's summary; the group line.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import type { WebSearchData } from '../../../../shared/tools/web-search';
import { cardName, ToolCallCardView } from '../../transcript/ToolCallCard';
import { viewFor } from '../registry';
import { ViewEnvContext } from '../view-env';

const render = (node: ReactNode) => renderToStaticMarkup(<ViewEnvContext.Provider value={{ projectDir: '/p' }}>{node}</ViewEnvContext.Provider>);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

const data: WebSearchData = {
  query: 'vitest 4 release',
  results: [
    { tool_use_id: 's1', content: [{ title: 'Vitest 4.0 is out!', url: 'https://vitest.dev/blog/vitest-4' }, { title: 'Releases', url: 'https://www.github.com/vitest-dev/vitest/releases' }] },
    { tool_use_id: 's2', content: [{ title: 'Vitest 4.0 is out!', url: 'https://vitest.dev/blog/vitest-4' }] },
    'Vitest 4 came out in October 2025.',
  ],
  durationSeconds: 2.5,
};
const call = (over: Partial<ToolCallView> = {}, d: WebSearchData | undefined = data): ToolCallView => ({
  id: 'c1',
  name: 'WebSearch',
  userFacingName: 'Web Search',
  messageId: 'm1',
  input: { query: 'vitest 4 release', allowed_domains: ['vitest.dev', 'github.com'] },
  state: 'succeeded',
  ...(d ? { result: { text: 'Web search results…', isError: false, data: d } } : {}),
  ...over,
});

describe('WebSearch card (TL)', () => {
  it('TL titled by the query; limited sites and the count of pages found (each address once)', () => {
    expect(cardName(call(), { projectDir: '/p' })).toContain('Searched the web for “vitest 4 release”');
    expect(viewFor('WebSearch').title(call({ state: 'running' }, undefined))).toBe('Search the web for “vitest 4 release”');
    const html = render(<ToolCallCardView call={call()} progress={undefined} />);
    expect(text(html)).toContain('only on vitest.dev and github.com — Found 2 pages');
  });

  it('TL the results: a list of links opened outside the app, each with its site; then the assistant’s summary', () => {
    const Result = viewFor('WebSearch').Result;
    const html = render(<Result call={call()} progress={undefined} />);
    expect(html).toContain('<ul class="web-results" aria-label="Search results">');
    expect(html.match(/<li>/g)).toHaveLength(2);
    expect(html).toContain('<a href="https://vitest.dev/blog/vitest-4" target="_blank" rel="noreferrer noopener" class="external-link">Vitest 4.0 is out!</a><span class="web-results__site">vitest.dev</span>');
    expect(html).toContain('<span class="web-results__site">github.com</span>');
    expect(text(html)).toContain('Vitest 4 came out in October 2025.');
  });

  it('TL nothing found, blocked sites, and the group line', () => {
    const none = call({ input: { query: 'zzz', blocked_domains: ['spam.example'] } }, { query: 'zzz', results: [{ tool_use_id: 's', content: [] }], durationSeconds: 1 });
    expect(text(render(<ToolCallCardView call={none} progress={undefined} />))).toContain('not on spam.example — Nothing found');
    const Grouped = viewFor('WebSearch').Grouped;
    expect(text(render(<Grouped calls={[call(), none]} />))).toBe('Searched the web 2 times : “vitest 4 release”, “zzz”');
  });
});
