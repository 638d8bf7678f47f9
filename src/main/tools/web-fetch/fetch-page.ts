// One page over HTTP with WebFetch's bounds: a time limit, a size limit read as the body streams in,
// same-site redirects followed (at most 10) and a move to another host handed back, not followed.
import { isPermittedRedirect } from './url';

export const FETCH_TIMEOUT_MS = 60_000;
/** Claude Code's cap on a fetched body. */
export const MAX_CONTENT_BYTES = 10 * 1024 * 1024;
const MAX_REDIRECTS = 10;

export interface FetchLimits {
  timeoutMs?: number;
  maxBytes?: number;
}

export type FetchOutcome =
  | { kind: 'page'; url: string; code: number; codeText: string; contentType: string; bytes: number; body: Buffer }
  | { kind: 'redirect'; url: string; code: number; codeText: string; redirectUrl: string };

const STATUS_TEXT: Record<number, string> = {
  200: 'OK', 201: 'Created', 203: 'Non-Authoritative Information', 204: 'No Content', 206: 'Partial Content',
  301: 'Moved Permanently', 302: 'Found', 303: 'See Other', 307: 'Temporary Redirect', 308: 'Permanent Redirect',
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 410: 'Gone', 429: 'Too Many Requests',
  500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};

/** Node's fetch leaves statusText empty over HTTP/2 and often elsewhere: the standard words instead. */
export function statusText(code: number, given?: string): string {
  return given?.trim() || STATUS_TEXT[code] || '';
}

const megabytes = (n: number) => `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;

async function readCapped(res: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  const tooBig = () => new Error(`The page is larger than ${megabytes(maxBytes)}, the most WebFetch reads.`);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooBig();
  }
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooBig();
    }
    parts.push(value);
  }
  return Buffer.concat(parts);
}

/** Fetches `url`; throws a plain-words Error on a timeout, a page too large, or no connection. */
export async function fetchPage(url: string, signal: AbortSignal, limits: FetchLimits = {}): Promise<FetchOutcome> {
  const timeoutMs = limits.timeoutMs ?? FETCH_TIMEOUT_MS;
  const maxBytes = limits.maxBytes ?? MAX_CONTENT_BYTES;
  const timer = new AbortController();
  const t = setTimeout(() => timer.abort(), timeoutMs);
  const both = AbortSignal.any([signal, timer.signal]);
  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      const res = await fetch(current, {
        redirect: 'manual',
        signal: both,
        headers: { accept: 'text/markdown, text/html, */*', 'user-agent': 'AgentDesk-WebFetch/1.0' },
      });
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel().catch(() => undefined);
        const next = new URL(location, current).toString();
        if (!isPermittedRedirect(current, next)) {
          return { kind: 'redirect', url: current, code: res.status, codeText: statusText(res.status, res.statusText), redirectUrl: next };
        }
        if (hop >= MAX_REDIRECTS) throw new Error(`Too many redirects (more than ${MAX_REDIRECTS}).`);
        current = next;
        continue;
      }
      if (res.status < 200 || res.status >= 300) {
        await res.body?.cancel().catch(() => undefined);
        // Claude Code's words for it (its HTTP client's), so the model reads the same thing.
        throw new Error(`Request failed with status code ${res.status}`);
      }
      const body = await readCapped(res, maxBytes);
      return {
        kind: 'page',
        url: current,
        code: res.status,
        codeText: statusText(res.status, res.statusText),
        contentType: res.headers.get('content-type') ?? '',
        bytes: body.byteLength,
        body,
      };
    }
  } catch (err) {
    if (signal.aborted) throw err;
    if (timer.signal.aborted) {
      const s = Math.round(timeoutMs / 100) / 10;
      throw new Error(`The page did not answer within ${s === 1 ? '1 second' : `${s} seconds`}.`, { cause: err });
    }
    if (err instanceof Error && /larger than|Too many redirects|Request failed with status/.test(err.message)) throw err;
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : err instanceof Error ? err.message : String(err);
    throw new Error(`Could not reach ${new URL(url).host}: ${cause}`, { cause: err });
  } finally {
    clearTimeout(t);
  }
}
