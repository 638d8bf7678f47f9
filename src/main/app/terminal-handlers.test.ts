// The terminal channels through the core's dispatcher, as a host calls them (issue 15 item 5): a
// project's settings `env` never reaches the shell, and a window that goes away leaves no shell behind.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventPayload } from '../../shared/ipc/contract';
import { createLogger } from '../base/log';
import type { HandlerContext } from '../ipc/context';
import { isProcessAlive } from '../process/kill-tree';
import { createCore, type Core } from './core';
import type { HostPort } from './ports';

let home: string;
let projectDir: string;
let core: Core | null = null;
const host: HostPort = { kind: 'web', version: '9.9.9', recentProjects: () => [] };
const ctx = (clientId = 'ws-1'): HandlerContext => ({ host: 'web', clientId, projectDir });

beforeEach(async () => {
  home = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-desk-term-home-')));
  projectDir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-desk-term-proj-')));
  // Both settings files a folder or user could write ask for an env the shell must not get.
  await mkdir(path.join(projectDir, '.claude'));
  await writeFile(path.join(projectDir, '.claude', 'settings.json'), JSON.stringify({ env: { FROM_PROJECT: 'project-chose-this' } }));
  await mkdir(path.join(home, '.claude'));
  await writeFile(path.join(home, '.claude', 'settings.json'), JSON.stringify({ env: { FROM_USER_SETTINGS: 'settings-chose-this' } }));
});
afterEach(async () => {
  await core?.dispose();
  core = null;
  await rm(home, { recursive: true, force: true });
  await rm(projectDir, { recursive: true, force: true });
});

async function start(): Promise<{ core: Core; data: (id: string, clientId?: string) => string }> {
  const env = { PATH: process.env.PATH, HOME: home, SHELL: '/bin/bash', APP_OWN: 'app-has-this' };
  core = await createCore({ host, env, dataDir: path.join(home, 'data'), log: createLogger({ level: 'silent' }), folderTrust: 'all' });
  const seen: { clientId?: string; payload: EventPayload<'terminal:data'> }[] = [];
  core.bus.subscribe((channel, payload, scope) => {
    if (channel === 'terminal:data') seen.push({ ...(scope.clientId ? { clientId: scope.clientId } : {}), payload: payload as EventPayload<'terminal:data'> });
  });
  const data = (id: string, clientId = 'ws-1') =>
    seen
      .filter((s) => s.clientId === clientId && s.payload.terminalId === id)
      .map((s) => s.payload.data)
      .join('');
  return { core, data };
}

async function open(c: Core, clientId = 'ws-1'): Promise<string> {
  const r = await c.dispatcher.invoke('terminal:open', { cols: 80, rows: 24 }, ctx(clientId));
  if (!r.ok) throw new Error(r.error.message);
  return (r.value as { terminalId: string }).terminalId;
}

describe('terminal channels through the core (issue 15 item 5)', () => {
  it('the shell has the app’s environment; a settings file’s `env` does not reach it, even in a trusted folder', async () => {
    const { core: c, data } = await start();
    const id = await open(c);
    const typed = await c.dispatcher.invoke('terminal:input', { terminalId: id, data: 'echo "app=$APP_OWN project=[$FROM_PROJECT] user=[$FROM_USER_SETTINGS]"\r' }, ctx());
    expect(typed).toEqual({ ok: true, value: { accepted: true } });
    await vi.waitFor(() => expect(data(id)).toContain('app=app-has-this project=[] user=[]'), { timeout: 10_000 });
  });

  it('output goes only to the client that opened the terminal; another client cannot type into it', async () => {
    const { core: c, data } = await start();
    const id = await open(c, 'ws-1');
    expect(await c.dispatcher.invoke('terminal:input', { terminalId: id, data: 'echo hi\r' }, ctx('ws-2'))).toEqual({ ok: true, value: { accepted: false } });
    expect(await c.dispatcher.invoke('terminal:list', {}, ctx('ws-2'))).toEqual({ ok: true, value: { terminals: [] } });
    await c.dispatcher.invoke('terminal:input', { terminalId: id, data: 'echo only-for-one\r' }, ctx('ws-1'));
    await vi.waitFor(() => expect(data(id, 'ws-1')).toContain('only-for-one\r\n'), { timeout: 10_000 });
    expect(data(id, 'ws-2')).toBe('');
  });

  it('a client that goes away ends its shells (their pids are gone); another client’s stay', async () => {
    const { core: c, data } = await start();
    const ids = [await open(c, 'ws-1'), await open(c, 'ws-1')];
    const other = await open(c, 'ws-2');
    const listed = await c.dispatcher.invoke('terminal:list', {}, ctx('ws-1'));
    expect(listed.ok && (listed.value as { terminals: { title: string }[] }).terminals.map((t) => t.title)).toEqual(['Terminal 1', 'Terminal 2']);
    const pids: number[] = [];
    for (const id of ids) {
      await c.dispatcher.invoke('terminal:input', { terminalId: id, data: 'echo "shell-pid=$$"\r' }, ctx('ws-1'));
      await vi.waitFor(() => expect(data(id)).toMatch(/shell-pid=\d+/), { timeout: 10_000 });
      pids.push(Number(/shell-pid=(\d+)/.exec(data(id))![1]));
    }
    expect(pids.every(isProcessAlive)).toBe(true);
    await c.clientClosed!('ws-1');
    expect(pids.some(isProcessAlive)).toBe(false);
    expect(await c.dispatcher.invoke('terminal:list', {}, ctx('ws-1'))).toEqual({ ok: true, value: { terminals: [] } });
    const still = await c.dispatcher.invoke('terminal:list', {}, ctx('ws-2'));
    expect(still.ok && (still.value as { terminals: { terminalId: string }[] }).terminals.map((t) => t.terminalId)).toEqual([other]);
  });

  it('bad input is a typed error, never a crash', async () => {
    const { core: c } = await start();
    expect(await c.dispatcher.invoke('terminal:open', { cols: -3, rows: 24 }, ctx())).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await c.dispatcher.invoke('terminal:open', { cols: 80, rows: 24 }, { ...ctx(), projectDir: null })).toMatchObject({ ok: false, error: { code: 'no_project' } });
    expect(await c.dispatcher.invoke('terminal:close', { terminalId: 'term-404' }, ctx())).toEqual({ ok: true, value: { closed: false } });
    expect(await c.dispatcher.invoke('terminal:open', { cols: 80, rows: 24, taskId: 'task-404' }, ctx())).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
