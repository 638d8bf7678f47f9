// The sign-in channels through the dispatcher, as a host calls them (issue 17 item 4): mcp:sign-in hands
// the desktop's browser the page and answers with it; the server connects once the browser comes back;
// mcp:sign-out forgets it; bad names are typed errors; no answer ever carries a token.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpHandlers } from '../../../src/main/app/mcp-handlers';
import { createLogger } from '../../../src/main/base/log';
import type { HandlerContext } from '../../../src/main/ipc/context';
import { createDispatcher, type InvokeHandlers, type SendHandlers } from '../../../src/main/ipc/dispatch';
import { createMcpHub, type McpHub } from '../../../src/main/mcp/hub';
import { defaultSecretFile } from '../../../src/main/mcp/oauth/credentials';
import type { McpServerInfo } from '../../../src/shared/mcp';
import { startOAuthServer, type OAuthTestServer } from './oauth-server';

const log = createLogger({ level: 'silent' });
let home: string;
let hub: McpHub | undefined;
let server: OAuthTestServer | undefined;
afterEach(async () => {
  await hub?.dispose();
  await server?.stop();
  await rm(home, { recursive: true, force: true });
});

async function setup(openExternal?: (url: string) => Promise<void>) {
  server = await startOAuthServer();
  home = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-mcp-oauth-ipc-'));
  const config = JSON.stringify({ mcpServers: { secure: { type: 'http', url: server.url }, local: { command: path.join(home, 'no-such-program') } } });
  hub = createMcpHub({ env: { HOME: home }, log, trusted: () => true, extraConfigs: [config], strict: true, credentials: defaultSecretFile(path.join(home, 'data')) });
  const answers: unknown[] = [];
  const handlers = createMcpHandlers({ mcp: hub, requireProject: (ctx) => ctx.projectDir!, host: openExternal ? { openExternal } : {}, log });
  const dispatcher = createDispatcher({ invoke: handlers as unknown as InvokeHandlers, send: {} as SendHandlers, log });
  const ctx: HandlerContext = { host: 'desktop', clientId: 'w-1', projectDir: home };
  const invoke = async (channel: string, payload: unknown) => {
    const r = await dispatcher.invoke(channel as never, payload, ctx);
    answers.push(r);
    return r;
  };
  const value = async <T = { servers: McpServerInfo[] }>(channel: string, payload: unknown): Promise<T> => {
    const r = await invoke(channel, payload);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    return r.value as T;
  };
  await value('mcp:list', {});
  await hub.forProject(home).ready();
  return { invoke, value, answers, srv: server };
}

const secure = (servers: McpServerInfo[]) => servers.find((s) => s.name === 'secure')!;

describe('MCP sign-in channels (issue 17 item 4)', () => {
  it('mcp:sign-in opens the page in the system browser (desktop); the server connects when the browser comes back', async () => {
    const opened: string[] = [];
    const { value, answers, srv } = await setup(async (url) => void opened.push(url));
    expect(secure((await value('mcp:list', {})).servers)).toMatchObject({ state: 'needs-auth', signedIn: false });
    const started = await value<{ servers: McpServerInfo[]; url?: string; opened: boolean }>('mcp:sign-in', { name: 'secure' });
    expect(started.opened).toBe(true);
    expect(opened).toEqual([started.url]);
    expect(secure(started.servers)).toMatchObject({ state: 'pending', signInUrl: started.url });

    // The browser follows the page back to the redirect.
    const page = await fetch(started.url!, { redirect: 'manual' });
    await fetch(page.headers.get('location')!);
    await expect.poll(async () => secure((await value('mcp:list', {})).servers).state).toBe('connected');
    expect(secure((await value('mcp:list', {})).servers)).toMatchObject({ signedIn: true, toolCount: 1 });

    expect(secure((await value('mcp:sign-out', { name: 'secure' })).servers)).toMatchObject({ state: 'needs-auth', signedIn: false });
    const all = JSON.stringify(answers);
    for (const t of srv.issued()) expect(all).not.toContain(t);
  });

  it('without a browser to open (the browser host), the page comes back to be shown; Cancel ends it', async () => {
    const { value } = await setup();
    const started = await value<{ servers: McpServerInfo[]; url?: string; opened: boolean }>('mcp:sign-in', { name: 'secure' });
    expect(started).toMatchObject({ opened: false, url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/authorize\?/) });
    await value('mcp:cancel-sign-in', { name: 'secure' });
    await expect.poll(async () => secure((await value('mcp:list', {})).servers)).toMatchObject({ state: 'needs-auth', lastError: 'Signing in did not finish: the sign-in was cancelled.' });
  });

  it('a browser that cannot be opened still answers with the page', async () => {
    const { value } = await setup(async () => Promise.reject(new Error('no browser')));
    const started = await value<{ url?: string; opened: boolean }>('mcp:sign-in', { name: 'secure' });
    expect(started.opened).toBe(false);
    expect(started.url).toContain('/authorize?');
  });

  it('unknown names, servers without sign-in and bad input are typed errors', async () => {
    const { invoke } = await setup();
    expect(await invoke('mcp:sign-in', { name: 'nobody' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await invoke('mcp:sign-in', { name: 'local' })).toMatchObject({ ok: false, error: { code: 'unsupported' } });
    expect(await invoke('mcp:sign-out', { name: 'local' })).toMatchObject({ ok: false, error: { code: 'unsupported' } });
    expect(await invoke('mcp:cancel-sign-in', { name: 'nobody' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await invoke('mcp:sign-in', { name: '' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await invoke('mcp:sign-in', { name: 'secure', token: 'x' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
