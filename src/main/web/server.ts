// The web host: node:http serves the built renderer and upgrades /ws to the IPC WebSocket; every
// request must name this server (Host), carry the token, and WebSockets must come from our own origin.
import { realpath } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { EventPayload } from '../../shared/ipc/contract';
import { WS_PATH } from '../../shared/ipc/wire';
import type { EventBus } from '../app/ports';
import type { HandlerContext } from '../ipc/context';
import type { Logger } from '../base/log';
import type { Dispatcher } from '../ipc/dispatch';
import { createAccessPolicy, urlHost, type AccessPolicy } from './access';
import { startEventFanout } from './event-fanout';
import { createFrameHandler, sendFrame } from './frames';
import { createLogLimiter, DEFAULT_LOG_LIMIT, type LogLimit } from '../ipc/log-limit';
import { locateFile, resolveRequestPath, sendFile } from './static-files';

export interface WebServerOptions {
  dispatcher: Dispatcher;
  bus: EventBus;
  projectDir: string;
  staticDir: string;
  host: string;
  port: number;
  token: string;
  log: Logger;
  /** Start-up notices published before any client could listen; each new socket gets them as 'app:notice' events. */
  notices?: () => readonly EventPayload<'app:notice'>[];
  /** Log lines one connection may cause (its log:write frames, its malformed frames); default DEFAULT_LOG_LIMIT. */
  logLimit?: LogLimit;
  /** A socket closed: the core ends what that client alone owned (its terminals). */
  onClientClosed?: (clientId: string) => void;
}

export interface WebServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** `ws` refuses (closes 1009) frames above this; frames between MAX_FRAME_BYTES and this get a typed error instead. */
const HARD_MAX_PAYLOAD = 16 * 1024 * 1024;

export const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

const UNAUTHORIZED_TEXT = 'Unauthorized. Open the link printed by `agent-desk serve`, including its ?token=…\n';

/** What a browser without the token sees: how to get the link, in words a non-programmer follows (issue 12 item 5). */
export const UNAUTHORIZED_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Agent Desk needs its private link</title></head>
<body>
<main>
<h1>Agent Desk needs its private link</h1>
<p>Unauthorized: this address works only with the private link Agent Desk made when it started, so that nobody else on this network can use it.</p>
<h2>How to get the link</h2>
<ol>
<li>Go to the window where Agent Desk was started (the command <code>agent-desk serve</code>), on the computer that runs it.</li>
<li>Find the line that begins with <strong>Agent Desk is running at</strong>. It ends with <code>?token=</code> and a long code.</li>
<li>Open that whole line as the address in this browser. Copy all of it: the code is the key.</li>
</ol>
<p>If Agent Desk was started again since, its link changed: use the newest line. If someone else set it up for you, ask them for the link.</p>
</main>
</body></html>
`;

function securityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

function plain(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  for (const [k, v] of Object.entries(extra)) res.setHeader(k, v);
  res.end(text);
}

/** Refuse an upgrade before the WebSocket handshake: a plain HTTP answer, then the socket goes. */
function refuseUpgrade(socket: Duplex, status: number, reason: string, text: string): void {
  if (!socket.writable) return void socket.destroy();
  const body = Buffer.from(text, 'utf8');
  // Destroy once the answer is flushed (or after a grace period for a peer that never reads).
  const cut = setTimeout(() => socket.destroy(), 1000);
  cut.unref();
  socket.once('finish', () => {
    clearTimeout(cut);
    socket.destroy();
  });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${body.length}\r\n\r\n${body.toString('utf8')}`,
  );
}

function pathOf(url: string | undefined): string {
  const raw = url ?? '';
  const q = raw.indexOf('?');
  return q < 0 ? raw : raw.slice(0, q);
}

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const { dispatcher, bus, projectDir, host, token, log } = opts;
  if (!token) throw new Error('startWebServer: an access token is required');
  const staticRoot = await realpath(path.resolve(opts.staticDir)).catch(() => path.resolve(opts.staticDir));

  // The policy needs the real port, known only after listen(); requests cannot arrive before then.
  let access: AccessPolicy = createAccessPolicy({ token, host, port: opts.port });
  const sockets = new Set<WebSocket>();
  /** Which client each socket is, so an event meant for one client (its terminal's output) reaches only it. */
  const clientIds = new WeakMap<WebSocket, string>();
  let nextClient = 1;
  const wss = new WebSocketServer({ noServer: true, maxPayload: HARD_MAX_PAYLOAD });

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    securityHeaders(res);
    if (!access.hostAllowed(req.headers.host)) {
      log.warn(`web: refused request with Host ${JSON.stringify(req.headers.host ?? '')}`);
      return plain(res, 403, 'Forbidden: unexpected Host header.\n');
    }
    const auth = access.tokenOf(req);
    if (!auth) {
      // A browser gets the page that explains; scripts and curl keep the one line.
      if (!(req.headers.accept ?? '').includes('text/html')) return plain(res, 401, UNAUTHORIZED_TEXT);
      res.statusCode = 401;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      return void res.end(UNAUTHORIZED_PAGE);
    }
    if (auth.via === 'query') res.setHeader('Set-Cookie', access.cookie());
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed.\n', { Allow: 'GET, HEAD' });
    const rawPath = pathOf(req.url);
    if (rawPath === WS_PATH) return plain(res, 426, 'This endpoint speaks WebSocket.\n', { Upgrade: 'websocket' });
    const resolved = resolveRequestPath(rawPath);
    if (!resolved.ok) {
      log.debug(`web: ${resolved.status} for ${rawPath.slice(0, 200)}: ${resolved.reason}`);
      return plain(res, resolved.status, resolved.status === 400 ? 'Bad request.\n' : 'Not found.\n');
    }
    const file = await locateFile(staticRoot, resolved.rel);
    if (!file) {
      const missingIndex = resolved.rel === 'index.html';
      if (missingIndex) log.error(`web: ${path.join(staticRoot, 'index.html')} is missing; build the renderer first (npm run build)`);
      return plain(res, 404, missingIndex ? 'The app is not built (index.html missing).\n' : 'Not found.\n');
    }
    res.setHeader('Cache-Control', file.file.endsWith('.html') ? 'no-store' : 'no-cache');
    sendFile(res, file, req.method === 'HEAD', (err) => log.error(`web: reading ${file.file} failed`, err));
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', (err) => log.debug(`web: upgrade socket error: ${err.message}`));
    if (pathOf(req.url) !== WS_PATH) return refuseUpgrade(socket, 404, 'Not Found', 'Not found.\n');
    if (!access.hostAllowed(req.headers.host)) {
      log.warn(`web: refused WebSocket with Host ${JSON.stringify(req.headers.host ?? '')}`);
      return refuseUpgrade(socket, 403, 'Forbidden', 'Forbidden: unexpected Host header.\n');
    }
    if (!access.tokenOf(req)) {
      log.warn('web: refused WebSocket without a valid token');
      return refuseUpgrade(socket, 401, 'Unauthorized', UNAUTHORIZED_TEXT);
    }
    if (!access.originAllowed(req.headers.origin)) {
      log.warn(`web: refused WebSocket from origin ${JSON.stringify(req.headers.origin ?? '')}`);
      return refuseUpgrade(socket, 403, 'Forbidden', 'Forbidden: cross-origin WebSocket.\n');
    }
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws));
  }

  function onConnection(ws: WebSocket): void {
    const ctx: HandlerContext = { host: 'web', clientId: `ws-${nextClient++}`, projectDir };
    sockets.add(ws);
    clientIds.set(ws, ctx.clientId);
    log.info(`web: ${ctx.clientId} connected`);
    const limit = opts.logLimit ?? DEFAULT_LOG_LIMIT;
    const logLimiter = createLogLimiter(limit, (lines, bytes) =>
      log.warn(
        `web: … ${lines} log line(s) (${bytes} bytes) from ${ctx.clientId} dropped: more than ${limit.lines} lines or ${limit.bytes} bytes in ${limit.windowMs / 1000} s`,
      ),
    );
    ws.on('message', createFrameHandler({ ws, ctx, dispatcher, log, logLimiter }));
    ws.on('error', (err) => log.warn(`web: ${ctx.clientId} socket error: ${err.message}`));
    ws.on('close', (code) => {
      logLimiter.close();
      sockets.delete(ws);
      log.info(`web: ${ctx.clientId} disconnected (${code})`);
      opts.onClientClosed?.(ctx.clientId);
    });
    for (const payload of opts.notices?.() ?? []) sendFrame(ws, { kind: 'event', channel: 'app:notice', payload }, log);
  }

  const server = createServer((req, res) => {
    onRequest(req, res).catch((err: unknown) => {
      log.error('web: request handler failed', err);
      if (!res.headersSent) plain(res, 500, 'Internal error.\n');
      else res.destroy();
    });
  });
  server.on('upgrade', onUpgrade);
  server.on('clientError', (err, socket) => {
    log.debug(`web: client error: ${err.message}`);
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => log.error('web: server error', err));
  const port = (server.address() as AddressInfo).port;
  access = createAccessPolicy({ token, host, port });
  const unsubscribe = startEventFanout({ bus, projectDir, sockets: () => sockets, clientOf: (ws) => clientIds.get(ws), log });

  let closing: Promise<void> | null = null;
  return {
    url: `http://${urlHost(host)}:${port}/`,
    port,
    close() {
      closing ??= (async () => {
        unsubscribe();
        for (const ws of sockets) ws.close(1001, 'Agent Desk is shutting down');
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        // Sockets that do not finish the closing handshake promptly are cut.
        const cut = setTimeout(() => {
          for (const ws of sockets) ws.terminate();
        }, 1000);
        await new Promise<void>((resolve) => wss.close(() => resolve()));
        await closed;
        clearTimeout(cut);
      })();
      return closing;
    },
  };
}
