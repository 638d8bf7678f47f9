// Signing in to a remote MCP server with OAuth 2.1 + PKCE (issue 17 item 4, MC3) against a local
// authorization server: needs-auth until the person signs in, discovery, dynamic registration, the
// loopback redirect, the code exchanged with the verifier, tokens kept in a 0600 file and renewed before
// they run out; a renewal refused puts the server back to needs-auth with words; no token in a log line
// or in what the windows are sent.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/base/log';
import type { McpOAuthConfig } from '../../../src/main/mcp/config';
import { createMcpManager, type McpManager, type McpServerStatus } from '../../../src/main/mcp/manager';
import { createCredentialStore, createPrivateSecretFile } from '../../../src/main/mcp/oauth/credentials';
import { startOAuthServer, type OAuthTestServer } from './oauth-server';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const signal = () => new AbortController().signal;
const textOf = (r: { content?: unknown }) => ((r.content ?? []) as Array<{ text?: string }>).map((c) => c.text ?? '').join('');

interface Rig {
  server: OAuthTestServer;
  m: McpManager;
  file: string;
  logs: string[];
  /** Every list the windows were sent (mcp:changed carries list()). */
  sent: McpServerStatus[][];
  clock: { now: number };
  manager(): McpManager;
}

async function rig(opts: { oauth?: McpOAuthConfig; timeoutMs?: number } = {}): Promise<Rig> {
  const server = await startOAuthServer();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ad-oauth-'));
  const file = path.join(dir, 'data', 'mcp-credentials.json');
  const logs: string[] = [];
  const log = createLogger({ level: 'debug', write: (l) => logs.push(l) });
  const sent: McpServerStatus[][] = [];
  const clock = { now: Date.now() };
  const managers: McpManager[] = [];
  const manager = () => {
    const m = createMcpManager({
      projectDir: dir,
      log,
      load: async () => ({ servers: [{ name: 'secure', scope: 'dynamic', file: 'test', config: { type: 'http', url: server.url, headers: {}, ...(opts.oauth ? { oauth: opts.oauth } : {}) } }], warnings: [] }),
      credentials: createCredentialStore({ file: createPrivateSecretFile(file), log }),
      oauth: { now: () => clock.now, ...(opts.timeoutMs ? { signInTimeoutMs: opts.timeoutMs } : {}) },
    });
    m.subscribe(() => sent.push(m.list()));
    managers.push(m);
    return m;
  };
  cleanups.push(async () => {
    for (const m of managers) await m.close();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });
  return { server, m: manager(), file, logs, sent, clock, manager };
}

/** What the person does in the browser: open the page, which sends them back to the loopback redirect. */
async function finishInBrowser(url: string, state?: string): Promise<{ status: number; text: string }> {
  const page = await fetch(url, { redirect: 'manual' });
  expect(page.status).toBe(302);
  const back = new URL(page.headers.get('location')!);
  if (state !== undefined) back.searchParams.set('state', state);
  const res = await fetch(back);
  return { status: res.status, text: await res.text() };
}

function until(m: McpManager, state: McpServerStatus['state']): Promise<McpServerStatus> {
  return new Promise((resolve) => {
    const check = () => {
      const s = m.list()[0];
      if (s?.state === state) {
        off();
        resolve(s);
      }
    };
    const off = m.subscribe(check);
    check();
  });
}

async function signIn(r: Rig, m = r.m): Promise<void> {
  const started = await m.signIn('secure');
  if (typeof started === 'string' || !started.url) throw new Error(`no sign-in page: ${JSON.stringify(started)}`);
  const page = await finishInBrowser(started.url);
  expect(page.text).toContain('You are signed in to secure');
  await until(m, 'connected');
}

describe('MCP sign-in with OAuth 2.1 + PKCE (issue 17 item 4, MC3)', () => {
  it('needs-auth until the person signs in; discovery, registration, PKCE and the redirect connect it with its tools', async () => {
    const r = await rig();
    await r.m.ready();
    expect(r.m.list()[0]).toMatchObject({ state: 'needs-auth', signedIn: false, toolCount: 0 });
    expect(r.m.list()[0]!.lastError).toBeUndefined();
    // Nothing is registered before the person asks to sign in.
    expect(r.server.counts().registrations).toBe(0);
    expect(r.logs.join('\n')).toContain('MCP server secure needs you to sign in');

    const started = await r.m.signIn('secure');
    if (typeof started === 'string' || !started.url) throw new Error('no page');
    const page = new URL(started.url);
    expect(page.searchParams.get('code_challenge_method')).toBe('S256');
    expect(page.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(page.searchParams.get('state')).toBeTruthy();
    expect(page.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(page.searchParams.get('resource')).toBe(r.server.url);
    expect(r.m.list()[0]).toMatchObject({ state: 'pending', signInUrl: started.url });

    const back = await finishInBrowser(started.url);
    expect(back).toMatchObject({ status: 200 });
    expect(back.text).toContain('You can close this tab and go back to Agent Desk.');
    const connected = await until(r.m, 'connected');
    expect(connected).toMatchObject({ signedIn: true, toolCount: 1 });
    expect(connected.signInUrl).toBeUndefined();
    expect(r.m.tools().map((t) => t.tool.name)).toEqual(['whoami']);
    expect(textOf(await r.m.callTool('secure', 'whoami', {}, signal()))).toBe('signed in as ada');
    expect(r.server.counts()).toMatchObject({ registrations: 1, authorizations: 1, codeGrants: 1 });

    // States seen by the windows: needs-auth → pending → connected.
    const states = r.sent.map((l) => l[0]!.state).filter((s, i, all) => s !== all[i - 1]);
    expect(states.slice(states.indexOf('needs-auth'))).toEqual(['needs-auth', 'pending', 'connected']);
  });

  it('keeps the sign-in in a file only its owner may read; the next start connects without asking', async () => {
    const r = await rig();
    await r.m.ready();
    await signIn(r);
    expect((await stat(r.file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(r.file))).mode & 0o777).toBe(0o700);
    const again = r.manager();
    await again.ready();
    expect(again.list()[0]).toMatchObject({ state: 'connected', signedIn: true });
    expect(r.server.counts()).toMatchObject({ registrations: 1, authorizations: 1 });
  });

  it('renews the token shortly before it runs out, so no request is refused (refresh_token grant)', async () => {
    const r = await rig();
    await r.m.ready();
    await signIn(r);
    const refusedBefore = r.server.counts().unauthorized;
    r.clock.now += 3_590_000; // ten seconds before the hour is up
    expect(textOf(await r.m.callTool('secure', 'whoami', {}, signal()))).toBe('signed in as ada');
    expect(r.server.counts()).toMatchObject({ refreshGrants: 1, unauthorized: refusedBefore });
    // The renewed token is the one used from then on, and saved.
    expect(textOf(await r.m.callTool('secure', 'whoami', {}, signal()))).toBe('signed in as ada');
    expect(r.server.counts().refreshGrants).toBe(1);
    const saved = JSON.parse(await readFile(r.file, 'utf8')) as { servers: Record<string, { tokens: { tokens: { access_token: string } } }> };
    expect(Object.values(saved.servers)[0]!.tokens.tokens.access_token).toBe(r.server.issued().at(-2));
  });

  it('a token the server stopped taking is renewed on its 401 and the call goes through', async () => {
    const r = await rig();
    await r.m.ready();
    await signIn(r);
    r.server.revokeAccessTokens();
    expect(textOf(await r.m.callTool('secure', 'whoami', {}, signal()))).toBe('signed in as ada');
    expect(r.server.counts().refreshGrants).toBe(1);
    expect(r.m.list()[0]!.state).toBe('connected');
  });

  it('a renewal the server refuses puts the server back to needs-auth with words; signing in again works', async () => {
    const r = await rig();
    await r.m.ready();
    await signIn(r);
    r.server.revokeRefreshTokens();
    r.clock.now += 3_600_000;
    r.server.revokeAccessTokens();
    await expect(r.m.callTool('secure', 'whoami', {}, signal())).rejects.toThrow();
    const s = r.m.list()[0]!;
    expect(s).toMatchObject({ state: 'needs-auth', toolCount: 0 });
    expect(s.lastError).toBe('Your sign-in ran out and could not be renewed (the server would not renew it). Sign in again.');
    expect(r.server.counts().refusedRefreshes).toBe(1);
    expect(r.logs.join('\n')).toContain('MCP server secure: the sign-in could not be renewed');
    await signIn(r);
    expect(textOf(await r.m.callTool('secure', 'whoami', {}, signal()))).toBe('signed in as ada');
  });

  it('no token is ever in a log line or in what the windows are sent', async () => {
    const r = await rig();
    await r.m.ready();
    await signIn(r);
    r.clock.now += 3_590_000;
    await r.m.callTool('secure', 'whoami', {}, signal());
    r.server.revokeRefreshTokens();
    r.clock.now += 3_600_000;
    r.server.revokeAccessTokens();
    await r.m.callTool('secure', 'whoami', {}, signal()).catch(() => undefined);
    await r.m.signOut('secure');
    const tokens = r.server.issued();
    expect(tokens.length).toBeGreaterThanOrEqual(4);
    const logs = r.logs.join('\n');
    const sent = JSON.stringify(r.sent);
    expect(r.logs.length).toBeGreaterThan(3);
    for (const t of tokens) {
      expect(logs).not.toContain(t);
      expect(sent).not.toContain(t);
    }
  });

  it('Sign out forgets the saved sign-in and the server waits for a new one', async () => {
    const r = await rig();
    await r.m.ready();
    await signIn(r);
    expect(await r.m.signOut('secure')).toBe(true);
    expect(r.m.list()[0]).toMatchObject({ state: 'needs-auth', signedIn: false });
    expect(await readFile(r.file, 'utf8')).not.toContain('access_token');
    expect(await r.m.signOut('nobody')).toBe(false);
  });

  it('Cancel, a redirect with another state, and a sign-in left unfinished each end with words', async () => {
    const r = await rig({ timeoutMs: 1_500 });
    await r.m.ready();
    const first = await r.m.signIn('secure');
    if (typeof first === 'string' || !first.url) throw new Error('no page');
    // A redirect that does not carry the state sent is turned away; the sign-in keeps waiting.
    const forged = await finishInBrowser(first.url, 'forged');
    expect(forged.status).toBe(400);
    expect(forged.text).toContain('This sign-in link is out of date');
    expect(r.m.list()[0]!.state).toBe('pending');
    expect(r.m.cancelSignIn('secure')).toBe(true);
    const cancelled = await until(r.m, 'needs-auth');
    expect(cancelled.lastError).toBe('Signing in did not finish: the sign-in was cancelled.');
    expect(cancelled.signInUrl).toBeUndefined();

    await r.m.signIn('secure');
    const timedOut = await until(r.m, 'needs-auth');
    expect(timedOut.lastError).toBe('Signing in did not finish: the sign-in was not finished within 2 seconds.');
    expect(r.m.cancelSignIn('secure')).toBe(false);
  });

  it('oauth.callbackPort: the redirect is http://localhost:PORT/callback; a port in use is said plainly', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    const port = (blocker.address() as { port: number }).port;
    cleanups.push(() => new Promise((resolve) => blocker.close(() => resolve())));
    const r = await rig({ oauth: { callbackPort: port } });
    await r.m.ready();
    await expect(r.m.signIn('secure')).rejects.toThrow(`Could not start signing in to secure: port ${port} on this computer is in use by another program; this server's settings name it for signing in (oauth.callbackPort).`);
    expect(r.m.list()[0]!.state).toBe('needs-auth');
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
    const started = await r.m.signIn('secure');
    if (typeof started === 'string' || !started.url) throw new Error('no page');
    expect(new URL(started.url).searchParams.get('redirect_uri')).toBe(`http://localhost:${port}/callback`);
    await finishInBrowser(started.url);
    await until(r.m, 'connected');
  });

  it('signing in is offered only for servers reached over HTTP or SSE', async () => {
    const m = createMcpManager({
      projectDir: process.cwd(),
      log: createLogger({ level: 'silent' }),
      load: async () => ({ servers: [{ name: 'local', scope: 'dynamic', file: 't', config: { type: 'stdio', command: path.join(process.cwd(), 'no-such-program'), args: [], env: {} } }], warnings: [] }),
    });
    cleanups.push(() => m.close());
    await m.ready();
    expect(await m.signIn('local')).toBe('unsupported');
    expect(await m.signIn('nobody')).toBe('unknown');
    expect(m.list()[0]!.signedIn).toBeUndefined();
  });
});
