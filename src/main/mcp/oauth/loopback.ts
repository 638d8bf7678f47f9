// The sign-in's redirect (OAuth for native apps, RFC 8252 §7.3): a one-shot listener on 127.0.0.1 that
// takes the authorization code from GET /callback, only with the state the request was sent with, and
// tells the person in the browser tab that they can go back to Agent Desk. Anything else gets a 404.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as Http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

// node:http costs ~15 ms to load: a start that never signs in (a headless run) does not pay for it.
const loadHttp = () => createRequire(__filename)('node:http') as typeof Http;

export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`port ${port} on this computer is in use by another program`);
  }
}

export interface LoopbackRedirect {
  port: number;
  /** The authorization code, once the browser comes back; rejects on an error, a timeout or cancel. */
  code: Promise<string>;
  cancel(reason: string): void;
  close(): void;
}

export interface LoopbackOptions {
  /** 0: any free port. */
  port: number;
  serverName: string;
  /** The state the authorization request carried (read when the browser comes back). */
  expectedState: () => string | undefined;
  timeoutMs: number;
}

const durationWords = (ms: number) => (ms >= 60_000 ? `${Math.round(ms / 60_000)} minutes` : `${Math.round(ms / 1000)} seconds`);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, title: string, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
      '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:5rem auto;padding:0 1rem;color:#1f2328}h1{font-size:1.4rem}</style>' +
      `</head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`,
  );
}

export function listenForRedirect(opts: LoopbackOptions): Promise<LoopbackRedirect> {
  let settle: { resolve(code: string): void; reject(err: Error): void } | undefined;
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  code.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const server = loadHttp().createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== '/callback') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    const expected = opts.expectedState();
    if (!expected || url.searchParams.get('state') !== expected) {
      page(res, 400, 'This sign-in link is out of date', `Agent Desk is not waiting for this sign-in to ${opts.serverName}. Go back to Agent Desk and choose Sign in again.`);
      return;
    }
    const error = url.searchParams.get('error');
    const got = url.searchParams.get('code');
    if (error || !got) {
      const why = url.searchParams.get('error_description') ?? error ?? 'no authorization code came back';
      page(res, 400, `Signing in to ${opts.serverName} did not work`, `The sign-in page said: ${why}. Go back to Agent Desk and try again.`);
      finish(new Error(`the sign-in page said: ${why}`));
      return;
    }
    page(res, 200, `You are signed in to ${opts.serverName}`, 'You can close this tab and go back to Agent Desk.');
    finish(got);
  });
  function finish(outcome: string | Error): void {
    clearTimeout(timer);
    const s = settle;
    settle = undefined;
    if (typeof outcome === 'string') s?.resolve(outcome);
    else s?.reject(outcome);
    // Answers already sent still reach the browser; no further request is taken.
    server.close();
    server.closeIdleConnections?.();
  }
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? new PortInUseError(opts.port) : err));
    server.listen(opts.port, '127.0.0.1', () => {
      timer = setTimeout(() => finish(new Error(`the sign-in was not finished within ${durationWords(opts.timeoutMs)}`)), opts.timeoutMs);
      timer.unref();
      resolve({
        port: (server.address() as AddressInfo).port,
        code,
        cancel: (reason) => finish(new Error(reason)),
        close: () => finish(new Error('closed')),
      });
    });
  });
}
