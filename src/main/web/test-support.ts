// Test fixtures for the web host: a real server on 127.0.0.1:0 over stub services and a temp static
// folder, plus small clients (raw HTTP, WebSocket with a frame inbox). Used by tests only.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect as netConnect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { IpcFailure } from '../../shared/ipc/errors';
import { TOKEN_PARAM, WS_PATH } from '../../shared/ipc/wire';
import type { SessionSummary } from '../../shared/transcript';
import { createEventBus } from '../app/event-bus';
import { createHandlers } from '../app/handlers';
import type { EventBus, SessionService } from '../app/ports';
import type { Logger } from '../base/log';
import { createDispatcher } from '../ipc/dispatch';
import { createWebHostPort } from './host-port';
import type { LogLimit } from '../ipc/log-limit';
import { startWebServer, type WebServer } from './server';

export const TEST_TOKEN = 'test-token-0123456789abcdefghijkl';

export interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  msg: string;
}

export function memoryLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (msg: string) => void lines.push({ level, msg });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** In-memory sessions: enough behaviour to see requests reach handlers and events flow back. */
export function stubSessions(bus: EventBus): SessionService & { sent: { projectDir: string; sessionId: string; text: string }[] } {
  const byProject = new Map<string, SessionSummary[]>();
  const sent: { projectDir: string; sessionId: string; text: string }[] = [];
  let n = 0;
  const find = (projectDir: string, id: string) => {
    const s = byProject.get(projectDir)?.find((x) => x.id === id);
    if (!s) throw new IpcFailure({ code: 'not_found', message: `No session ${id}` });
    return s;
  };
  return {
    sent,
    list: async (projectDir) => byProject.get(projectDir) ?? [],
    create: async (projectDir) => {
      const s: SessionSummary = { id: `s${++n}`, projectDir, title: 'New session', createdAt: 1, updatedAt: 1, messageCount: 0 };
      byProject.set(projectDir, [...(byProject.get(projectDir) ?? []), s]);
      return s;
    },
    open: async (projectDir, sessionId) => ({ session: find(projectDir, sessionId), messages: [], status: 'idle' }),
    send: async (projectDir, sessionId, text) => {
      find(projectDir, sessionId);
      sent.push({ projectDir, sessionId, text });
      bus.publish('session:event', { sessionId, type: 'status', status: 'running' }, { projectDir });
    },
    retry: async (projectDir, sessionId) => void find(projectDir, sessionId),
    stop: async () => false,
    replyPermission: async () => false,
  };
}

export interface TestServer {
  server: WebServer;
  bus: EventBus;
  log: ReturnType<typeof memoryLogger>;
  sessions: ReturnType<typeof stubSessions>;
  projectDir: string;
  staticDir: string;
  /** host:port as 127.0.0.1 names it. */
  authority: string;
  origin: string;
  wsUrl(token?: string | null): string;
  close(): Promise<void>;
}

export const INDEX_HTML = '<!doctype html><html><head><title>Agent Desk</title></head><body><div id="root"></div></body></html>';

export async function startTestServer(
  opts: { token?: string; host?: string; port?: number; configured?: boolean; notices?: { level: 'info' | 'warn' | 'error'; message: string }[]; logLimit?: LogLimit } = {},
): Promise<TestServer> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-web-'));
  const projectDir = path.join(root, 'project');
  const staticDir = path.join(root, 'static');
  await mkdir(projectDir);
  await mkdir(path.join(staticDir, 'assets'), { recursive: true });
  await writeFile(path.join(staticDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(staticDir, 'assets', 'app.js'), 'console.log("app");\n');
  await writeFile(path.join(staticDir, 'assets', 'style.css'), 'body { margin: 0 }\n');
  await writeFile(path.join(staticDir, 'assets', 'blob.unknownext'), 'x');
  // A secret beside the static folder: traversal tests try to reach it.
  await writeFile(path.join(root, 'secret.txt'), 'TOP SECRET');

  const log = memoryLogger();
  const bus = createEventBus((err) => log.error(`listener failed: ${String(err)}`));
  const sessions = stubSessions(bus);
  const auth = {
    status: () => ({ configured: opts.configured ?? true, source: opts.configured === false ? null : ('env:ANTHROPIC_API_KEY' as const), canStoreKey: false }),
    model: () => 'claude-test',
  };
  const handlers = createHandlers({ sessions, auth, host: createWebHostPort(), log });
  const dispatcher = createDispatcher({ ...handlers, log });
  const token = opts.token ?? TEST_TOKEN;
  const server = await startWebServer({
    dispatcher,
    bus,
    projectDir,
    staticDir,
    host: opts.host ?? '127.0.0.1',
    port: opts.port ?? 0,
    token,
    log,
    ...(opts.notices ? { notices: () => opts.notices! } : {}),
    ...(opts.logLimit ? { logLimit: opts.logLimit } : {}),
  });
  const authority = `127.0.0.1:${server.port}`;
  return {
    server,
    bus,
    log,
    sessions,
    projectDir,
    staticDir,
    authority,
    origin: `http://${authority}`,
    wsUrl: (t: string | null = token) => `ws://${authority}${WS_PATH}${t === null ? '' : `?${TOKEN_PARAM}=${encodeURIComponent(t)}`}`,
    async close() {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP request with full control of the target and headers (node:http does not rewrite paths). */
export function httpGet(port: number, target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: target, method, headers, setHost: !('Host' in headers) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A raw request line, for targets node:http refuses to send; answers with the status code. */
export function rawGet(port: number, target: string, extraHeaders = ''): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sock = netConnect(port, '127.0.0.1', () => {
      sock.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${extraHeaders}Connection: close\r\n\r\n`);
    });
    let text = '';
    sock.on('data', (d: Buffer) => (text += d.toString('latin1')));
    sock.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
    sock.on('error', reject);
  });
}

export type Inbox = {
  ws: WebSocket;
  frames: unknown[];
  /** The next frame matching the predicate (already received or yet to come). */
  next(pred?: (f: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Absence check: waits a moment and asserts nothing matching arrived. */
  none(pred: (f: Record<string, unknown>) => boolean, waitMs?: number): Promise<boolean>;
  closed: Promise<{ code: number; reason: string }>;
};

/** Open a WebSocket (resolves once open, rejects with the refusal) and collect every frame. */
export function openSocket(url: string, headers: { origin?: string; host?: string; cookie?: string } = {}): Promise<Inbox> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, {
      ...(headers.origin ? { origin: headers.origin } : {}),
      headers: { ...(headers.host ? { Host: headers.host } : {}), ...(headers.cookie ? { Cookie: headers.cookie } : {}) },
    });
    const frames: Record<string, unknown>[] = [];
    const waiters: { pred: (f: Record<string, unknown>) => boolean; resolve: (f: Record<string, unknown>) => void }[] = [];
    const taken = new Set<Record<string, unknown>>();
    ws.on('message', (data, isBinary) => {
      const f = JSON.parse(isBinary ? '{}' : String(data)) as Record<string, unknown>;
      frames.push(f);
      const w = waiters.findIndex((x) => x.pred(f));
      if (w >= 0) {
        taken.add(f);
        waiters.splice(w, 1)[0]!.resolve(f);
      }
    });
    const closed = new Promise<{ code: number; reason: string }>((res) => ws.on('close', (code, reason) => res({ code, reason: reason.toString() })));
    ws.on('unexpected-response', (_req, res) => {
      reject(new Error(`refused: ${res.statusCode}`));
      res.resume();
      ws.terminate();
    });
    ws.on('error', (err) => reject(err));
    ws.on('open', () =>
      resolve({
        ws,
        frames,
        closed,
        next(pred = () => true, timeoutMs = 5000) {
          const have = frames.find((f) => !taken.has(f) && pred(f));
          if (have) {
            taken.add(have);
            return Promise.resolve(have);
          }
          return new Promise((res, rej) => {
            const t = setTimeout(() => rej(new Error('timed out waiting for a frame')), timeoutMs);
            waiters.push({
              pred,
              resolve: (f) => {
                clearTimeout(t);
                res(f);
              },
            });
          });
        },
        async none(pred, waitMs = 150) {
          await new Promise((r) => setTimeout(r, waitMs));
          return !frames.some(pred);
        },
      }),
    );
  });
}
