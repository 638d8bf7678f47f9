// The web host's HTTP side on a real socket: token on every request (query or cookie), Host check,
// static files with content types and security headers, and traversal in every spelling refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '../../shared/ipc/wire';
import { CSP } from './server';
import { httpGet, INDEX_HTML, rawGet, startTestServer, TEST_TOKEN, type TestServer } from './test-support';

let t: TestServer;
let port: number;
const q = `?token=${TEST_TOKEN}`;
const cookie = { Cookie: `${TOKEN_COOKIE}=${TEST_TOKEN}` };

beforeAll(async () => {
  t = await startTestServer();
  port = t.server.port;
});
afterAll(async () => {
  await t.close();
});

describe('web host HTTP (DK5, issue item 4)', () => {
  it('binds 127.0.0.1 on an OS-chosen port and reports its URL', () => {
    expect(port).toBeGreaterThan(0);
    expect(t.server.url).toBe(`http://127.0.0.1:${port}/`);
  });

  it('answers 401 with a hint when the token is missing or wrong', async () => {
    for (const target of ['/', '/index.html', '/assets/app.js', '/?token=', '/?token=wrong', `/?token=${TEST_TOKEN}x`, `/?token=${TEST_TOKEN.slice(0, -1)}`]) {
      const res = await httpGet(port, target);
      expect(res.status, target).toBe(401);
      expect(res.body).toContain('agent-desk serve');
      expect(res.headers['set-cookie'], target).toBeUndefined();
    }
    const badCookie = await httpGet(port, '/', { Cookie: `${TOKEN_COOKIE}=nope` });
    expect(badCookie.status).toBe(401);
  });

  it('serves index.html for / with the token, security headers, and sets the token cookie', async () => {
    const res = await httpGet(port, `/${q}`);
    expect(res.status).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(CSP);
    expect(CSP).toContain("script-src 'self'");
    expect(CSP).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    const setCookie = res.headers['set-cookie']?.[0] ?? '';
    expect(setCookie).toContain(`${TOKEN_COOKIE}=${TEST_TOKEN}`);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
  });

  it('accepts the cookie instead of the query (asset requests)', async () => {
    const js = await httpGet(port, '/assets/app.js', cookie);
    expect(js.status).toBe(200);
    expect(js.body).toContain('console.log');
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['content-security-policy']).toBe(CSP);
    expect(js.headers['set-cookie']).toBeUndefined();
    const css = await httpGet(port, '/assets/style.css', cookie);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const other = await httpGet(port, '/assets/blob.unknownext', cookie);
    expect(other.headers['content-type']).toBe('application/octet-stream');
  });

  it('HEAD gives headers without a body; other methods get 405', async () => {
    const head = await httpGet(port, '/index.html', cookie, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(INDEX_HTML)));
    expect(head.body).toBe('');
    const post = await httpGet(port, '/', cookie, 'POST');
    expect(post.status).toBe(405);
  });

  it('404 for missing files; no SPA fallback except /', async () => {
    expect((await httpGet(port, '/nope.js', cookie)).status).toBe(404);
    expect((await httpGet(port, '/some/route', cookie)).status).toBe(404);
    expect((await httpGet(port, '/assets', cookie)).status).toBe(404); // a directory
    expect((await httpGet(port, '/assets/', cookie)).status).toBe(404);
    expect((await httpGet(port, '/.hidden', cookie)).status).toBe(404);
  });

  it('refuses traversal in every spelling (400/404) and never leaks a file outside the static folder', async () => {
    const attempts = [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/..%2Fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/..\\secret.txt',
      '/%252e%252e/secret.txt',
      '//etc/passwd',
      '/%2fetc%2fpasswd',
      '/etc/passwd',
      '/%00',
      '/index.html%00.js',
      '/%zz',
      '/C:/Windows/win.ini',
      'http://127.0.0.1/../secret.txt',
      '*',
    ];
    for (const target of attempts) {
      const res = await rawGet(port, target, `Cookie: ${TOKEN_COOKIE}=${TEST_TOKEN}\r\n`);
      expect([400, 404], `${target} → ${res.status}`).toContain(res.status);
      expect(res.text, target).not.toContain('TOP SECRET');
      expect(res.text, target).not.toContain('root:');
    }
    // The server is still fine afterwards.
    expect((await httpGet(port, '/', cookie)).status).toBe(200);
  });

  it('checks the Host header (DNS rebinding): loopback names with our port only', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      expect((await httpGet(port, '/', { ...cookie, Host: host })).status, host).toBe(200);
    }
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, '127.0.0.1', `127.0.0.1:${port}@evil`, '']) {
      const res = await httpGet(port, `/${q}`, { Host: host });
      expect(res.status, host).toBe(403);
      expect(res.headers['set-cookie'], host).toBeUndefined();
    }
  });

  it('a plain GET on the WebSocket path is told to upgrade', async () => {
    expect((await httpGet(port, '/ws', cookie)).status).toBe(426);
    expect((await httpGet(port, '/ws')).status).toBe(401);
  });
});
