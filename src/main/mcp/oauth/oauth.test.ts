// The sign-in's small parts (issue 17 item 4): when a token is renewed, which redirect a sign-in uses,
// a saved-sign-ins file that is broken or cannot be written, the redirect listener's refusals.
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../base/log';
import { createCredentialStore, credentialKey, type SecretFile } from './credentials';
import { listenForRedirect } from './loopback';
import { dueForRenewal, redirectFor, registeredPort } from './provider';

const tokens = (refresh = true) => ({ access_token: 'a', token_type: 'Bearer', ...(refresh ? { refresh_token: 'r' } : {}) });

describe('dueForRenewal (issue 17 item 4)', () => {
  const hour = { tokens: tokens(), savedAt: 0, expiresAt: 3_600_000 };
  it.each([
    ['well before expiry', hour, 3_000_000, false],
    ['a minute before expiry', hour, 3_540_000, true],
    ['after expiry', hour, 4_000_000, true],
    ['a short-lived token at half its life', { tokens: tokens(), savedAt: 0, expiresAt: 10_000 }, 5_000, true],
    ['a short-lived token early on', { tokens: tokens(), savedAt: 0, expiresAt: 10_000 }, 4_000, false],
    ['no refresh token: nothing to renew with', { tokens: tokens(false), savedAt: 0, expiresAt: 1 }, 10, false],
    ['no expiry given', { tokens: tokens(), savedAt: 0 }, 1e12, false],
  ])('%s', (_name, t, now, due) => {
    expect(dueForRenewal(t, now)).toBe(due);
  });
});

describe('the sign-in redirect (RFC 8252 loopback; Claude Code oauth.callbackPort)', () => {
  it('is 127.0.0.1 on a free port, localhost on the configured port', () => {
    expect(redirectFor(5123, undefined)).toBe('http://127.0.0.1:5123/callback');
    expect(redirectFor(3118, { callbackPort: 3118 })).toBe('http://localhost:3118/callback');
  });
  it('reuses the port a registration names, only for a loopback redirect', () => {
    expect(registeredPort({ client_id: 'c', redirect_uris: ['http://127.0.0.1:4100/callback'] } as never)).toBe(4100);
    expect(registeredPort({ client_id: 'c', redirect_uris: ['https://example.com/cb'] } as never)).toBeUndefined();
    expect(registeredPort({ client_id: 'c' })).toBeUndefined();
    expect(registeredPort(undefined)).toBeUndefined();
  });
});

describe('createCredentialStore', () => {
  const logged = () => {
    const lines: string[] = [];
    return { lines, log: createLogger({ level: 'debug', write: (l) => lines.push(l) }) };
  };
  const key = credentialKey({ name: 's', url: 'https://x/mcp' });

  it('a broken file: servers ask for a sign-in again; the log names the file, never what it holds', async () => {
    const { lines, log } = logged();
    const file: SecretFile = { where: '/data/mcp-credentials.json', read: async () => '{"servers": {"s": "at_SECRET', write: async () => undefined };
    const store = createCredentialStore({ file, log });
    expect(await store.get(key)).toEqual({});
    expect(lines.join('\n')).toContain('MCP sign-ins in /data/mcp-credentials.json could not be read (it is not valid JSON)');
    expect(lines.join('\n')).not.toContain('SECRET');
  });

  it('a write that fails keeps the sign-in for this run and says so', async () => {
    const { lines, log } = logged();
    const file: SecretFile = { where: '/ro/x.json', read: async () => null, write: async () => Promise.reject(new Error('EROFS')) };
    const store = createCredentialStore({ file, log });
    await store.update(key, () => ({ tokens: { tokens: tokens(), savedAt: 1 } }));
    expect(store.peek(key)?.tokens?.tokens.access_token).toBe('a');
    expect(lines.join('\n')).toContain('MCP sign-ins could not be saved to /ro/x.json (EROFS); they last until Agent Desk quits.');
  });

  it('writes in order and forgets a server left with nothing', async () => {
    const writes: string[] = [];
    const store = createCredentialStore({ file: { where: 'm', read: async () => null, write: async (t) => void writes.push(t) }, log: logged().log });
    await Promise.all([store.update(key, () => ({ client: { client_id: 'one' } })), store.update(key, (c) => ({ ...c, tokens: { tokens: tokens(), savedAt: 2 } }))]);
    expect(JSON.parse(writes.at(-1)!).servers[key]).toMatchObject({ client: { client_id: 'one' }, tokens: { savedAt: 2 } });
    await store.update(key, () => ({}));
    expect(JSON.parse(writes.at(-1)!)).toEqual({ version: 1, servers: {} });
  });
});

describe('listenForRedirect', () => {
  it('answers only GET /callback with the expected state, and takes one code', async () => {
    const l = await listenForRedirect({ port: 0, serverName: 'Docs <b>', expectedState: () => 'st', timeoutMs: 60_000 });
    const base = `http://127.0.0.1:${l.port}`;
    expect((await fetch(`${base}/other?code=x&state=st`)).status).toBe(404);
    expect((await fetch(`${base}/callback?code=x&state=st`, { method: 'POST' })).status).toBe(404);
    const denied = await fetch(`${base}/callback?state=st&error=access_denied&error_description=The%20person%20said%20no`);
    expect(denied.status).toBe(400);
    const text = await denied.text();
    expect(text).toContain('Signing in to Docs &#60;b&#62; did not work');
    expect(text).toContain('The sign-in page said: The person said no.');
    await expect(l.code).rejects.toThrow('the sign-in page said: The person said no');
  });
});
