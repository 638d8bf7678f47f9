// The shared composition root through the dispatcher, as a host uses it (DK2 channels end to end).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../../../test/fake-model/server';
import { SessionEvent } from '../../shared/session-events';
import type { HandlerContext } from '../ipc/context';
import { createCore, type Core, type SecretStore } from './core';
import { createEventBus } from './event-bus';
import { createLogger } from '../base/log';
import type { HostPort } from './ports';

let server: FakeModelServer;
let dataDir: string;
let projectDir: string;
let core: Core | null = null;
const host: HostPort = { kind: 'desktop', version: '9.9.9', recentProjects: () => [] };
const log = createLogger({ level: 'silent' });

beforeEach(async () => {
  server = await startFakeModelServer();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-core-'));
  projectDir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-proj-'));
});
afterEach(async () => {
  await core?.dispose();
  core = null;
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(projectDir, { recursive: true, force: true });
});

const ctx = (): HandlerContext => ({ host: 'desktop', clientId: 'w1', projectDir });

function memorySecrets(initial: string | null = null): SecretStore & { saved: string[] } {
  let value = initial;
  const saved: string[] = [];
  return {
    saved,
    load: async () => value,
    save: async (k) => {
      value = k;
      saved.push(k);
    },
  };
}

describe('createCore', () => {
  it('DK2: app:init, session create/send/open through the dispatcher, with events on the bus', async () => {
    server.push({ content: [{ type: 'text', text: 'Hi from core' }] });
    core = await createCore({ host, env: { ANTHROPIC_API_KEY: 'sk-core-test', ANTHROPIC_BASE_URL: server.url }, dataDir, log });
    const events: SessionEvent[] = [];
    const idle = new Promise<void>((resolve) =>
      core!.bus.subscribe((channel, payload) => {
        if (channel !== 'session:event') return;
        events.push(payload as SessionEvent);
        if ((payload as SessionEvent).type === 'status' && (payload as { status: string }).status === 'idle') resolve();
      }),
    );
    const init = await core.dispatcher.invoke('app:init', {}, ctx());
    expect(init).toEqual({
      ok: true,
      value: expect.objectContaining({ host: 'desktop', version: '9.9.9', model: 'claude-sonnet-5', auth: { configured: true, source: 'env:ANTHROPIC_API_KEY', canStoreKey: false } }),
    });
    const created = await core.dispatcher.invoke('session:create', {}, ctx());
    expect(created.ok).toBe(true);
    const id = (created as { value: { session: { id: string } } }).value.session.id;
    expect(await core.dispatcher.invoke('session:send', { sessionId: id, text: 'hello' }, ctx())).toEqual({ ok: true, value: { accepted: true } });
    await idle;
    const opened = await core.dispatcher.invoke('session:open', { sessionId: id }, ctx());
    expect(opened.ok && (opened.value as { messages: unknown[] }).messages).toHaveLength(2);
    expect(events.some((e) => e.type === 'text_delta')).toBe(true);
    const list = await core.dispatcher.invoke('session:list', {}, ctx());
    expect(list.ok && (list.value as { sessions: { title: string }[] }).sessions.map((s) => s.title)).toEqual(['hello']);
    expect(await core.dispatcher.invoke('auth:set-api-key', { apiKey: 'sk-0123456789' }, ctx())).toMatchObject({ ok: false, error: { code: 'unsupported' } });
  });

  it('PL4e/DK2: a Bash ask as an event, answered by permission:reply; session:open and every event pass the contract', async () => {
    server.push({ content: [{ type: 'tool_use', id: 'toolu_core', name: 'Bash', input: { command: 'touch via-the-dispatcher && echo via the dispatcher' } }] }, { content: [{ type: 'text', text: 'ran it' }] });
    core = await createCore({ host, env: { ANTHROPIC_API_KEY: 'sk-core-test', ANTHROPIC_BASE_URL: server.url }, dataDir, log });
    const events: SessionEvent[] = [];
    let onRequest: (id: string) => void = () => undefined;
    const asked = new Promise<string>((resolve) => (onRequest = resolve));
    const idle = new Promise<void>((resolve) =>
      core!.bus.subscribe((channel, payload) => {
        if (channel !== 'session:event') return;
        const ev = payload as SessionEvent;
        events.push(ev);
        if (ev.type === 'permission_request') onRequest(ev.request.requestId);
        if (ev.type === 'status' && ev.status === 'idle') resolve();
      }),
    );
    const created = await core.dispatcher.invoke('session:create', {}, ctx());
    const id = (created as { value: { session: { id: string } } }).value.session.id;
    await core.dispatcher.invoke('session:send', { sessionId: id, text: 'run it' }, ctx());
    const requestId = await asked;

    const open = await core.dispatcher.invoke('session:open', { sessionId: id }, ctx());
    expect(open).toMatchObject({
      ok: true,
      value: { status: 'running', toolCalls: [{ id: 'toolu_core', state: 'awaiting_permission' }], pendingPermissions: [{ requestId, toolName: 'Bash' }], usage: { inputTokens: expect.any(Number) } },
    });
    expect(await core.dispatcher.invoke('permission:reply', { requestId: 'unknown', decision: 'deny' }, ctx())).toEqual({ ok: true, value: { accepted: false } });
    expect(await core.dispatcher.invoke('permission:reply', { requestId, decision: 'allow_once' }, ctx())).toEqual({ ok: true, value: { accepted: true } });
    await idle;
    expect(server.requests[1]!.body.messages.at(-1).content).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_core', content: 'via the dispatcher' }]);
    for (const ev of events) expect(SessionEvent.safeParse(ev).success, ev.type).toBe(true);
    expect(events.map((e) => e.type)).toContain('permission_resolved');
  });

  it('stores a key typed into the app and uses it for the next turn', async () => {
    const secrets = memorySecrets();
    core = await createCore({ host, env: { ANTHROPIC_BASE_URL: server.url }, dataDir, log, secrets });
    expect(core.auth.status()).toEqual({ configured: false, source: null, canStoreKey: true });
    const set = await core.dispatcher.invoke('auth:set-api-key', { apiKey: '  sk-typed-in-app-123  ' }, ctx());
    expect(set).toEqual({ ok: true, value: { configured: true, source: 'stored', canStoreKey: true } });
    expect(secrets.saved).toEqual(['sk-typed-in-app-123']);
    const s = await core.sessions.createSession(projectDir);
    expect((await s.start('hi').done).ok).toBe(true);
    const h = server.requests[0]!.headers;
    expect(h['authorization'] ?? h['x-api-key']).toContain('sk-typed-in-app-123');
  });

  it('loads a stored key at start-up', async () => {
    core = await createCore({ host, env: {}, dataDir, log, secrets: memorySecrets('sk-stored-before') });
    expect(core.auth.status().source).toBe('stored');
  });

  it('a broken settings file: defaults, a logged warning and an app:notice', async () => {
    await writeFile(path.join(dataDir, 'settings.json'), '{ broken');
    const bus = createEventBus();
    const notices: unknown[] = [];
    bus.subscribe((channel, payload) => channel === 'app:notice' && notices.push(payload));
    const lines: string[] = [];
    core = await createCore({ host, env: {}, dataDir, bus, log: createLogger({ level: 'warn', write: (l) => lines.push(l) }) });
    expect(notices).toEqual([{ level: 'warn', message: expect.stringMatching(/settings\.json is not valid JSON/) }]);
    expect(core.notices).toEqual(notices);
    expect(lines.some((l) => l.includes('not valid JSON'))).toBe(true);
    expect(core.auth.model()).toBe('claude-sonnet-5');
  });

  it('settings pick the model', async () => {
    await writeFile(path.join(dataDir, 'settings.json'), JSON.stringify({ model: 'claude-from-settings' }));
    core = await createCore({ host, env: {}, dataDir, log });
    expect(core.auth.model()).toBe('claude-from-settings');
    expect(core.notices).toEqual([]);
  });

  it('session channels without a project answer no_project', async () => {
    core = await createCore({ host, env: {}, dataDir, log });
    expect(await core.dispatcher.invoke('session:list', {}, { ...ctx(), projectDir: null })).toMatchObject({ ok: false, error: { code: 'no_project' } });
  });
});

describe('search backend notice (issue 11 item 7)', () => {
  it('says once, as a notice, when only the built-in search is available; a headless run only logs it', async () => {
    const { createEngine } = await import('./engine');
    const lines: string[] = [];
    const engine = await createEngine({ env: { AGENT_DESK_GREP_BACKEND: 'builtin', AGENT_DESK_HOME: dataDir }, dataDir, log });
    expect(engine.notices.filter((n) => n.message.includes('ripgrep (rg) is not installed'))).toHaveLength(1);
    await engine.dispose();
    const headless = await createEngine({
      env: { AGENT_DESK_GREP_BACKEND: 'builtin', AGENT_DESK_HOME: dataDir },
      dataDir,
      log: createLogger({ level: 'info', write: (l) => lines.push(l) }),
      tools: { headless: true },
    });
    expect(headless.notices.filter((n) => n.message.includes('ripgrep'))).toHaveLength(0);
    expect(lines.filter((l) => l.includes('ripgrep (rg) is not installed'))).toHaveLength(1);
    await headless.dispose();
    const withRg = await createEngine({ env: { PATH: process.env.PATH, AGENT_DESK_HOME: dataDir }, dataDir, log });
    expect(withRg.notices.filter((n) => n.message.includes('ripgrep'))).toHaveLength(0);
    await withRg.dispose();
  });
});
