// Issue 15 item 4: this process's record file follows the registry; at start, records of the same live
// process are "left from last time", dead or reused pids are dropped, another running Agent Desk's file
// is left alone; a broken file is ignored with a log line.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../base/log';
import { createProcessKeeper } from './process-keeper';
import { createInMemoryTaskRegistry, type TaskInfo } from './registry';
import { instanceRecordFile, readTaskRecords, taskRecordsDir, type TaskRecord } from './task-records';

let root: string;
let dir: string;
/** Last time's Agent Desk (pid 900, gone) wrote this file. */
let file: string;
const owner = { pid: 1000, startToken: 'me' };
let lines: string[];
const log = () => createLogger({ level: 'debug', write: (l) => lines.push(l) });

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'keeper-'));
  dir = taskRecordsDir(root);
  await mkdir(dir, { recursive: true });
  file = instanceRecordFile(dir, 900);
  lines = [];
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** What this process's file holds (task ids). */
const ownIds = async () => ((await readTaskRecords(instanceRecordFile(dir, owner.pid), log()))?.programs ?? []).map((r) => r.taskId);

function record(taskId: string, pid: number, startToken: string, extra: Partial<TaskRecord> = {}): TaskRecord {
  return { taskId, pid, groupId: pid, startToken, command: `npm run dev # ${taskId}`, projectDir: '/p', sessionId: 's0', kept: false, startedAt: 5, ...extra };
}

function task(id: string, pid: number, extra: Partial<TaskInfo> = {}): TaskInfo {
  return { id, kind: 'shell', sessionId: 's1', command: `serve ${id}`, outputFile: `/o/${id}`, pid, groupId: pid, startToken: `t${pid}`, projectDir: '/p', status: 'running', startedAt: 7, ...extra };
}

// Live processes as the keeper sees them: pid → start token.
function world(live: Record<number, string>) {
  const stopped: number[] = [];
  return {
    stopped,
    owner,
    startToken: (pid: number) => live[pid],
    stopTree: async (pid: number) => {
      stopped.push(pid);
      delete live[pid];
    },
  };
}

describe('process keeper (issue 15 item 4)', () => {
  it('left from last time: same pid and start token alive; a dead pid or another start token is dropped', async () => {
    await writeFile(file, JSON.stringify({ version: 1, programs: [record('crashed', 11, 'a'), record('dead', 12, 'b'), record('reused', 13, 'c'), record('kept', 14, 'd', { kept: true, projectDir: '/q' })] }));
    const w = world({ 11: 'a', 13: 'someone-else', 14: 'd' });
    const keeper = createProcessKeeper({ registry: createInMemoryTaskRegistry(), dir, log: log(), ...w });
    await keeper.start();
    expect(keeper.leftovers().map((r) => r.taskId)).toEqual(['crashed', 'kept']);
    expect(keeper.leftovers('/q').map((r) => r.taskId)).toEqual(['kept']);
    // This process's file keeps only what still runs; last time's file is gone.
    expect(await ownIds()).toEqual(['crashed', 'kept']);
    expect(await readdir(dir)).toEqual(['agent-desk-1000.json']);
  });

  it('another Agent Desk that still runs keeps its file and its programs: they are not leftovers here', async () => {
    const otherFile = instanceRecordFile(dir, 800);
    await writeFile(otherFile, JSON.stringify({ version: 1, owner: { pid: 800, startToken: 'other' }, programs: [record('theirs', 81, 'a')] }));
    await writeFile(file, JSON.stringify({ version: 1, owner: { pid: 900, startToken: 'old' }, programs: [record('mine-before', 91, 'b')] }));
    const keeper = createProcessKeeper({ registry: createInMemoryTaskRegistry(), dir, log: log(), ...world({ 800: 'other', 81: 'a', 91: 'b' }) });
    await keeper.start();
    expect(keeper.leftovers().map((r) => r.taskId)).toEqual(['mine-before']);
    expect((await readdir(dir)).sort()).toEqual(['agent-desk-1000.json', 'agent-desk-800.json']);
    expect((await readTaskRecords(otherFile, log()))!.programs.map((r) => r.taskId)).toEqual(['theirs']);
  });

  it('"Stop them" stops the leftovers of the project; "Leave them" forgets them without a signal', async () => {
    await writeFile(file, JSON.stringify({ version: 1, programs: [record('x', 21, 'a'), record('y', 22, 'b'), record('z', 23, 'c', { projectDir: '/other' })] }));
    const w = world({ 21: 'a', 22: 'b', 23: 'c' });
    const keeper = createProcessKeeper({ registry: createInMemoryTaskRegistry(), dir, log: log(), ...w });
    await keeper.start();
    const changed: (string | undefined)[][] = [];
    keeper.onLeftoversChanged((dirs) => changed.push(dirs));
    expect(await keeper.cleanUp('stop', { projectDir: '/p', ids: ['x'] })).toEqual({ stopped: 1, left: 0 });
    expect(w.stopped).toEqual([21]);
    expect(await keeper.cleanUp('leave', { projectDir: '/p' })).toEqual({ stopped: 0, left: 1 });
    expect(w.stopped).toEqual([21]);
    expect(keeper.leftovers().map((r) => r.taskId)).toEqual(['z']);
    expect(changed).toEqual([['/p'], ['/p']]);
    expect(await ownIds()).toEqual(['z']);
  });

  it('a leftover whose pid changed hands before "Stop them" is forgotten, not signalled', async () => {
    await writeFile(file, JSON.stringify({ version: 1, programs: [record('x', 31, 'a')] }));
    const live: Record<number, string> = { 31: 'a' };
    const w = world(live);
    const keeper = createProcessKeeper({ registry: createInMemoryTaskRegistry(), dir, log: log(), ...w });
    await keeper.start();
    live[31] = 'new-program';
    expect(await keeper.cleanUp('stop')).toEqual({ stopped: 0, left: 0 });
    expect(w.stopped).toEqual([]);
    expect(keeper.leftovers()).toEqual([]);
  });

  it('every running task is recorded as it starts, changes and ends; quit stops all but kept ones', async () => {
    const registry = createInMemoryTaskRegistry();
    const w = world({});
    const keeper = createProcessKeeper({ registry, dir, log: log(), ...w });
    await keeper.start();
    const stopped: string[] = [];
    const add = (info: TaskInfo) => registry.register({ info, stop: async () => void stopped.push(info.id) });
    add(task('dev', 41));
    add(task('watch', 42));
    registry.setKept('watch', true);
    await keeper.flush();
    expect((await readTaskRecords(instanceRecordFile(dir, owner.pid), log()))!.programs).toEqual([
      expect.objectContaining({ taskId: 'dev', pid: 41, groupId: 41, startToken: 't41', projectDir: '/p', sessionId: 's1', kept: false, command: 'serve dev' }),
      expect.objectContaining({ taskId: 'watch', kept: true }),
    ]);
    await keeper.shutdown();
    expect(stopped).toEqual(['dev']);
    expect((await readTaskRecords(instanceRecordFile(dir, owner.pid), log()))!.programs.map((r) => [r.taskId, r.kept])).toEqual([['watch', true]]);
  });

  it('nothing is written before last time’s records were read (they would be lost)', async () => {
    await writeFile(file, JSON.stringify({ version: 1, programs: [record('old', 51, 'a')] }));
    const registry = createInMemoryTaskRegistry();
    const keeper = createProcessKeeper({ registry, dir, log: log(), ...world({ 51: 'a', 52: 't52' }) });
    registry.register({ info: task('new', 52), stop: async () => undefined });
    await keeper.flush();
    expect(await readdir(dir)).toEqual(['agent-desk-900.json']);
    await keeper.start();
    expect(await ownIds()).toEqual(['old', 'new']);
  });

  it('a corrupt record file is ignored with a log line, never a crash; a broken entry costs only itself', async () => {
    await writeFile(file, '{"version": 1, "programs": [tru');
    const keeper = createProcessKeeper({ registry: createInMemoryTaskRegistry(), dir, log: log(), ...world({}) });
    await expect(keeper.start()).resolves.toBeUndefined();
    expect(keeper.leftovers()).toEqual([]);
    expect(lines.some((l) => l.includes('is not a record Agent Desk can read'))).toBe(true);

    lines = [];
    await writeFile(file, JSON.stringify({ version: 1, programs: [{ pid: 'x' }, record('ok', 61, 'a')] }));
    expect((await readTaskRecords(file, log()))!.programs.map((r) => r.taskId)).toEqual(['ok']);
    expect(lines.some((l) => l.includes('an entry') && l.includes('dropped'))).toBe(true);
  });

  it('the record file is replaced atomically (no temp file left) and is plain JSON', async () => {
    const registry = createInMemoryTaskRegistry();
    const keeper = createProcessKeeper({ registry, dir, log: log(), ...world({}) });
    await keeper.start();
    registry.register({ info: task('dev', 71), stop: async () => undefined });
    await keeper.flush();
    const parsed = JSON.parse(await readFile(instanceRecordFile(dir, owner.pid), 'utf8')) as { version: number; owner: unknown; programs: unknown[] };
    expect(parsed.version).toBe(1);
    expect(parsed.owner).toEqual(owner);
    expect(parsed.programs).toHaveLength(1);
    expect(await readdir(dir)).toEqual(['agent-desk-1000.json']);
    await keeper.shutdown();
    // Nothing runs any more: no file is left to read next time.
    expect(await readdir(dir)).toEqual([]);
  });
});
