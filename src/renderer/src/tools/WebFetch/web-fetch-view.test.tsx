// WebFetch's card as static markup (TL): the address as a link, the question, status and size; the answer
// folded at first and rendered as Markdown; a move to another host said in plain words; the group line.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import type { WebFetchData } from '../../../../shared/tools/web-fetch';
import { cardName, ToolCallCardView } from '../../transcript/ToolCallCard';
import { viewFor } from '../registry';
import { ViewEnvContext } from '../view-env';
import { sizeWords } from './web-fetch-facts';

const render = (node: ReactNode) => renderToStaticMarkup(<ViewEnvContext.Provider value={{ projectDir: '/p' }}>{node}</ViewEnvContext.Provider>);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');

const url = 'https://docs.example.com/guide/install?x=1';
const answer: WebFetchData = { bytes: 48_213, code: 200, codeText: 'OK', result: 'Run **npm install**, then `npm start`.', durationMs: 900, url };
const call = (data: WebFetchData | undefined, over: Partial<ToolCallView> = {}): ToolCallView => ({
  id: 'c1',
  name: 'WebFetch',
  userFacingName: 'Fetch',
  messageId: 'm1',
  input: { url, prompt: 'How do I install it?' },
  state: 'succeeded',
  ...(data ? { result: { text: data.result, isError: false, data } } : {}),
  ...over,
});

describe('WebFetch card (TL)', () => {
  it('TL named by the site; the address a link opened outside the app; the question, status and size; the answer folded', () => {
    const c = call(answer);
    expect(cardName(c, { projectDir: '/p' })).toContain('Read a page from docs.example.com');
    const html = render(<ToolCallCardView call={c} progress={undefined} />);
    expect(html).toContain(`<a href="${url.replace('&', '&amp;')}" target="_blank" rel="noreferrer noopener" class="external-link">`);
    expect(text(html)).toContain('Question: How do I install it?');
    expect(text(html)).toContain('200 OK · 48 KB');
    expect(html).toMatch(/aria-expanded="false"[^>]*>.*Show/);
    expect(html).not.toContain('npm install');
  });

  it('TL the answer, opened, is Markdown under an "Answer from <site>" region', () => {
    const Result = viewFor('WebFetch').Result;
    const html = render(<Result call={call(answer)} progress={undefined} />);
    expect(html).toContain('aria-label="Answer from docs.example.com"');
    expect(html).toContain('<strong>npm install</strong>');
    expect(html).toContain('<code>npm start</code>');
  });

  it('TL a move to another host: said in the title and the output, with the new address as a link', () => {
    const target = 'https://www.other.org/new';
    const c = call({ ...answer, bytes: 0, code: 301, codeText: 'Moved Permanently', redirectUrl: target, result: 'REDIRECT DETECTED…' });
    expect(viewFor('WebFetch').title(c)).toBe('The page on docs.example.com moved to www.other.org');
    const html = render(<ToolCallCardView call={c} progress={undefined} />);
    expect(text(html)).toContain('301 Moved Permanently');
    expect(text(html)).not.toContain('0 bytes');
    const Result = viewFor('WebFetch').Result;
    const result = render(<Result call={c} progress={undefined} />);
    expect(text(result)).toContain(`Not followed, because it is another site: ${target} . The assistant was told the new address.`);
  });

  it('TL notes: a copy from the cache, a page cut short', () => {
    const Notes = viewFor('WebFetch').Notes!;
    expect(text(render(<Notes call={call({ ...answer, cached: true, truncated: true })} progress={undefined} />))).toBe(
      ' Read from a copy fetched in the last 15 minutes. The page is long: the answer comes from its first part only. ',
    );
    expect(render(<Notes call={call(answer)} progress={undefined} />)).toBe('');
  });

  it('TL a failed fetch shows the error; a group names its sites once', () => {
    const failed = call(undefined, { state: 'failed', error: { message: 'The page did not answer within 60 seconds.' } });
    expect(text(render(<ToolCallCardView call={failed} progress={undefined} />))).toContain('The page did not answer within 60 seconds.');
    const Grouped = viewFor('WebFetch').Grouped;
    const other = { ...call(answer), id: 'c2', input: { url: 'https://nodejs.org/en', prompt: 'p' } };
    expect(text(render(<Grouped calls={[call(answer), call(answer), other]} />)).trim()).toBe('Read 3 web pages : docs.example.com, nodejs.org');
  });

  it('TL sizes in plain units', () => {
    expect([sizeWords(512), sizeWords(1234), sizeWords(48_213), sizeWords(5_242_880)]).toEqual(['512 bytes', '1.2 KB', '48 KB', '5.2 MB']);
  });
});
