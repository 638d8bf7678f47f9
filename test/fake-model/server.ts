// A scripted stand-in for the Anthropic Messages API on 127.0.0.1: real HTTP, real SSE, recorded requests.
// Unit, integration and e2e tests point ANTHROPIC_BASE_URL at it and queue the replies they expect.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { checkRequest } from './validate';

export type ScriptedBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id?: string; name: string; input: unknown }
  /** A search the API ran itself (web search): streamed like tool_use, but it ends no turn. */
  | { type: 'server_tool_use'; id?: string; name: string; input: unknown }
  /** The API's search results, sent whole in content_block_start; `content` may be an error object. */
  | { type: 'web_search_tool_result'; tool_use_id: string; content: unknown };
export type ScriptedReply =
  | {
      content: ScriptedBlock[];
      stop_reason?: string;
      usage?: { input_tokens: number; output_tokens: number };
      model?: string;
      /** Characters per text_delta / input_json_delta (default 8). */
      chunkSize?: number;
      /** Pause between SSE events, in ms. */
      delayMs?: number;
      /** Streaming waits before the first tool_use block until this settles: a test acts first, whatever the load. */
      holdBeforeTools?: Promise<unknown>;
      /** The stream breaks with this error event once `blocks` content blocks are complete (a reply cut mid-way). */
      failAfter?: { blocks: number; error: { type: string; message: string } };
    }
  | { error: { status: number; type: string; message: string }; headers?: Record<string, string> }
  | { streamError: { type: string; message: string }; afterText?: string }
  /** Streamed: message_start, then silence (or, `beforeHeaders`, not even the headers). Never finishes. */
  | { hang: true; beforeHeaders?: boolean }
  /** The connection is cut before any answer, as when the network is down: the client sees a connection error. */
  | { drop: true };
export type ReplySource = ScriptedReply | ((req: RecordedRequest) => ScriptedReply);

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: any;
  at: number;
}

export interface FakeModelServer {
  /** http://127.0.0.1:PORT, to use as ANTHROPIC_BASE_URL. */
  url: string;
  /** Messages requests (POST /v1/messages and anything unknown), in order. */
  requests: RecordedRequest[];
  /** Token-counting requests (POST /v1/messages/count_tokens), apart: they are no model calls. */
  countRequests: RecordedRequest[];
  /** Answer count_tokens (true, the default) or 404 it like a gateway without counting. */
  counting(on: boolean): void;
  push(...replies: ReplySource[]): void;
  /** Takes the queued replies nobody asked for, so a test can prove it used what it queued and leave none behind. */
  drain(): ReplySource[];
  /** Refuse requests whose messages count more tokens than this as too long (undefined: never). */
  refuseOver(tokens: number | undefined): void;
  waitForRequests(n: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  close(): Promise<void>;
}

export interface FakeModelOptions {
  replies?: ReplySource[];
  fallback?: (req: RecordedRequest) => ScriptedReply;
  port?: number;
  /** Reject malformed Messages requests with a 400 like the real API (default true). */
  strict?: boolean;
  /**
   * Refuse a request whose messages count more tokens than this (a quarter of their JSON, as the usage
   * it reports) with the API's own 400 "prompt is too long" (issue 20 item 2).
   */
  maxPromptTokens?: number;
  /** Answer /v1/messages/count_tokens (default true); false: 404, as a gateway without it. */
  countTokens?: boolean;
}

const NO_REPLY: ScriptedReply = { content: [{ type: 'text', text: '(fake model: no scripted reply)' }] };

let idCounter = 0;
const nextId = (prefix: string) => `${prefix}_fake${Date.now().toString(36)}${(++idCounter).toString(36).padStart(4, '0')}`;

function errorBody(type: string, message: string) {
  return { type: 'error', error: { type, message } };
}

function roughTokens(x: unknown): number {
  return Math.max(1, Math.ceil(JSON.stringify(x ?? '').length / 4));
}

/** A request's input as the API counts it: its system prompt, tools and messages (a quarter of their JSON). */
function inputTokens(body: any): number {
  return roughTokens({ system: body?.system, tools: body?.tools, messages: body?.messages });
}

function chunks(s: string, size: number): string[] {
  if (s.length === 0) return [''];
  const out: string[] = [];
  for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size));
  return out;
}

type Finished = { content: ScriptedBlock[]; stop_reason?: string; usage?: { input_tokens: number; output_tokens: number }; model?: string };

/** The complete Message object a reply stands for (also the non-stream response body). */
function finalMessage(reply: Finished, req: RecordedRequest) {
  const content = reply.content.map((b) => {
    if (b.type === 'text') return { type: 'text', text: b.text };
    if (b.type === 'web_search_tool_result') return { type: 'web_search_tool_result', tool_use_id: b.tool_use_id, content: b.content };
    return { type: b.type, id: b.id ?? nextId(b.type === 'tool_use' ? 'toolu' : 'srvtoolu'), name: b.name, input: b.input ?? {} };
  });
  const stop = reply.stop_reason ?? (content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
  return {
    id: nextId('msg'),
    type: 'message',
    role: 'assistant',
    model: reply.model ?? (typeof req.body?.model === 'string' ? req.body.model : 'fake-model'),
    content,
    stop_reason: stop,
    stop_sequence: null,
    usage: reply.usage ?? { input_tokens: inputTokens(req.body), output_tokens: roughTokens(content) },
  };
}

export async function startFakeModelServer(opts: FakeModelOptions = {}): Promise<FakeModelServer> {
  const queue: ReplySource[] = [...(opts.replies ?? [])];
  const requests: RecordedRequest[] = [];
  const countRequests: RecordedRequest[] = [];
  let counting = opts.countTokens ?? true;
  const waiters = new Set<() => void>();
  const sockets = new Set<Socket>();
  const timers = new Map<NodeJS.Timeout, () => void>();
  const strict = opts.strict ?? true;
  let closed = false;
  let maxPromptTokens = opts.maxPromptTokens;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0 || closed) return resolve();
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.set(t, resolve);
    });

  function nextReply(req: RecordedRequest): ScriptedReply {
    const source = queue.shift();
    if (source === undefined) return opts.fallback ? opts.fallback(req) : NO_REPLY;
    return typeof source === 'function' ? source(req) : source;
  }

  function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req'), ...headers });
    res.end(JSON.stringify(body));
  }

  async function streamReply(res: http.ServerResponse, reply: ScriptedReply, req: RecordedRequest) {
    if ('hang' in reply && reply.beforeHeaders) return; // close() or the client's abort ends the socket
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': nextId('req') });
    const gone = () => closed || res.destroyed || res.writableEnded;
    const delay = 'content' in reply ? (reply.delayMs ?? 0) : 0;
    const send = async (event: string, data: unknown) => {
      if (gone()) return false;
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      if (delay) await sleep(delay);
      return !gone();
    };

    if ('hang' in reply) {
      const msg = finalMessage({ content: [] }, req);
      await send('message_start', { type: 'message_start', message: { ...msg, stop_reason: null, usage: { ...msg.usage, output_tokens: 0 } } });
      return; // never finishes; close() or the client's abort ends the socket
    }
    if ('streamError' in reply) {
      const msg = finalMessage({ content: [] }, req);
      await send('message_start', { type: 'message_start', message: { ...msg, stop_reason: null } });
      if (reply.afterText) {
        await send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
        await send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: reply.afterText } });
      }
      await send('error', errorBody(reply.streamError.type, reply.streamError.message));
      res.end();
      return;
    }
    if ('error' in reply || 'drop' in reply) throw new Error('unreachable: error and drop replies are not streamed');

    const msg = finalMessage(reply, req);
    const size = Math.max(1, reply.chunkSize ?? 8);
    if (!(await send('message_start', { type: 'message_start', message: { ...msg, content: [], stop_reason: null, usage: { input_tokens: msg.usage.input_tokens, output_tokens: 1 } } }))) return;
    if (!(await send('ping', { type: 'ping' }))) return;
    for (const [index, block] of msg.content.entries()) {
      if (block.type === 'text') {
        if (!(await send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }))) return;
        for (const text of chunks(block.text ?? '', size)) {
          if (!(await send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text } }))) return;
        }
      } else if (block.type === 'web_search_tool_result') {
        if (!(await send('content_block_start', { type: 'content_block_start', index, content_block: block }))) return;
      } else {
        if (block.type === 'tool_use' && reply.holdBeforeTools) await reply.holdBeforeTools;
        if (!(await send('content_block_start', { type: 'content_block_start', index, content_block: { type: block.type, id: block.id, name: block.name, input: {} } }))) return;
        for (const partial_json of chunks(JSON.stringify(block.input), size)) {
          if (!(await send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } }))) return;
        }
      }
      if (!(await send('content_block_stop', { type: 'content_block_stop', index }))) return;
      if (reply.failAfter && index + 1 >= reply.failAfter.blocks) {
        await send('error', errorBody(reply.failAfter.error.type, reply.failAfter.error.message));
        res.end();
        return;
      }
    }
    if (!(await send('message_delta', { type: 'message_delta', delta: { stop_reason: msg.stop_reason, stop_sequence: null }, usage: { output_tokens: msg.usage.output_tokens } }))) return;
    await send('message_stop', { type: 'message_stop' });
    if (!gone()) res.end();
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    let body: any = raw;
    let badJson = false;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw);
      } catch {
        badJson = true;
      }
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const recorded: RecordedRequest = { method: req.method ?? 'GET', path, headers, body, at: Date.now() };
    const isCount = recorded.method === 'POST' && path === '/v1/messages/count_tokens';
    (isCount ? countRequests : requests).push(recorded);
    for (const w of [...waiters]) w();

    if (!headers['x-api-key'] && !/^Bearer\s+\S/i.test(headers['authorization'] ?? '')) {
      return sendJson(res, 401, errorBody('authentication_error', 'x-api-key header is required'));
    }
    if (isCount) {
      if (!counting) return sendJson(res, 404, errorBody('not_found_error', `Not found: POST ${path}`));
      if (badJson || typeof body !== 'object' || body === null || !Array.isArray(body.messages)) {
        return sendJson(res, 400, errorBody('invalid_request_error', 'messages: Field required'));
      }
      // The measure the replies' usage reports: system, tools and messages.
      return sendJson(res, 200, { input_tokens: inputTokens(body) });
    }
    if (recorded.method !== 'POST' || path !== '/v1/messages') {
      return sendJson(res, 404, errorBody('not_found_error', `Not found: ${recorded.method} ${path}`));
    }
    if (badJson || typeof body !== 'object' || body === null) {
      return sendJson(res, 400, errorBody('invalid_request_error', 'The request body is not valid JSON.'));
    }
    if (strict) {
      const problem = checkRequest(body);
      if (problem) return sendJson(res, 400, errorBody('invalid_request_error', problem));
    }
    if (maxPromptTokens !== undefined) {
      const tokens = roughTokens(body.messages);
      if (tokens > maxPromptTokens) return sendJson(res, 400, errorBody('invalid_request_error', `prompt is too long: ${tokens} tokens > ${maxPromptTokens} maximum`));
    }
    const reply = nextReply(recorded);
    if ('drop' in reply) return void res.socket?.destroy();
    if ('error' in reply) return sendJson(res, reply.error.status, errorBody(reply.error.type, reply.error.message), reply.headers);
    if (body.stream === true) return streamReply(res, reply, recorded);
    if ('hang' in reply) return; // a non-stream hang: headers never come
    if ('streamError' in reply) return sendJson(res, 500, errorBody(reply.streamError.type, reply.streamError.message));
    return sendJson(res, 200, finalMessage(reply, recorded));
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      handle(req, res, raw).catch((err) => {
        if (!res.headersSent) sendJson(res, 500, errorBody('api_error', `fake server failure: ${String(err)}`));
        else res.destroy();
      });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    countRequests,
    counting: (on) => void (counting = on),
    push: (...replies) => void queue.push(...replies),
    drain: () => queue.splice(0),
    refuseOver: (tokens) => void (maxPromptTokens = tokens),
    waitForRequests(n, timeoutMs = 5000) {
      if (requests.length >= n) return Promise.resolve(requests.slice(0, n));
      return new Promise((resolve, reject) => {
        const check = () => {
          if (requests.length < n) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(requests.slice(0, n));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`fake model: expected ${n} request(s) within ${timeoutMs} ms, got ${requests.length}`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const [t, wake] of timers) {
        clearTimeout(t);
        wake();
      }
      timers.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const s of sockets) s.destroy();
      });
    },
  };
}
