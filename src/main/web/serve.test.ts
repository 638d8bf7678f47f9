// `agent-desk serve` end to end in-process: the one stdout line, the no-key hint, folder and token
// handling, graceful shutdown on a signal — and one run over the real core and the fake model server.
import { EventEmitter } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer } from '../../../test/fake-model/server';
import { createEventBus } from '../app/event-bus';
import { createLogger } from '../base/log';
import type { HostPort } from '../app/ports';
import type { Dispatcher } from '../ipc/dispatch';
import { defaultStaticDir, runServe, type ServeCore, type ServeDeps } from './serve';
import { httpGet, INDEX_HTML, openSocket } from './test-support';

const LINE = /^Agent Desk is running at http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_%.~-]+)$/;

let root: string;
let staticDir: string;
let projectDir: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-serve-'));
  staticDir = path.join(root, 'static');
  projectDir = path.join(root, 'proj');
  await mkdir(staticDir);
  await mkdir(projectDir);
  await writeFile(path.join(staticDir, 'index.html'), INDEX_HTML);
});
afterEach(async () => {
  process.exitCode = undefined;
  await rm(root, { recursive: true, force: true });
});

interface Harness {
  deps: ServeDeps;
  out: string[];
  err: string[];
  exits: number[];
  signals: EventEmitter;
  core: { hostSeen: HostPort | null; disposed: boolean };
}

function harness(over: { configured?: boolean; env?: NodeJS.ProcessEnv; createCore?: ServeDeps['createCore']; realCore?: boolean } = {}): Harness {
  const out: string[] = [];
  const err: string[] = [];
  const exits: number[] = [];
  const signals = new EventEmitter();
  const core = { hostSeen: null as HostPort | null, disposed: false };
  const dispatcher: Dispatcher = {
    invoke: async (channel) => ({ ok: true, value: { echoed: channel } }),
    send: () => null,
  };
  const stubCore = async (o: { host: HostPort }): Promise<ServeCore> => {
    core.hostSeen = o.host;
    return {
      dispatcher,
      bus: createEventBus(),
      auth: { status: () => ({ configured: over.configured ?? true, source: null, canStoreKey: false }) },
      dispose: async () => {
        core.disposed = true;
      },
    };
  };
  return {
    out,
    err,
    exits,
    signals,
    core,
    deps: {
      env: over.env ?? {},
      cwd: projectDir,
      stdout: (l) => out.push(l),
      stderr: (l) => err.push(l),
      exit: (c) => exits.push(c),
      signals,
      staticDir,
      log: createLogger({ level: 'silent' }),
      ...(over.realCore ? {} : { createCore: over.createCore ?? stubCore }),
    },
  };
}

async function until<T>(f: () => T | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = f();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('runServe', () => {
  it('prints exactly one line with the URL, serves with that token, and closes gracefully on SIGINT (exit 0)', async () => {
    const h = harness({ configured: false });
    const done = runServe({ dir: projectDir, port: 0 }, h.deps);
    const line = await until(() => h.out[0]);
    expect(h.out).toHaveLength(1);
    const m = LINE.exec(line);
    expect(m, line).not.toBeNull();
    const port = Number(m![1]);
    const token = decodeURIComponent(m![2]!);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(h.core.hostSeen).toMatchObject({ kind: 'web', recentProjects: expect.any(Function) });
    expect(h.core.hostSeen?.chooseProject).toBeUndefined();
    expect(h.core.hostSeen?.openProject).toBeUndefined();
    expect(h.err.some((l) => l.startsWith('No API key yet: enter one on the app'))).toBe(true);

    expect((await httpGet(port, `/?token=${m![2]}`)).body).toBe(INDEX_HTML);
    expect((await httpGet(port, '/')).status).toBe(401);
    const s = await openSocket(`ws://127.0.0.1:${port}/ws?token=${m![2]}`, { origin: `http://127.0.0.1:${port}` });

    h.signals.emit('SIGINT', 'SIGINT');
    await done;
    expect(h.exits).toEqual([0]);
    expect(h.core.disposed).toBe(true);
    expect((await s.closed).code).toBe(1001);
    await expect(httpGet(port, '/')).rejects.toThrow(/ECONNREFUSED/);
    expect(h.signals.listenerCount('SIGINT')).toBe(0);
    expect(h.signals.listenerCount('SIGTERM')).toBe(0);
  });

  it('SIGTERM works too; no hint when a key is configured; token from --token wins over the env', async () => {
    const h = harness({ env: { AGENT_DESK_TOKEN: 'from-env-0123456789' } });
    const done = runServe({ dir: projectDir, token: 'from-flag-0123456789' }, h.deps);
    const m = LINE.exec(await until(() => h.out[0]));
    expect(m?.[2]).toBe('from-flag-0123456789');
    expect(h.err.some((l) => l.startsWith('No API key'))).toBe(false);
    h.signals.emit('SIGTERM', 'SIGTERM');
    await done;
    expect(h.exits).toEqual([0]);
  });

  it('takes the token from AGENT_DESK_TOKEN and DIR relative to the cwd (default: the cwd)', async () => {
    const h = harness({ env: { AGENT_DESK_TOKEN: 'from-env-0123456789' } });
    const done = runServe({ dir: '' }, h.deps);
    const m = LINE.exec(await until(() => h.out[0]));
    expect(m?.[2]).toBe('from-env-0123456789');
    h.signals.emit('SIGINT', 'SIGINT');
    await done;
  });

  it('a missing folder or a file: one error line, exit code 1, nothing started', async () => {
    for (const dir of [path.join(root, 'nope'), path.join(staticDir, 'index.html')]) {
      const h = harness();
      await runServe({ dir }, h.deps);
      expect(h.out).toEqual([]);
      expect(h.err).toHaveLength(1);
      expect(h.err[0]).toMatch(/^agent-desk serve: (no such directory|not a directory): /);
      expect(process.exitCode).toBe(1);
      expect(h.core.hostSeen).toBeNull();
      process.exitCode = undefined;
    }
  });

  it('a port in use: one error line, exit code 1, the core disposed', async () => {
    const first = harness();
    const running = runServe({ dir: projectDir }, first.deps);
    const port = Number(LINE.exec(await until(() => first.out[0]))![1]);
    const h = harness();
    await runServe({ dir: projectDir, port }, h.deps);
    expect(h.err).toEqual([`agent-desk serve: port ${port} on 127.0.0.1 is already in use`]);
    expect(process.exitCode).toBe(1);
    expect(h.core.disposed).toBe(true);
    first.signals.emit('SIGINT', 'SIGINT');
    await running;
  });

  it('an invalid port or a failing core: one error line, exit code 1', async () => {
    const h = harness();
    await runServe({ dir: projectDir, port: 70000 }, h.deps);
    expect(h.err).toEqual(['agent-desk serve: invalid port: 70000']);
    const h2 = harness({
      createCore: async () => {
        throw new Error('settings unreadable');
      },
    });
    await runServe({ dir: projectDir }, h2.deps);
    expect(h2.err).toEqual(['agent-desk serve: could not start: settings unreadable']);
    expect(process.exitCode).toBe(1);
  });
});

describe('runServe over the real core and the fake model', () => {
  it('DK2: a browser-like client creates a session, sends a message and receives the streamed reply', async () => {
    const model = await startFakeModelServer({ replies: [{ content: [{ type: 'text', text: 'Hello from the fake model' }] }] });
    const h = harness({
      env: { ANTHROPIC_API_KEY: 'sk-ant-test-key', ANTHROPIC_BASE_URL: model.url, AGENT_DESK_HOME: path.join(root, 'home') },
      realCore: true,
    });
    const done = runServe({ dir: projectDir }, h.deps);
    try {
      const m = LINE.exec(await until(() => h.out[0]));
      expect(m).not.toBeNull();
      expect(h.err.some((l) => l.startsWith('No API key'))).toBe(false);
      const port = Number(m![1]);
      const s = await openSocket(`ws://127.0.0.1:${port}/ws?token=${m![2]}`, { origin: `http://localhost:${port}` });
      const result = (id: number) => (f: Record<string, unknown>) => f.kind === 'result' && f.id === id;

      s.ws.send(JSON.stringify({ kind: 'invoke', id: 1, channel: 'app:init', payload: {} }));
      const init = await s.next(result(1));
      expect(init).toMatchObject({ ok: true, value: { host: 'web', auth: { configured: true, canStoreKey: true }, project: { name: 'proj' } } });

      s.ws.send(JSON.stringify({ kind: 'invoke', id: 2, channel: 'auth:set-api-key', payload: { apiKey: 'sk-ant-0123456789' } }));
      // Kept on the host, private to its user (issue 12 item 5); the answer says "configured", never the key.
      const saved = await s.next(result(2));
      expect(saved).toMatchObject({ ok: true, value: { configured: true, canStoreKey: true } });
      expect(JSON.stringify(saved)).not.toContain('sk-ant-0123456789');
      const keyFile = path.join(root, 'home', 'api-key.json');
      expect(JSON.parse(readFileSync(keyFile, 'utf8'))).toEqual({ apiKey: 'sk-ant-0123456789' });
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);

      s.ws.send(JSON.stringify({ kind: 'invoke', id: 3, channel: 'session:create', payload: {} }));
      const sessionId = ((await s.next(result(3))).value as { session: { id: string } }).session.id;
      s.ws.send(JSON.stringify({ kind: 'invoke', id: 4, channel: 'session:send', payload: { sessionId, text: 'hi there' } }));
      expect(await s.next(result(4))).toMatchObject({ ok: true, value: { accepted: true } });

      const isEv = (type: string) => (f: Record<string, unknown>) =>
        f.kind === 'event' && f.channel === 'session:event' && (f.payload as { type?: string }).type === type;
      await s.next((f) => isEv('status')(f) && (f.payload as { status: string }).status === 'idle', 10_000);
      const texts = s.frames
        .filter((f) => isEv('text_delta')(f as Record<string, unknown>))
        .map((f) => ((f as { payload: { text: string } }).payload.text))
        .join('');
      expect(texts).toBe('Hello from the fake model');
      expect(model.requests).toHaveLength(1);
      expect(JSON.stringify(model.requests[0]!.body)).toContain('hi there');

      s.ws.send(JSON.stringify({ kind: 'invoke', id: 5, channel: 'session:open', payload: { sessionId } }));
      const opened = await s.next(result(5));
      expect((opened.value as { messages: unknown[] }).messages).toHaveLength(2);
    } finally {
      h.signals.emit('SIGINT', 'SIGINT');
      await done;
      await model.close();
    }
    expect(h.exits).toEqual([0]);
  });
});

describe('defaultStaticDir', () => {
  it('finds out/renderer from out/main (entry) and from out/main/chunks (code-split chunk); the env overrides', async () => {
    const out = path.join(root, 'out');
    await mkdir(path.join(out, 'main', 'chunks'), { recursive: true });
    await mkdir(path.join(out, 'renderer'));
    await writeFile(path.join(out, 'renderer', 'index.html'), INDEX_HTML);
    expect(defaultStaticDir({}, path.join(out, 'main'))).toBe(path.join(out, 'renderer'));
    expect(defaultStaticDir({}, path.join(out, 'main', 'chunks'))).toBe(path.join(out, 'renderer'));
    expect(defaultStaticDir({ AGENT_DESK_STATIC_DIR: staticDir }, path.join(out, 'main'))).toBe(staticDir);
  });
});
