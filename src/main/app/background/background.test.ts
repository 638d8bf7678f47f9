// The background-task service below the hosts (issue 18 items 5–6, DK3): the local host's records and
// their failure cases, answers handed to a task as reply files, the watch that tells windows, the
// channels' limits (folders, modes, scope) and the saved tasks in Agent Desk's own settings.
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackgroundTaskSpec } from '../../../shared/background-tasks';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import { createLogger } from '../../base/log';
import type { HandlerContext } from '../../ipc/context';
import { createEventBus } from '../event-bus';
import type { EventChannel, EventPayload } from '../../../shared/ipc/contract';
import type { HostPort } from '../ports';
import { createBackgroundHandlers } from './handlers';
import { createHandlers } from '../handlers';
import type { SessionService } from '../ports';
import { createLocalTaskHost } from './local-host';
import { readRecord, takeReplies, writeApprovals, writeRecord, type TaskRecordFile } from './records';
import { readSavedTasks, saveTask } from './saved-tasks';
import { createBackgroundTasks } from './service';

const log = createLogger({ level: 'silent' });
let dataDir: string;
let projectDir: string;
beforeEach(() => {
  dataDir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-bg-data-')));
  projectDir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-bg-proj-')));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(projectDir, { recursive: true, force: true });
});

const spec = (over: Partial<BackgroundTaskSpec> = {}) => BackgroundTaskSpec.parse({ projectDir, prompt: 'check the deps', ...over });
/** A "worker" that starts and exits at once without running anything. */
const idleWorker = { command: process.execPath, args: ['-e', ''] };
const record = (over: Partial<TaskRecordFile> = {}): TaskRecordFile => ({
  version: 1, id: 'abc123def0', name: 'nightly', projectDir, prompt: 'p', mode: 'default', trustFolder: false, status: 'running',
  createdAt: Date.now(), worker: { pid: 999_999, startToken: 'x' }, sessionId: 's1', activity: 'Running npm test', turns: 2, usage: null, ...over,
});
const request = (requestId: string): PermissionRequestView => ({ requestId, sessionId: 's1', toolUseId: 't', toolName: 'Bash', input: { command: 'ls' }, message: 'ask', suggestions: [], destructive: false, createdAt: 5, origin: { kind: 'task', label: 'nightly' } });

describe('local task host', () => {
  it('refuses a folder that does not exist; names the task from its prompt; a worker that never comes up reads "failed"', async () => {
    const host = createLocalTaskHost({ dataDir, env: {}, log, worker: idleWorker, startTimeoutMs: 0, alive: () => false });
    await expect(host.start(spec({ projectDir: path.join(projectDir, 'nope') }))).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('There is no folder') });
    const t = await host.start(spec({ prompt: 'Update every dependency and run the tests, then report what broke' }));
    expect(t).toMatchObject({ status: 'starting', name: 'Update every dependency and run the…', projectDir, host: 'local' });
    const [listed] = await host.list();
    expect(listed).toMatchObject({ id: t.id, status: 'failed', outcome: expect.stringContaining('did not start') });
    expect((await readRecord(dataDir, t.id, log))!.status).toBe('failed');
  });

  it('a program that cannot be started fails the task at once, saying why', async () => {
    const host = createLocalTaskHost({ dataDir, env: {}, log, worker: { command: path.join(projectDir, 'no-such-program'), args: [] } });
    const t = await host.start(spec());
    expect(t).toMatchObject({ status: 'failed', outcome: expect.stringContaining('could not start') });
  });

  it('without a worker command it lists but cannot start', async () => {
    await expect(createLocalTaskHost({ dataDir, env: {}, log }).start(spec())).rejects.toMatchObject({ code: 'unsupported' });
  });

  it('a running task whose process died reads "failed"; one still alive shows its waiting requests as "needs approval"', async () => {
    await writeRecord(dataDir, record());
    await writeApprovals(dataDir, 'abc123def0', { requests: [request('r1')] });
    const living = createLocalTaskHost({ dataDir, env: { HOME: path.dirname(projectDir) }, log, alive: () => true });
    expect((await living.list())[0]).toMatchObject({ status: 'needs-approval', waiting: 1, activity: 'Running npm test', where: `~${path.sep}${path.basename(projectDir)}` });
    expect(await living.approvals()).toEqual([{ taskId: 'abc123def0', projectDir, request: request('r1') }]);
    const dead = createLocalTaskHost({ dataDir, env: {}, log, alive: () => false });
    expect((await dead.list())[0]).toMatchObject({ status: 'failed', waiting: 0, activity: null, outcome: 'The task’s process ended unexpectedly.' });
    expect(await dead.approvals()).toEqual([]);
    expect(await dead.stop('abc123def0')).toMatchObject({ outcome: 'ended' });
    expect(await dead.stop('zzzzzzzzzz')).toEqual({ outcome: 'not_found' });
  });

  it('an answer goes to the task as a reply file only while its request waits; the worker takes each once', async () => {
    await writeRecord(dataDir, record());
    await writeApprovals(dataDir, 'abc123def0', { requests: [request('r1')] });
    const host = createLocalTaskHost({ dataDir, env: {}, log, alive: () => true });
    expect(await host.reply('abc123def0', { requestId: 'gone', decision: 'allow_once' })).toBe(false);
    expect(await host.reply('abc123def0', { requestId: 'r1', decision: 'deny', feedback: 'not now' })).toBe(true);
    expect(await takeReplies(dataDir, 'abc123def0', log)).toEqual([{ requestId: 'r1', decision: 'deny', feedback: 'not now' }]);
    expect(await takeReplies(dataDir, 'abc123def0', log)).toEqual([]);
    // A broken reply file is dropped, not applied.
    writeFileSync(path.join(dataDir, 'background-tasks', 'abc123def0', 'replies', 'x.json'), '{"requestId": "r1", "decision": "allow_everything"}');
    expect(await takeReplies(dataDir, 'abc123def0', log)).toEqual([]);
  });
});

describe('the service: what windows are told', () => {
  it('publishes a task once per change to its project, and its requests as the inbox’s session events', async () => {
    await writeRecord(dataDir, record());
    const bus = createEventBus((e) => {
      throw e;
    });
    const seen: Array<{ channel: EventChannel; payload: EventPayload<EventChannel>; projectDir: string | null }> = [];
    bus.subscribe((channel, payload, scope) => seen.push({ channel, payload, projectDir: scope.projectDir }));
    const svc = createBackgroundTasks({ hosts: [createLocalTaskHost({ dataDir, env: {}, log, alive: () => true })], bus, log });
    const lists: number[] = [];
    svc.subscribe((tasks) => lists.push(tasks.length));
    await svc.refresh();
    await svc.refresh();
    // Its conversation is followed from now on: its windows show it running.
    expect(seen.map((s) => s.channel)).toEqual(['session:event', 'background:changed']);
    expect(seen[0]).toMatchObject({ payload: { type: 'status', sessionId: 's1', status: 'running' }, projectDir });
    expect(seen[1]!.projectDir).toBe(projectDir);
    await writeApprovals(dataDir, 'abc123def0', { requests: [request('r1')] });
    await svc.refresh();
    expect(seen.slice(2).map((s) => [s.channel, (s.payload as { type?: string }).type ?? (s.payload as { task: { status: string } }).task.status])).toEqual([
      ['background:changed', 'needs-approval'],
      ['session:event', 'permission_request'],
    ]);
    expect(await svc.pending(projectDir)).toEqual([request('r1')]);
    expect(await svc.pending(dataDir)).toEqual([]);
    expect(await svc.reply(dataDir, { requestId: 'r1', decision: 'allow_once' })).toBe(false);
    // It ended as the task says: here nobody answered in time, so a denial by the clock.
    await writeApprovals(dataDir, 'abc123def0', { requests: [request('r2')], settled: [{ requestId: 'r1', decision: 'deny', expired: true }] });
    await svc.refresh();
    expect(seen.filter((s) => (s.payload as { type?: string }).type === 'permission_resolved').map((s) => s.payload)).toEqual([
      { type: 'permission_resolved', sessionId: 's1', requestId: 'r1', decision: 'deny', expired: true },
    ]);
    await writeApprovals(dataDir, 'abc123def0', { requests: [request('r3')], settled: [{ requestId: 'r2', decision: 'allow_once' }] });
    await svc.refresh();
    // Allowed by a person; one the task never said anything of was withdrawn.
    await writeApprovals(dataDir, 'abc123def0', { requests: [] });
    await svc.refresh();
    expect(seen.filter((s) => (s.payload as { type?: string }).type === 'permission_resolved').map((s) => [(s.payload as { requestId: string }).requestId, (s.payload as { decision: string }).decision])).toEqual([
      ['r1', 'deny'],
      ['r2', 'allow_once'],
      ['r3', 'cancelled'],
    ]);
    expect(seen.at(-1)).toMatchObject({ projectDir });
    expect(lists).toEqual([1, 1, 1]);
    svc.dispose();
  });
});

describe('a running task’s conversation', () => {
  it('a window cannot send into it (or retry it) until the task ends', async () => {
    await writeRecord(dataDir, record());
    const bus = createEventBus(() => undefined);
    let alive = true;
    const svc = createBackgroundTasks({ hosts: [createLocalTaskHost({ dataDir, env: {}, log, alive: () => alive })], bus, log });
    const sent: string[] = [];
    const sessions = { send: async (_d: string, id: string) => void sent.push(id), retry: async () => undefined } as unknown as SessionService;
    const { invoke } = createHandlers({ sessions, auth: {} as never, host: {} as never, log, background: { background: svc, dataDir } });
    const ctx: HandlerContext = { host: 'web', clientId: 'c', projectDir };
    await expect(invoke['session:send']({ sessionId: 's1', text: 'hi' }, ctx)).rejects.toMatchObject({ code: 'busy', message: expect.stringContaining('A background task is still working') });
    await expect(invoke['session:retry']({ sessionId: 's1' }, ctx)).rejects.toMatchObject({ code: 'busy' });
    await invoke['session:send']({ sessionId: 'other', text: 'hi' }, ctx);
    alive = false;
    await invoke['session:send']({ sessionId: 's1', text: 'hi' }, ctx);
    expect(sent).toEqual(['other', 's1']);
  });

  it('a window opening it is shown the task’s work so far (never read into the window’s process); its Stop stops the task; once ended it opens as any conversation', async () => {
    await writeRecord(dataDir, record());
    const ev = (e: object) => JSON.stringify({ sessionId: 's1', ...e });
    writeFileSync(
      path.join(dataDir, 'background-tasks', 'abc123def0', 'events.jsonl'),
      [
        ev({ type: 'message', message: { id: 'u1', role: 'user', content: [{ type: 'text', text: 'check the deps' }], createdAt: 1 } }),
        ev({ type: 'assistant_start', messageId: 'a1', model: 'm' }),
        ev({ type: 'text_delta', messageId: 'a1', text: 'Looking at package.json' }),
      ].join('\n') + '\n',
    );
    await writeApprovals(dataDir, 'abc123def0', { requests: [request('r1')] });
    const svc = createBackgroundTasks({ hosts: [createLocalTaskHost({ dataDir, env: {}, log, alive: () => true, stopGraceMs: 0 })], bus: createEventBus(), log });
    const opened: string[] = [];
    const sessions = {
      open: async (_d: string, id: string) => (opened.push(id), { session: { id, projectDir, title: 't', createdAt: 1, updatedAt: 1, messageCount: 0 }, messages: [], status: 'idle' }),
      rename: async () => opened.push('renamed'),
    } as unknown as SessionService;
    const { invoke } = createHandlers({ sessions, auth: {} as never, host: {} as never, log, background: { background: svc, dataDir } });
    const ctx: HandlerContext = { host: 'web', clientId: 'c', projectDir };
    const live = await invoke['session:open']({ sessionId: 's1' }, ctx);
    expect(live).toMatchObject({ status: 'running', messages: [{ id: 'u1' }], drafts: [{ messageId: 'a1', text: 'Looking at package.json' }], pendingPermissions: [{ requestId: 'r1' }], session: { title: 'nightly' } });
    expect(opened).toEqual([]);
    // Another project's window does not see it as this task's.
    expect(await svc.openLive(dataDir, 's1')).toBeNull();
    await expect(invoke['session:rename']({ sessionId: 's1', title: 'x' }, ctx)).rejects.toMatchObject({ code: 'busy' });
    // Nothing the task changed is reverted under it.
    await expect(invoke['changes:revert']({ sessionId: 's1', paths: ['/p/a.txt'], overwriteLaterChanges: false }, ctx)).rejects.toMatchObject({ code: 'busy' });
    expect(opened).toEqual([]);
    // Stop in its window ends the task (here a process that does not answer: recorded as stopped).
    expect(await invoke['session:stop']({ sessionId: 's1' }, ctx)).toEqual({ stopped: true });
    expect((await readRecord(dataDir, 'abc123def0', log))!.status).toBe('stopped');
    await invoke['session:open']({ sessionId: 's1' }, ctx);
    expect(opened).toEqual(['s1']);
    svc.dispose();
  });
});

describe('background channels', () => {
  const hostPort = (recent: string[] = []): HostPort => ({ kind: 'desktop', version: '0', recentProjects: () => recent.map((dir) => ({ dir, name: path.basename(dir) })) });
  const make = (recent: string[] = []) => {
    const bus = createEventBus(() => undefined);
    const svc = createBackgroundTasks({ hosts: [createLocalTaskHost({ dataDir, env: {}, log, worker: idleWorker, alive: () => true })], bus, log });
    return createBackgroundHandlers({ background: svc, host: hostPort(recent), dataDir, log });
  };
  const web: HandlerContext = { host: 'web', clientId: 'c', projectDir: '' };

  it('a task starts only in a folder open in the app; never with bypassPermissions from a window', async () => {
    const h = make();
    const ctx = { ...web, projectDir };
    const other = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-bg-other-')));
    try {
      await expect(h['background:start']({ ...spec({ projectDir: other }) }, ctx)).rejects.toMatchObject({ code: 'forbidden' });
      await expect(h['background:start']({ ...spec(), mode: 'bypassPermissions' }, ctx)).rejects.toMatchObject({ code: 'forbidden' });
      const { task } = await h['background:start']({ ...spec(), mode: 'acceptEdits' }, ctx);
      expect(task).toMatchObject({ mode: 'acceptEdits', projectDir });
      // A desktop window may start in a recent folder; a browser tab only in its own.
      const desk = make([other]);
      const deskCtx: HandlerContext = { host: 'desktop', clientId: 'd', projectDir };
      expect((await desk['background:start'](spec({ projectDir: other }), deskCtx)).task.projectDir).toBe(other);
      expect((await desk['background:choices']({}, deskCtx)).projects.map((p) => p.dir)).toEqual([projectDir, other]);
      expect((await h['background:choices']({}, ctx)).projects.map((p) => p.dir)).toEqual([projectDir]);
      // Listing and stopping: a browser tab sees its own project's tasks only, even with `all`.
      expect((await h['background:list']({ all: true }, ctx)).tasks.map((t) => t.projectDir)).toEqual([projectDir]);
      expect((await desk['background:list']({ all: true }, deskCtx)).tasks).toHaveLength(2);
      const foreign = (await desk['background:list']({ all: true }, deskCtx)).tasks.find((t) => t.projectDir === other)!;
      await expect(h['background:stop']({ taskId: foreign.id }, ctx)).rejects.toMatchObject({ code: 'not_found' });
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('"save as" keeps the task in Agent Desk’s settings beside every other key; a broken settings file is not overwritten', async () => {
    writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ model: 'claude-x', savedTasks: [{ name: 'old', prompt: 'p' }, { name: 42 }] }));
    const h = make();
    const ctx = { ...web, projectDir };
    await h['background:start']({ ...spec({ prompt: 'update deps', budgetUsd: 3 }), saveAs: 'nightly deps' }, ctx);
    const saved = JSON.parse(readFileSync(path.join(dataDir, 'settings.json'), 'utf8'));
    expect(saved).toEqual({ model: 'claude-x', savedTasks: [{ name: 'old', prompt: 'p' }, { name: 'nightly deps', prompt: 'update deps', budgetUsd: 3 }] });
    expect((await h['background:choices']({}, ctx)).savedTasks.map((t) => t.name)).toEqual(['old', 'nightly deps']);
    writeFileSync(path.join(dataDir, 'settings.json'), '{ broken');
    await expect(saveTask(dataDir, { name: 'x', prompt: 'y' }, log)).rejects.toMatchObject({ message: expect.stringContaining('cannot be read') });
    expect(readFileSync(path.join(dataDir, 'settings.json'), 'utf8')).toBe('{ broken');
    expect(await readSavedTasks(dataDir, log)).toEqual([]);
  });

  it('a saved task is edited in its place (a new name replaces the old) and deleted; the rest of the settings stay; nothing skips permission checks from a window', async () => {
    writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ model: 'claude-x', savedTasks: [{ name: 'a', prompt: 'p' }, { name: 'b', prompt: 'q' }, { name: 'c', prompt: 'r' }] }));
    const h = make();
    const ctx = { ...web, projectDir };
    expect((await h['background:save-task']({ task: { name: 'b2', prompt: 'q, better', mode: 'plan' }, replaces: 'b' }, ctx)).savedTasks).toEqual([
      { name: 'a', prompt: 'p' },
      { name: 'b2', prompt: 'q, better', mode: 'plan' },
      { name: 'c', prompt: 'r' },
    ]);
    // Saved under a name another one has: that one is replaced, not doubled.
    expect((await h['background:save-task']({ task: { name: 'c', prompt: 'r2' }, replaces: 'a' }, ctx)).savedTasks.map((t) => [t.name, t.prompt])).toEqual([
      ['c', 'r2'],
      ['b2', 'q, better'],
    ]);
    expect((await h['background:delete-saved-task']({ name: 'b2' }, ctx)).savedTasks.map((t) => t.name)).toEqual(['c']);
    await expect(h['background:delete-saved-task']({ name: 'b2' }, ctx)).rejects.toMatchObject({ code: 'not_found', message: 'There is no saved task “b2”.' });
    await expect(h['background:save-task']({ task: { name: 'yolo', prompt: 'x', mode: 'bypassPermissions' } }, ctx)).rejects.toMatchObject({ code: 'forbidden' });
    expect(JSON.parse(readFileSync(path.join(dataDir, 'settings.json'), 'utf8'))).toEqual({ model: 'claude-x', savedTasks: [{ name: 'c', prompt: 'r2' }] });
  });
});
