// WebFetch (TL) against a local HTTP server on 127.0.0.1: a page answered by the small model over its
// Markdown, a cross-host redirect reported, a 5 MB page cut for the model, a timeout, the 15-minute cache.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SideQuery, SideQueryRequest } from '../core/side-query';
import type { CanUseTool } from '../core/tool';
import { tempProject } from '../core/test-project';
import { CACHE_TTL_MS, createPageCache } from './cache';
import { MAX_MARKDOWN_LENGTH, TRUNCATED_NOTE } from './page-content';
import { startTestSite, type TestSite } from './test-server';
import { isPermittedRedirect, upgradeUrl, urlProblem } from './url';
import { createWebFetchTool, type WebFetchDeps } from './web-fetch.tool';

const allow: CanUseTool = async () => ({ behavior: 'allow' });
let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site.close());

let asked: SideQueryRequest[];
beforeEach(() => {
  asked = [];
});
const sideQuery: SideQuery = async (req) => {
  asked.push(req);
  return { blocks: [], text: 'The page says release 2.0 is out.', model: 'small-model' };
};
const pageGiven = (i = 0) => (asked[i]!.messages[0]!.content[0] as { text: string }).text;

function setup(deps: WebFetchDeps = {}, withModel = true) {
  const project = tempProject();
  const ctx = withModel ? { ...project.ctx, sideQuery } : project.ctx;
  const tool = createWebFetchTool(deps);
  const run = async (raw: Record<string, unknown>) => {
    const input = tool.inputSchema().parse(raw);
    const valid = await tool.validateInput!(input, ctx);
    if (!valid.result) return { error: valid.message };
    try {
      const { data } = await tool.call(input, ctx, allow, 'm', () => undefined);
      return { data, text: String(tool.mapResult(data, 't').content) };
    } catch (e) {
      return { error: (e as Error).message };
    } finally {
      project.cleanup();
    }
  };
  return { tool, run };
}

describe('WebFetch (TL)', () => {
  it('TL an HTML page: its Markdown, without scripts, styles or navigation, goes to the small model with the prompt; its answer is the result', async () => {
    const { run } = setup();
    const r = await run({ url: `${site.url}/page`, prompt: 'What is new?' });
    expect(r.text).toBe('The page says release 2.0 is out.');
    expect(r.data).toMatchObject({ code: 200, codeText: 'OK', url: `${site.url}/page` });
    expect(r.data!.bytes).toBe(Buffer.byteLength((await import('./test-server')).PAGE_HTML));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.model).toBe('small');
    const given = pageGiven();
    expect(given).toContain('# Release 2.0');
    expect(given).toContain('The **new** build is [here](https://example.com/dl).');
    expect(given).toContain('-   Faster start');
    expect(given).toContain('What is new?');
    expect(given).toContain('Provide a concise response based only on the content above.');
    for (const dropped of ['SCRIPT-TEXT', 'color:red', 'NAV-LINK']) expect(given).not.toContain(dropped);
  });

  it('TL plain text is given as it is', async () => {
    const { run } = setup();
    await run({ url: `${site.url}/notes.txt`, prompt: 'p' });
    expect(pageGiven()).toContain('---\nplain notes\n---');
  });

  it('TL a redirect on the same site is followed', async () => {
    const { run } = setup();
    const r = await run({ url: `${site.url}/same-site`, prompt: 'p' });
    expect(r.data).toMatchObject({ code: 200, url: `${site.url}/same-site` });
    expect(pageGiven()).toContain('# Release 2.0');
  });

  it('TL a redirect to another host is reported to the model in Claude Code’s words, not followed', async () => {
    const { run } = setup();
    const before = site.hits.get('/page') ?? 0;
    const r = await run({ url: `${site.url}/elsewhere`, prompt: 'What is new?' });
    const target = `http://localhost:${site.port}/page`;
    expect(r.text).toBe(`REDIRECT DETECTED: The URL redirects to a different host.

Original URL: ${site.url}/elsewhere
Redirect URL: ${target}
Status: 302 Found

To complete your request, I need to fetch content from the redirected URL. Please use WebFetch again with these parameters:
- url: "${target}"
- prompt: "What is new?"`);
    expect(r.data).toMatchObject({ code: 302, redirectUrl: target, bytes: 0 });
    expect(site.hits.get('/page') ?? 0).toBe(before);
    expect(asked).toHaveLength(0);
  });

  it('TL a 5 MB page is fetched whole and cut to 100,000 characters for the model', async () => {
    const { run } = setup();
    const r = await run({ url: `${site.url}/big`, prompt: 'Summarize' });
    expect(r.data!.bytes).toBeGreaterThan(5_000_000);
    expect(r.data!.truncated).toBe(true);
    const given = pageGiven();
    const content = given.slice(given.indexOf('---\n') + 4, given.lastIndexOf('\n---'));
    expect(content.endsWith(`\n\n${TRUNCATED_NOTE}`)).toBe(true);
    expect(content.length).toBe(MAX_MARKDOWN_LENGTH + TRUNCATED_NOTE.length + 2);
  });

  it('TL a page over the size limit is refused in plain words', async () => {
    const { run } = setup({ limits: { maxBytes: 1024 * 1024 } });
    expect(await run({ url: `${site.url}/big`, prompt: 'p' })).toEqual({ error: 'The page is larger than 1 MB, the most WebFetch reads.' });
  });

  it('TL a page that does not answer in time fails with the time limit named', async () => {
    const { run } = setup({ limits: { timeoutMs: 300 } });
    expect(await run({ url: `${site.url}/slow`, prompt: 'p' })).toEqual({ error: 'The page did not answer within 0.3 seconds.' });
  });

  it('TL an error status, a picture and a host that is not listening: clear errors', async () => {
    const { run } = setup();
    expect(await run({ url: `${site.url}/gone`, prompt: 'p' })).toEqual({ error: 'Request failed with status code 404' });
    expect(await setup().run({ url: `${site.url}/picture.png`, prompt: 'p' })).toEqual({ error: 'WebFetch reads web pages and text; this address returned image/png.' });
    const closed = await startTestSite();
    await closed.close();
    const r = await setup().run({ url: `${closed.url}/page`, prompt: 'p' });
    expect(r.error).toMatch(new RegExp(`^Could not reach 127\\.0\\.0\\.1:${closed.port}: `));
  });

  it('TL without a model the page cannot be read, and the tool says so', async () => {
    const { run } = setup({}, false);
    expect(await run({ url: `${site.url}/page`, prompt: 'p' })).toEqual({ error: 'WebFetch needs the model to read the page, and no model is reachable here.' });
  });

  it('TL the 15-minute cache: the same address is fetched once, each prompt still answered; after 15 minutes it is fetched again', async () => {
    let clock = 1_000_000;
    const now = () => clock;
    const deps = { cache: createPageCache(now), now };
    const path = '/page?cache-test';
    const first = await setup(deps).run({ url: `${site.url}${path}`, prompt: 'first' });
    const hitsAfterFirst = site.hits.get('/page')!;
    clock += CACHE_TTL_MS - 1;
    const second = await setup(deps).run({ url: `${site.url}${path}`, prompt: 'second' });
    expect(site.hits.get('/page')).toBe(hitsAfterFirst);
    expect(first.data!.cached).toBeUndefined();
    expect(second.data).toMatchObject({ cached: true, code: 200, bytes: first.data!.bytes });
    expect(asked.map((a) => a.messages[0]!.content[0]).map((b) => (b as { text: string }).text.includes('second'))).toEqual([false, true]);
    clock += 1;
    const third = await setup(deps).run({ url: `${site.url}${path}`, prompt: 'third' });
    expect(site.hits.get('/page')).toBe(hitsAfterFirst + 1);
    expect(third.data!.cached).toBeUndefined();
  });
});

describe('WebFetch addresses (TL)', () => {
  it('TL http becomes https except on this computer', () => {
    expect(upgradeUrl('http://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(upgradeUrl('http://127.0.0.1:8080/x')).toBe('http://127.0.0.1:8080/x');
    expect(upgradeUrl('http://localhost:3000/')).toBe('http://localhost:3000/');
    expect(upgradeUrl('http://[::1]:3000/')).toBe('http://[::1]:3000/');
  });

  it('TL too long, with a password, not http or a bare name: Claude Code’s "Invalid URL"', () => {
    const long = `https://example.com/${'a'.repeat(2000)}`;
    expect(urlProblem(long)).toBe(`Error: Invalid URL "${long}". The URL provided could not be parsed.`);
    expect(urlProblem('https://user:pw@example.com/')).toMatch(/^Error: Invalid URL/);
    expect(urlProblem('ftp://example.com/')).toMatch(/^Error: Invalid URL/);
    expect(urlProblem('https://intranet/')).toMatch(/^Error: Invalid URL/);
    expect(urlProblem('https://docs.example.com/x')).toBeNull();
    expect(urlProblem('http://localhost:3000/')).toBeNull();
  });

  it('TL redirects followed only on the same scheme, port and host, www. aside', () => {
    expect(isPermittedRedirect('https://example.com/a', 'https://www.example.com/b')).toBe(true);
    expect(isPermittedRedirect('https://www.example.com/a', 'https://example.com/b')).toBe(true);
    expect(isPermittedRedirect('https://example.com/a', 'https://docs.example.com/b')).toBe(false);
    expect(isPermittedRedirect('https://example.com/a', 'http://example.com/b')).toBe(false);
    expect(isPermittedRedirect('https://example.com/a', 'https://example.com:8443/b')).toBe(false);
    expect(isPermittedRedirect('https://example.com/a', 'https://u:p@example.com/b')).toBe(false);
  });
});
