// Issue 18 items 5–6 (DK3) with the built CLI as real processes against the fake model: `agent-desk task
// start` returns at once and a detached worker runs the task with no window; its request waits in the
// approval inbox a window of that project reads (permission:pending, with the task's origin), is
// answerable there, and turns into a denial when nobody answers; `task list` and `task stop` work from
// other processes; a bad folder, an unknown id and an ended task get clear errors.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../fake-model/server';
import { cleanEnv, cliBundle, type CliBundle } from '../spawn-bundle';
import type { BackgroundTaskView } from '../../src/shared/background-tasks';
import type { SessionEvent } from '../../src/shared/session-events';
import { createLocalTaskHost } from '../../src/main/app/background/local-host';
import { createBackgroundTasks } from '../../src/main/app/background/service';
import { createEventBus } from '../../src/main/app/event-bus';
import { createHandlers } from '../../src/main/app/handlers';
import type { AuthService, HostPort, SessionService } from '../../src/main/app/ports';
import { createLogger } from '../../src/main/base/log';
import { resultFor } from './harness';

let bundle: CliBundle;
let server: FakeModelServer;
let dataDir: string;
let projectDir: string;
let home: string;
const log = createLogger({ level: 'silent' });

beforeAll(async () => {
  bundle = cliBundle('task-cli');
  server = await startFakeModelServer();
}, 200_000);
afterAll(async () => {
  await server?.close();
  bundle?.dispose();
});

const tmp = (prefix: string) => realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
let started: string[] = [];
function setup(): void {
  dataDir = tmp('agent-desk-task-data-');
  home = tmp('agent-desk-task-home-');
  projectDir = path.join(home, 'proj');
  mkdirSync(projectDir);
  started = [];
}
afterEach(async () => {
  // No worker outlives its test.
  for (const id of started) await cli(['task', 'stop', id]);
  for (const dir of [dataDir, home]) rmSync(dir, { recursive: true, force: true });
  // Each test uses exactly the replies it queued: a leftover would answer the next test's task.
  expect(server.drain()).toEqual([]);
});

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...cleanEnv(),
    ANTHROPIC_API_KEY: 'sk-task-test-123',
    ANTHROPIC_BASE_URL: server.url,
    AGENT_DESK_HOME: dataDir,
    AGENT_DESK_RETRY_BASE_MS: '1',
    HOME: home,
    AGENT_DESK_MANAGED_SETTINGS: path.join(home, 'managed-settings.json'),
    ...extra,
  };
}

function cli(args: string[], extra: Record<string, string> = {}, input?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle.entry, ...args], { cwd: projectDir, env: env(extra), stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    if (input !== undefined) child.stdin!.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function startTask(args: string[], extra: Record<string, string> = {}): Promise<BackgroundTaskView> {
  const r = await cli(['task', 'start', '--json', ...args], extra);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const task = JSON.parse(r.stdout) as BackgroundTaskView;
  started.push(task.id);
  return task;
}

async function list(): Promise<BackgroundTaskView[]> {
  const r = await cli(['task', 'list', '--json']);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as BackgroundTaskView[];
}

async function until<T>(what: string, get: () => Promise<T> | T, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v).slice(0, 600)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** What a window of the project sees: the handlers over a service reading the same data folder. */
function windowOfProject() {
  const bus = createEventBus((err) => {
    throw err;
  });
  const events: SessionEvent[] = [];
  bus.subscribe((channel, payload, scope) => {
    if (channel === 'session:event' && scope.projectDir === projectDir) events.push(payload as SessionEvent);
  });
  const background = createBackgroundTasks({ hosts: [createLocalTaskHost({ dataDir, env: { HOME: home }, log })], bus, log });
  const sessions = { replyPermission: async () => false, pendingPermissions: async () => [] } as unknown as SessionService;
  const { invoke } = createHandlers({ sessions, auth: {} as AuthService, host: { recentProjects: () => [] } as unknown as HostPort, log, background: { background, dataDir } });
  const ctx = { host: 'web' as const, clientId: 'w1', projectDir };
  return { background, events, invoke, ctx };
}

describe('agent-desk task (issue 18 items 5–6, DK3)', () => {
  it('runs with no window; its approval waits in the project inbox with its origin; nobody answers → a denial, never an allow', async () => {
    setup();
    server.push(
      { content: [{ type: 'tool_use', id: 'toolu_bg', name: 'Bash', input: { command: 'touch made-by-task' } }] },
      { content: [{ type: 'text', text: 'Could not run it: it needs your approval.' }] },
    );
    const before = server.requests.length;
    const t0 = Date.now();
    const r = await cli(['task', 'start', '--cwd', projectDir, '--name', 'nightly deps', 'run the nightly check'], { AGENT_DESK_TASK_APPROVAL_TIMEOUT_S: '3' });
    expect(r.code).toBe(0);
    const id = /Started background task ([a-z0-9]+) “nightly deps” in ~\/proj\./.exec(r.stdout)?.[1];
    expect(id, r.stdout).toBeTruthy();
    started.push(id!);
    expect(r.stdout).toContain('a request nobody answers within 3 seconds is denied');
    // The command returned at once; the task goes on in its own process.
    expect(Date.now() - t0).toBeLessThan(2_500);

    const w = windowOfProject();
    const pending = await until('the task to ask', () => w.invoke['permission:pending']({}, w.ctx), (p) => p.requests.length === 1);
    const req = pending.requests[0]!;
    expect(req.origin).toEqual({ kind: 'task', label: 'nightly deps', where: `~${path.sep}proj` });
    expect(req.toolName).toBe('Bash');
    expect(req.expiresAt! - req.createdAt!).toBe(3_000);
    // The watch tells the project's windows, as a conversation's request would be told.
    await w.background.refresh();
    expect(w.events).toContainEqual(expect.objectContaining({ type: 'permission_request', request: expect.objectContaining({ requestId: req.requestId }) }));
    // Another project's window sees nothing of it.
    expect((await w.invoke['permission:pending']({}, { ...w.ctx, projectDir: home })).requests).toEqual([]);
    const waiting = (await list()).find((t) => t.id === id)!;
    expect(waiting).toMatchObject({ status: 'needs-approval', waiting: 1, name: 'nightly deps', projectDir });
    expect(waiting.activity).toMatch(/^Waiting for your approval/);

    const done = await until('the task to end', list, (ts) => ts.find((t) => t.id === id)?.status === 'done');
    const task = done.find((t) => t.id === id)!;
    expect(task.outcome).toContain('it needs your approval');
    expect(task.turns).toBe(2);
    expect(task.usage?.outputTokens).toBeGreaterThan(0);
    const answer = server.requests.slice(before).find((q) => resultFor(q.body, 'toolu_bg'))!;
    expect(resultFor(answer.body, 'toolu_bg')).toMatchObject({ is_error: true, content: expect.stringContaining('nobody answered the request within 3 seconds') });
    expect(existsSync(path.join(projectDir, 'made-by-task'))).toBe(false);
    expect((await w.invoke['permission:pending']({}, w.ctx)).requests).toEqual([]);
    await w.background.refresh();
    // Reported as what happened (issue 18 item 6): denied because nobody answered in time.
    expect(w.events.find((e) => e.type === 'permission_resolved')).toMatchObject({ type: 'permission_resolved', requestId: req.requestId, decision: 'deny', expired: true });
    w.background.dispose();
  }, 60_000);

  it('the prompt may come on stdin (`-`, or none with piped input); an empty one is refused', async () => {
    setup();
    server.push({ content: [{ type: 'text', text: 'Read it from the pipe.' }] }, { content: [{ type: 'text', text: 'Again from the pipe.' }] });
    const before = server.requests.length;
    const r = await cli(['task', 'start', '--json', '--cwd', projectDir, '-'], {}, 'Summarise the README\nin two lines.\n');
    expect(r.stderr).toBe('');
    const task = JSON.parse(r.stdout) as BackgroundTaskView;
    started.push(task.id);
    expect(task).toMatchObject({ prompt: 'Summarise the README\nin two lines.', name: 'Summarise the README' });
    const r2 = await cli(['task', 'start', '--json', '--cwd', projectDir], {}, 'Count the files.');
    const second = JSON.parse(r2.stdout) as BackgroundTaskView;
    started.push(second.id);
    expect(second.prompt).toBe('Count the files.');
    await until('both to finish', list, (ts) => ts.filter((t) => t.status === 'done').length === 2);
    expect(server.requests.slice(before).map((q) => JSON.stringify(q.body.messages[0]))).toEqual(expect.arrayContaining([expect.stringContaining('Count the files.'), expect.stringContaining('in two lines.')]));
    const empty = await cli(['task', 'start', '--cwd', projectDir, '-'], {}, '  \n');
    expect(empty).toMatchObject({ code: 2, stderr: 'agent-desk: no prompt: stdin was empty\n' });
    // No prompt and nothing piped (stdin is not a pipe here, but not a terminal either: it reads as empty).
    expect((await cli(['task', 'start', '--cwd', projectDir])).code).toBe(2);
  }, 60_000);

  it('a window answers the task’s request (allow once): the command runs in the task', async () => {
    setup();
    server.push(
      { content: [{ type: 'tool_use', id: 'toolu_ok', name: 'Bash', input: { command: 'touch allowed-by-window' } }] },
      { content: [{ type: 'text', text: 'Done.' }] },
    );
    const task = await startTask(['--cwd', projectDir, 'make the file']);
    const w = windowOfProject();
    const [req] = (await until('the task to ask', () => w.invoke['permission:pending']({}, w.ctx), (p) => p.requests.length === 1)).requests;
    expect((await w.invoke['permission:reply']({ requestId: req!.requestId, decision: 'allow_once' }, w.ctx)).accepted).toBe(true);
    await until('the task to finish', list, (ts) => ts.find((t) => t.id === task.id)?.status === 'done');
    expect(existsSync(path.join(projectDir, 'allowed-by-window'))).toBe(true);
    // The same request again is stale.
    expect((await w.invoke['permission:reply']({ requestId: req!.requestId, decision: 'allow_once' }, w.ctx)).accepted).toBe(false);
    w.background.dispose();
  }, 60_000);

  it('--budget is the task’s session budget (issue 20 item 4): used up, its question waits in the inbox with the task’s origin; Deny stops the task', async () => {
    setup();
    // claude-sonnet-5 at $2 / $10 per million: 100,000 input tokens and 1,000 output are $0.21 a call.
    const step = (id: string) => ({ content: [{ type: 'tool_use' as const, id, name: 'ToolSearch', input: { query: id } }], usage: { input_tokens: 100_000, output_tokens: 1000 } });
    // Two calls ($0.42) pass the $0.30 budget: the third is never asked for (checked below).
    server.push(step('toolu_b1'), step('toolu_b2'));
    const before = server.requests.length;
    const task = await startTask(['--cwd', projectDir, '--name', 'thrifty', '--budget', '0.30', 'do the steps']);
    const w = windowOfProject();
    const [ask] = (await until('the budget question', () => w.invoke['permission:pending']({}, w.ctx), (p) => p.requests.length === 1)).requests;
    expect(ask).toMatchObject({ toolName: 'Budget', origin: { kind: 'task', label: 'thrifty' } });
    expect(ask!.message).toMatch(/used up its budget of \$0\.30/);
    expect(server.requests.length - before).toBe(2);
    expect((await w.invoke['permission:reply']({ requestId: ask!.requestId, decision: 'deny' }, w.ctx)).accepted).toBe(true);
    const ended = (await until('the task to stop', list, (ts) => ts.find((t) => t.id === task.id)?.status === 'stopped')).find((t) => t.id === task.id)!;
    expect(ended.outcome).toBe('Stopped at its budget of $0.30.');
    expect(ended.usage?.costUsd).toBeCloseTo(0.42, 2);
    expect(server.requests.length - before).toBe(2);
    w.background.dispose();
  }, 60_000);

  it('task list and task stop from other processes; clear errors for a bad folder, an unknown id, an ended task', async () => {
    setup();
    server.push({ hang: true });
    const before = server.requests.length;
    const task = await startTask(['--cwd', projectDir, '--name', 'long one', '--budget', '2.5', 'think for a long time']);
    expect(task).toMatchObject({ status: 'starting', name: 'long one', budgetUsd: 2.5, mode: 'default' });
    await until('the task to run', list, (ts) => ts.find((t) => t.id === task.id)?.status === 'running');
    await server.waitForRequests(before + 1, 20_000); // it is thinking: its one call hangs
    const shown = await cli(['task', 'list']);
    expect(shown.stdout).toContain(`${task.id}  Running · `);
    expect(shown.stdout).toContain('“long one” in ~/proj');
    // Nothing spent yet (the model has not answered): its budget reads as untouched.
    expect(shown.stdout).toContain('$0.00 of its $2.50 budget used (0 %)');

    const stop = await cli(['task', 'stop', task.id]);
    expect(stop).toMatchObject({ code: 0, stdout: `Stopped background task ${task.id} “long one”.\n` });
    expect((await list()).find((t) => t.id === task.id)).toMatchObject({ status: 'stopped' });
    const record = JSON.parse(readFileSync(path.join(dataDir, 'background-tasks', task.id, 'task.json'), 'utf8'));
    // The worker itself ended the turn (not a kill): its session was saved and it recorded the stop.
    expect(record).toMatchObject({ status: 'stopped', sessionId: expect.any(String), outcome: 'Stopped.' });

    expect(await cli(['task', 'stop', task.id])).toMatchObject({ code: 1, stderr: `agent-desk: task ${task.id} “long one” has already ended (stopped)\n` });
    expect(await cli(['task', 'stop', 'nosuchtask'])).toMatchObject({ code: 1, stderr: "agent-desk: no background task 'nosuchtask' (see agent-desk task list)\n" });
    const bad = await cli(['task', 'start', '--cwd', path.join(home, 'missing'), 'anything']);
    expect(bad).toMatchObject({ code: 2, stderr: `agent-desk: no such directory: ${path.join(home, 'missing')}\n` });
    expect(await cli(['task', 'start', '--mode', 'yolo', 'x'])).toMatchObject({ code: 2, stderr: expect.stringContaining("--mode must be one of default, acceptEdits, plan, bypassPermissions (got 'yolo')") });
    expect((await cli(['task', '--help'])).stdout).toContain('Usage: agent-desk task start');
  }, 60_000);
});
