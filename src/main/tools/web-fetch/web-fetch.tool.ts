// The WebFetch tool (TL): fetches one address within time and size limits, hands a move to another
// host back to the model, and answers the prompt over the page's Markdown with the small fast model.
import { makeWebFetchInputSchema, WEB_FETCH_TOOL_NAME, type WebFetchData, type WebFetchInput } from '../../../shared/tools/web-fetch';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { SideQuery } from '../core/side-query';
import type { Tool, ValidationResult } from '../core/tool';
import { createPageCache, type CachedPage, type PageCache } from './cache';
import { fetchPage, type FetchLimits } from './fetch-page';
import { forModel, pageContent } from './page-content';
import { pageQuestion, redirectNotice, WEB_FETCH_PROMPT } from './prompt';
import { upgradeUrl, urlProblem } from './url';

export interface WebFetchDeps {
  cache?: PageCache;
  limits?: FetchLimits;
  now?: () => number;
}

const hostOf = (url: string | undefined): string => {
  try {
    return url ? new URL(url).hostname : '';
  } catch {
    return '';
  }
};

async function answer(sideQuery: SideQuery | undefined, content: string, prompt: string, signal: AbortSignal): Promise<string> {
  if (!sideQuery) throw new Error('WebFetch needs the model to read the page, and no model is reachable here.');
  const reply = await sideQuery({ model: 'small', messages: [{ role: 'user', content: [{ type: 'text', text: pageQuestion(content, prompt) }] }] }, signal);
  return reply.text.trim() || 'No response from model';
}

export function createWebFetchTool(deps: WebFetchDeps = {}): Tool<WebFetchInput, WebFetchData> {
  const cache = deps.cache ?? createPageCache(deps.now);
  const now = deps.now ?? Date.now;
  return buildTool<WebFetchInput, WebFetchData>({
    name: WEB_FETCH_TOOL_NAME,
    searchHint: 'fetch and extract content from a URL',
    maxResultSizeChars: 100_000,
    // Claude Code offers it through ToolSearch (AS4).
    shouldDefer: true,
    kind: 'fetch',
    target: { field: 'url' },
    inputSchema: lazySchema(makeWebFetchInputSchema),
    description: (input) => `Claude wants to fetch content from ${hostOf(input.url) || 'the web'}`,
    prompt: () => WEB_FETCH_PROMPT,
    userFacingName: () => 'Fetch',
    summarize: (input) => input.url ?? '',
    isConcurrencySafe: () => true,
    isReadOnly: () => true,
    toAutoClassifierInput: (input) => (input.prompt ? `${input.url}: ${input.prompt}` : input.url),
    validateInput: (input): ValidationResult => {
      const problem = urlProblem(input.url);
      return problem ? { result: false, message: problem, errorCode: 1 } : { result: true };
    },
    // Rules decide (`WebFetch(domain:…)`); without one the person is asked.
    checkPermissions: (input) => ({ behavior: 'passthrough', message: `WebFetch wants to fetch a page from ${hostOf(input.url) || input.url}.` }),
    async call(input, ctx) {
      const started = now();
      const url = upgradeUrl(input.url);
      let page: CachedPage | undefined = cache.get(url);
      const cached = page !== undefined;
      if (!page) {
        const got = await fetchPage(url, ctx.abortSignal, deps.limits);
        if (got.kind === 'redirect') {
          return {
            data: {
              bytes: 0,
              code: got.code,
              codeText: got.codeText,
              result: redirectNotice(url, got.redirectUrl, got.code, got.codeText, input.prompt),
              durationMs: now() - started,
              url,
              redirectUrl: got.redirectUrl,
            },
          };
        }
        page = { url, code: got.code, codeText: got.codeText, bytes: got.bytes, contentType: got.contentType, content: await pageContent(got.body, got.contentType) };
        cache.set(url, page);
      }
      const { text, truncated } = forModel(page.content);
      const result = await answer(ctx.sideQuery, text, input.prompt, ctx.abortSignal);
      return {
        data: {
          bytes: page.bytes,
          code: page.code,
          codeText: page.codeText,
          result,
          durationMs: now() - started,
          url,
          ...(cached ? { cached: true } : {}),
          ...(truncated ? { truncated: true } : {}),
        },
      };
    },
    mapResult: (data) => ({ content: data.result }),
  });
}

export const WebFetchTool = createWebFetchTool();
