// Issue 15 item 4: the "Running programs" channels through the dispatcher — a client sees its own
// project's tasks only, details carry ports and output, stop ends the whole tree, keep is recorded,
// last time's leftovers are listed and cleaned up, and bad input is a typed error.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../base/log';
import type { HandlerContext } from '../ipc/context';
import { createDispatcher } from '../ipc/dispatch';
import { isProcessAlive, killTree } from '../process/kill-tree';
import { createInspector } from '../process/inspect/inspect';
import { processStartToken } from '../process/inspect/process-table';
import { createProcessKeeper, type ProcessKeeper } from '../tasks/process-keeper';
import { createInMemoryTaskRegistry, type TaskRegistry } from '../tasks/registry';
import { instanceRecordFile, listRecordFiles, readTaskRecords, taskRecordsDir } from '../tasks/task-records';
import { createHandlers } from './handlers';
import type { AuthService, HostPort, SessionService } from './ports';

const log = createLogger({ level: 'silent' });
const ctx: HandlerContext = { host: 'web', clientId: 'c', projectDir: '/p' };
let dir: string;
const started: ChildProcess[] = [];
const keepers: ProcessKeeper[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tasks-handlers-'));
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((c) => (c.pid ? killTree(c.pid, { graceMs: 500 }) : undefined)));
  // A record file still being written would make the folder's removal fail.
  await Promise.all(keepers.splice(0).map((k) => k.flush()));
  await rm(dir, { recursive: true, force: true });
});

// A dev server that starts a child of its own, and says its port and the child's pid in its output.
const SERVER = `
const kid = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
const s = require('node:http').createServer((q, r) => r.end()).listen(0, '127.0.0.1', () => console.log('\\x1b[32mready\\x1b[0m on', s.address().port, 'child', kid.pid));
`;

async function startServer(outputFile: string): Promise<{ pid: number; port: number; child: number }> {
  const fd = openSync(outputFile, 'a');
  const proc = spawn(process.execPath, ['-e', SERVER], { detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  started.push(proc);
  const { readFile } = await import('node:fs/promises');
  let m: RegExpExecArray | null = null;
  while (!m) {
    m = /on (\d+) child (\d+)/.exec(await readFile(outputFile, 'utf8'));
    if (!m) await new Promise((r) => setTimeout(r, 20));
  }
  return { pid: proc.pid!, port: Number(m[1]), child: Number(m[2]) };
}

async function setup(registry: TaskRegistry = createInMemoryTaskRegistry()) {
  const keeper = createProcessKeeper({ registry, dir: taskRecordsDir(dir), log });
  await keeper.start();
  keepers.push(keeper);
  const handlers = createHandlers({ sessions: {} as SessionService, auth: {} as AuthService, host: {} as HostPort, log, tasks: { registry, keeper, inspector: createInspector() } });
  return { registry, keeper, dispatcher: createDispatcher({ ...handlers, log }) };
}

function register(registry: TaskRegistry, id: string, pid: number, projectDir: string, outputFile: string) {
  registry.register({
    info: { id, kind: 'shell', sessionId: 's1', command: `node server ${id}`, description: 'Start the dev server', outputFile, pid, groupId: pid, startToken: processStartToken(pid)!, projectDir, status: 'running', startedAt: Date.now() },
    stop: () => killTree(pid, { graceMs: 500 }),
  });
}

// Elsewhere the skip is named, so a run on another system says what it did not check.
if (!(process.platform === 'linux')) it.skip(`not checked on ${process.platform}: the tasks channels' process details read Linux's /proc`, () => {});

describe.runIf(process.platform === 'linux')('tasks channels (issue 15 item 4)', () => {
  it('lists the project’s tasks only; details give processes, port and the output tail; stop ends the whole tree', async () => {
    const { registry, dispatcher } = await setup();
    const out = path.join(dir, 'a.output');
    const server = await startServer(out);
    register(registry, 'mine', server.pid, '/p', out);
    register(registry, 'theirs', server.pid, '/q', out);

    const plain = await dispatcher.invoke('tasks:list', {}, ctx);
    expect(plain).toEqual({ ok: true, value: { tasks: [expect.objectContaining({ id: 'mine', status: 'running', kept: false, description: 'Start the dev server' })] } });
    expect((plain as { value: { tasks: object[] } }).value.tasks[0]).not.toHaveProperty('activity');

    const detailed = await dispatcher.invoke('tasks:list', { details: true }, ctx);
    expect(detailed.ok).toBe(true);
    const [task] = (detailed as { value: { tasks: { activity: { ports: number[]; processes: { pid: number }[] }; outputTail: string }[] } }).value.tasks;
    expect(task!.activity.ports).toEqual([server.port]);
    expect(task!.activity.processes.map((p) => p.pid)).toEqual([server.pid, server.child]);
    expect(task!.outputTail).toContain('\x1b[32mready\x1b[0m on');

    expect(await dispatcher.invoke('tasks:stop', { taskId: 'mine' }, ctx)).toEqual({ ok: true, value: { stopped: true } });
    expect(isProcessAlive(server.pid)).toBe(false);
    expect(isProcessAlive(server.child)).toBe(false);
    const after = await dispatcher.invoke('tasks:list', { details: true }, ctx);
    expect(after).toMatchObject({ ok: true, value: { tasks: [{ id: 'mine', status: 'killed' }] } });
  });

  it('keep is recorded in the record file; another project’s or an unknown task is not found; bad input is invalid_input', async () => {
    const { registry, keeper, dispatcher } = await setup();
    const out = path.join(dir, 'b.output');
    const server = await startServer(out);
    register(registry, 'mine', server.pid, '/p', out);
    register(registry, 'theirs', server.pid, '/q', out);
    expect(await dispatcher.invoke('tasks:keep', { taskId: 'mine', kept: true }, ctx)).toEqual({ ok: true, value: { kept: true } });
    await keeper.flush();
    const [own] = await listRecordFiles(taskRecordsDir(dir));
    expect((await readTaskRecords(own!, log))!.programs.find((r) => r.taskId === 'mine')).toMatchObject({ kept: true, pid: server.pid });
    expect(await dispatcher.invoke('tasks:keep', { taskId: 'theirs', kept: true }, ctx)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await dispatcher.invoke('tasks:stop', { taskId: 'theirs' }, ctx)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await dispatcher.invoke('tasks:stop', { taskId: 'nope' }, ctx)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await dispatcher.invoke('tasks:stop', {}, ctx)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await dispatcher.invoke('tasks:keep', { taskId: 'mine', kept: 'yes' }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await dispatcher.invoke('tasks:clean-up', { action: 'burn' }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await dispatcher.invoke('tasks:list', {}, { ...ctx, projectDir: null })).toMatchObject({ ok: false, error: { code: 'no_project' } });
    expect(isProcessAlive(server.pid)).toBe(true);
  });

  it('last time’s leftovers are listed with their port and stopped by "Stop them"', async () => {
    const out = path.join(dir, 'c.output');
    const server = await startServer(out);
    const record = { taskId: 'old', pid: server.pid, groupId: server.pid, startToken: processStartToken(server.pid), command: 'npm run dev', projectDir: '/p', sessionId: 's0', kept: true, startedAt: 1 };
    const other = { ...record, taskId: 'elsewhere', projectDir: '/q' };
    // Written by an Agent Desk that has since closed (its pid is not running: pid 1 is init, never it).
    await mkdir(taskRecordsDir(dir), { recursive: true });
    await writeFile(instanceRecordFile(taskRecordsDir(dir), 1), JSON.stringify({ version: 1, owner: { pid: 1, startToken: 'not-init' }, programs: [record, other] }));
    const { dispatcher } = await setup();
    const listed = await dispatcher.invoke('tasks:leftovers', {}, ctx);
    expect(listed).toMatchObject({ ok: true, value: { leftovers: [{ id: 'old', command: 'npm run dev', kept: true, activity: { ports: [server.port] } }] } });
    expect((listed as { value: { leftovers: unknown[] } }).value.leftovers).toHaveLength(1);
    expect(await dispatcher.invoke('tasks:clean-up', { action: 'stop' }, ctx)).toEqual({ ok: true, value: { stopped: 1, left: 0 } });
    expect(isProcessAlive(server.pid)).toBe(false);
    expect(isProcessAlive(server.child)).toBe(false);
    expect(await dispatcher.invoke('tasks:leftovers', {}, ctx)).toEqual({ ok: true, value: { leftovers: [] } });
  });
});

describe('tasks channels without a process manager (issue 15 item 4)', () => {
  it('lists nothing and finds nothing to stop', async () => {
    const handlers = createHandlers({ sessions: {} as SessionService, auth: {} as AuthService, host: {} as HostPort, log });
    const dispatcher = createDispatcher({ ...handlers, log });
    expect(await dispatcher.invoke('tasks:list', {}, ctx)).toEqual({ ok: true, value: { tasks: [] } });
    expect(await dispatcher.invoke('tasks:stop', { taskId: 'x' }, ctx)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
