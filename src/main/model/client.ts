// Streams one Messages API request through @anthropic-ai/sdk (loaded on first use, retries off: we
// retry ourselves) and turns the raw SSE events into ModelStreamEvents; failures become ModelErrors.
// Every request is bounded in time (limits.ts): a silent body fails after the idle timeout
// (idle-watch.ts), the whole request after the request timeout; both are retryable network errors.
// It also counts a request's tokens (/v1/messages/count_tokens) where the endpoint has that.
import type { ContentBlock, Usage } from '../../shared/transcript';
import type { Logger } from '../base/log';
import { DEFAULT_BASE_URL, DEFAULT_MAX_TOKENS, credentialHint, type Credential } from './config';
import { ModelError } from './errors';
import { idleWatchingFetch, StreamStalledError } from './idle-watch';
import { DEFAULT_STREAM_LIMITS } from './limits';
import { classifyFailure, parseRetryAfter, type Failure } from './retry';
import type { ModelClient, ModelRequest, ModelStreamEvent, RawContentBlock } from './types';

type Sdk = typeof import('@anthropic-ai/sdk');
let sdkPromise: Promise<Sdk> | null = null;
/** The SDK costs ~100 ms to load: only the first request pays it, never `--version` or start-up. */
function loadSdk(): Promise<Sdk> {
  sdkPromise ??= import('@anthropic-ai/sdk');
  return sdkPromise;
}

export interface ClientOptions {
  credential: Credential;
  baseURL: string | null;
  log?: Logger;
  /** One request in all, headers and stream (default 10 minutes, AGENT_DESK_REQUEST_TIMEOUT_S). */
  timeoutMs?: number;
  /** Silence allowed in a reply's body before it is cut off (default 60 s, AGENT_DESK_STREAM_IDLE_TIMEOUT_S). */
  idleTimeoutMs?: number;
  /** The retry-after cap the retry policy applies, so the error says how long it waits. */
  maxRetryAfterMs?: number;
}

/** The raw stream events we read; the SDK's own types are far wider than what we use. */
type RawEvent =
  | { type: 'message_start'; message: { model: string; usage?: RawUsage } }
  | { type: 'content_block_start'; index: number; content_block: { type: string; text?: string; id?: string; name?: string; [k: string]: unknown } }
  | { type: 'content_block_delta'; index: number; delta: { type: string; text?: string; partial_json?: string } }
  | { type: 'content_block_stop'; index: number }
  | { type: 'message_delta'; delta: { stop_reason: string | null }; usage?: RawUsage }
  | { type: 'message_stop' };
type RawUsage = { input_tokens?: number | null; output_tokens?: number | null; cache_read_input_tokens?: number | null; cache_creation_input_tokens?: number | null };

/** Walk an error's cause chain for a Node/undici error code such as ECONNREFUSED. */
function causeCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 6 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.length > 0) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The innermost message of an error's cause chain (fetch hides the real reason there). */
function rootMessage(err: unknown): string | undefined {
  let e: unknown = err;
  let msg: string | undefined;
  for (let i = 0; i < 6 && e && typeof e === 'object'; i++) {
    const m = (e as { message?: unknown }).message;
    if (typeof m === 'string' && m) msg = m;
    e = (e as { cause?: unknown }).cause;
  }
  return msg;
}

/** Describe an SDK (or fetch) error as a plain Failure. */
export function failureOf(err: unknown, sdk: Sdk | null, signal?: AbortSignal): Failure {
  if (signal?.aborted) return { kind: 'abort' };
  const stalled = stallOf(err);
  if (stalled) return { kind: 'stalled', idleMs: stalled.idleMs };
  if (err instanceof ModelError) return err.code === 'aborted' ? { kind: 'abort' } : { kind: 'unknown', message: err.message };
  if (sdk) {
    if (err instanceof sdk.APIUserAbortError) return { kind: 'abort' };
    if (err instanceof sdk.APIConnectionTimeoutError) return { kind: 'connection', timeout: true };
    if (err instanceof sdk.APIConnectionError) {
      const code = causeCode(err);
      return { kind: 'connection', ...(code ? { code } : {}), message: rootMessage(err) ?? err.message };
    }
    if (err instanceof sdk.APIError) {
      const message = err.apiMessage ?? null;
      if (err.status === undefined) return { kind: 'stream', type: err.type, message };
      const retryAfterMs = err.headers ? parseRetryAfter((n) => err.headers?.get(n)) : undefined;
      return { kind: 'http', status: err.status, type: err.type, message, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
    }
  }
  if (err instanceof Error && err.name === 'AbortError') return { kind: 'abort' };
  const code = causeCode(err);
  if (code && /^(E[A-Z]+|UND_ERR_\w+)$/.test(code)) return { kind: 'connection', code };
  return { kind: 'unknown', message: err instanceof Error ? err.message : String(err) };
}

/** A StreamStalledError, directly or as the cause of what the SDK threw. */
function stallOf(err: unknown): StreamStalledError | undefined {
  let e: unknown = err;
  for (let i = 0; i < 6 && e && typeof e === 'object'; i++) {
    if (e instanceof StreamStalledError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function toUsage(u: RawUsage | undefined, prev: Usage): Usage {
  return {
    inputTokens: u?.input_tokens ?? prev.inputTokens,
    outputTokens: u?.output_tokens ?? prev.outputTokens,
    cacheReadTokens: u?.cache_read_input_tokens ?? prev.cacheReadTokens,
    cacheWriteTokens: u?.cache_creation_input_tokens ?? prev.cacheWriteTokens,
  };
}

export function createModelClient(opts: ClientOptions): ModelClient {
  const ctx = {
    baseURL: opts.baseURL ?? DEFAULT_BASE_URL,
    credentialHint: credentialHint(opts.credential),
    ...(opts.maxRetryAfterMs !== undefined ? { maxRetryAfterMs: opts.maxRetryAfterMs } : {}),
  };
  const timeoutMs = opts.timeoutMs ?? DEFAULT_STREAM_LIMITS.requestTimeoutMs;
  const idleTimeoutMs = opts.idleTimeoutMs ?? DEFAULT_STREAM_LIMITS.idleTimeoutMs;
  let client: InstanceType<Sdk['default']> | null = null;
  let sdk: Sdk | null = null;
  const log = opts.log;

  async function getClient() {
    if (client) return client;
    sdk = await loadSdk();
    const cred = opts.credential.kind === 'apiKey' ? { apiKey: opts.credential.value } : { authToken: opts.credential.value };
    client = new sdk.default({
      ...cred,
      baseURL: opts.baseURL ?? DEFAULT_BASE_URL,
      maxRetries: 0,
      // The SDK's own timeout covers only the wait for the headers; stream() bounds the whole request.
      timeout: timeoutMs,
      fetch: idleWatchingFetch(idleTimeoutMs),
      logger: {
        error: (m: string, ...r: unknown[]) => log?.debug(`anthropic-sdk: ${m}`, r.length ? r : undefined),
        warn: (m: string, ...r: unknown[]) => log?.warn(`anthropic-sdk: ${m}`, r.length ? r : undefined),
        info: (m: string) => log?.debug(`anthropic-sdk: ${m}`),
        debug: (m: string) => log?.debug(`anthropic-sdk: ${m}`),
      },
    });
    return client;
  }

  async function* stream(req: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamEvent> {
    if (signal.aborted) throw classifyFailure({ kind: 'abort' }, ctx);
    // The SDK gets our own signal: the caller's Stop, or the request's time bound running out.
    const request = new AbortController();
    let overtime = false;
    const onAbort = () => request.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const deadline = setTimeout(() => {
      overtime = true;
      request.abort();
    }, timeoutMs);
    deadline.unref?.();
    try {
      yield* streamOnce(req, signal, request.signal, () => overtime);
    } finally {
      clearTimeout(deadline);
      signal.removeEventListener('abort', onAbort);
    }
  }

  async function* streamOnce(req: ModelRequest, signal: AbortSignal, sdkSignal: AbortSignal, overtime: () => boolean): AsyncGenerator<ModelStreamEvent> {
    const fail = (err: unknown) => classifyFailure(overtime() && !signal.aborted ? { kind: 'deadline', timeoutMs } : failureOf(err, sdk, signal), ctx);
    let events: AsyncIterable<RawEvent>;
    try {
      const c = await getClient();
      const params = {
        model: req.model,
        max_tokens: req.maxTokens ?? DEFAULT_MAX_TOKENS,
        messages: req.messages,
        ...(req.system && req.system.length > 0 ? { system: req.system } : {}),
        ...(req.tools && req.tools.length > 0 ? { tools: req.tools } : {}),
        stream: true as const,
      };
      events = (await c.messages.create(params as Parameters<typeof c.messages.create>[0] & { stream: true }, { signal: sdkSignal })) as unknown as AsyncIterable<RawEvent>;
    } catch (err) {
      throw fail(err);
    }

    let model = req.model;
    let usage: Usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
    let stopReason: string | null = null;
    let finished = false;
    const blocks = new Map<number, ContentBlock>();
    const json = new Map<number, string>();
    // Server-tool blocks (web search) as sent: a tool's own request reads them, the conversation never does.
    const server = new Map<number, RawContentBlock>();
    try {
      for await (const ev of events) {
        switch (ev.type) {
          case 'message_start':
            model = ev.message.model || model;
            usage = toUsage(ev.message.usage, usage);
            yield { type: 'start', model };
            break;
          case 'content_block_start': {
            const b = ev.content_block;
            if (b.type === 'text') blocks.set(ev.index, { type: 'text', text: b.text ?? '' });
            else if (b.type === 'tool_use') {
              blocks.set(ev.index, { type: 'tool_use', id: b.id ?? '', name: b.name ?? '', input: {} });
              json.set(ev.index, '');
            }
            else {
              // A server_tool_use streams its input like tool_use; a web_search_tool_result arrives whole.
              server.set(ev.index, { ...b });
              if (b.type === 'server_tool_use') json.set(ev.index, '');
            }
            break;
          }
          case 'content_block_delta': {
            const block = blocks.get(ev.index);
            if (ev.delta.type === 'text_delta' && block?.type === 'text' && ev.delta.text) {
              block.text += ev.delta.text;
              yield { type: 'text', index: ev.index, text: ev.delta.text };
            } else if (ev.delta.type === 'input_json_delta' && json.has(ev.index)) {
              json.set(ev.index, json.get(ev.index) + (ev.delta.partial_json ?? ''));
            }
            break;
          }
          case 'content_block_stop': {
            const serverBlock = server.get(ev.index);
            if (serverBlock?.type === 'server_tool_use') {
              try {
                serverBlock.input = JSON.parse(json.get(ev.index) || '{}');
              } catch {
                serverBlock.input = {};
              }
            }
            const block = blocks.get(ev.index);
            if (block?.type === 'tool_use') {
              const raw = json.get(ev.index) ?? '';
              let inputError: string | undefined;
              try {
                block.input = raw.trim() === '' ? {} : JSON.parse(raw);
              } catch (e) {
                inputError = `The tool input is not valid JSON: ${(e as Error).message}`;
                block.input = {};
              }
              yield { type: 'tool_use', index: ev.index, block: { ...block }, ...(inputError ? { inputError } : {}) };
            }
            break;
          }
          case 'message_delta':
            stopReason = ev.delta.stop_reason ?? stopReason;
            usage = toUsage(ev.usage, usage);
            break;
          case 'message_stop':
            finished = true;
            break;
        }
      }
    } catch (err) {
      throw fail(err);
    }
    // The SDK ends iteration quietly when aborted, and a server may just close the socket.
    if (signal.aborted) throw classifyFailure({ kind: 'abort' }, ctx);
    if (overtime()) throw classifyFailure({ kind: 'deadline', timeoutMs }, ctx);
    if (!finished) throw classifyFailure({ kind: 'truncated' }, ctx);
    const content = [...blocks.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b);
    const raw = [...blocks.entries(), ...server.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b as RawContentBlock);
    yield { type: 'done', content, stopReason, usage, model, ...(server.size > 0 ? { raw } : {}) };
  }

  /** Set once the endpoint said it has no counting (a gateway without it): not asked again. */
  let countingMissing = false;

  async function countTokens(req: Omit<ModelRequest, 'maxTokens'>, signal: AbortSignal): Promise<number | null> {
    if (countingMissing || signal.aborted) return null;
    // A count is a guide, not worth a long wait: bounded on its own.
    const bound = AbortSignal.any([signal, AbortSignal.timeout(COUNT_TIMEOUT_MS)]);
    try {
      const c = await getClient();
      const params = {
        model: req.model,
        messages: req.messages,
        ...(req.system && req.system.length > 0 ? { system: req.system } : {}),
        ...(req.tools && req.tools.length > 0 ? { tools: req.tools } : {}),
      };
      const r = await c.messages.countTokens(params as Parameters<typeof c.messages.countTokens>[0], { signal: bound });
      return typeof r.input_tokens === 'number' && r.input_tokens >= 0 ? r.input_tokens : null;
    } catch (err) {
      const f = failureOf(err, sdk, signal);
      if (f.kind === 'http' && COUNTING_MISSING.has(f.status)) {
        countingMissing = true;
        log?.info(`model: ${ctx.baseURL} does not count tokens (HTTP ${f.status}); request sizes are estimated`);
      } else if (f.kind !== 'abort') log?.debug('model: counting tokens failed; the size is estimated', f);
      return null;
    }
  }

  return { stream, countTokens };
}

/** How long a token count may take before the estimate is used instead. */
const COUNT_TIMEOUT_MS = 10_000;
/** Answers of an endpoint that has no counting at all. */
const COUNTING_MISSING = new Set([404, 405, 501]);
