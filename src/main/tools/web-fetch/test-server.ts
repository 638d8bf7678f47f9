// Test support: a local HTTP server on 127.0.0.1 with the pages WebFetch's tests need (a page, a
// same-site and a cross-host redirect, a 5 MB page, one that never answers). Not used by production code.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const PAGE_HTML = `<!doctype html><html><head><title>Release notes</title><style>body{color:red}</style>
<script>window.tracking = "SCRIPT-TEXT";</script></head><body>
<nav><a href="/">Home</a> <a href="/docs">NAV-LINK</a></nav>
<h1>Release 2.0</h1><p>The <strong>new</strong> build is <a href="https://example.com/dl">here</a>.</p>
<ul><li>Faster start</li><li>Fewer bugs</li></ul></body></html>`;

/** 5 MB of HTML: more than the model is given, less than the fetch limit. */
export const BIG_PAGE = `<html><body>${'<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod.</p>\n'.repeat(5 * 1024 * 1024 / 80)}</body></html>`;

export interface TestSite {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** Requests per path. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

export async function startTestSite(): Promise<TestSite> {
  const hits = new Map<string, number>();
  const sockets = new Set<Socket>();
  let port = 0;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    switch (path) {
      case '/page':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(PAGE_HTML);
      case '/notes.txt':
        res.writeHead(200, { 'content-type': 'text/plain' });
        return void res.end('plain notes');
      case '/same-site':
        res.writeHead(301, { location: '/page' });
        return void res.end();
      case '/elsewhere':
        // Another host name for this computer: a different host to WebFetch.
        res.writeHead(302, { location: `http://localhost:${port}/page` });
        return void res.end();
      case '/big':
        res.writeHead(200, { 'content-type': 'text/html' });
        return void res.end(BIG_PAGE);
      case '/picture.png':
        res.writeHead(200, { 'content-type': 'image/png' });
        return void res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      case '/slow':
        return; // never answers; close() ends the socket
      default:
        res.writeHead(404, { 'content-type': 'text/html' });
        return void res.end('<h1>Not here</h1>');
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}
