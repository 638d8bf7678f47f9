// The task list's file (issue 18 item 3): kept across a reopen, changed one step at a time, ids never
// reused, changes from another process seen, a broken file kept aside and never overwritten.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkItem } from '../../shared/tools/work-items';
import type { Logger } from '../base/log';
import { createWorkListStore } from './work-list';
import { createTaskListOf, createWorkLists, workListFile } from './work-lists';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
function tmp(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-worklist-'));
  dirs.push(d);
  return d;
}
const logs: string[] = [];
const log: Logger = { debug: () => undefined, info: () => undefined, warn: (m) => logs.push(m), error: (m) => logs.push(m) };
const item = (id: string, subject = `Task ${id}`): WorkItem => ({ id, subject, description: '', status: 'pending', blocks: [], blockedBy: [] });
const add = (subject: string) => (s: { nextId: number; items: WorkItem[] }) => ({
  state: { nextId: s.nextId + 1, items: [...s.items, item(String(s.nextId), subject)] },
  result: String(s.nextId),
});

describe('task list file (issue 18 item 3)', () => {
  it('a list is saved and read again by a new store (a reopened conversation)', async () => {
    const file = path.join(tmp(), 's1', 'tasks.json');
    const a = createWorkListStore(file, log);
    expect(await a.read()).toEqual({ nextId: 1, items: [] });
    await a.change(add('Read'));
    await a.change(add('Fix'));
    const b = createWorkListStore(file, log);
    expect((await b.read()).items.map((t) => [t.id, t.subject])).toEqual([['1', 'Read'], ['2', 'Fix']]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1, nextId: 3 });
  });

  it('changes made at once run one after another: every call gets its own id', async () => {
    const store = createWorkListStore(path.join(tmp(), 'tasks.json'), log);
    const ids = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((s) => store.change(add(s))));
    expect(ids).toEqual(['1', '2', '3', '4', '5']);
    expect((await store.read()).items).toHaveLength(5);
  });

  it('a step that throws changes nothing, and the next step still runs', async () => {
    const store = createWorkListStore(path.join(tmp(), 'tasks.json'), log);
    await expect(store.change(() => { throw new Error('no'); })).rejects.toThrow('no');
    expect(await store.change(add('after'))).toBe('1');
  });

  it('subscribers hear every change with the whole list; a step that changes nothing is not announced', async () => {
    const store = createWorkListStore(path.join(tmp(), 'tasks.json'), log);
    const heard: string[][] = [];
    const off = store.subscribe((items) => heard.push(items.map((t) => t.subject)));
    await store.change(add('A'));
    await store.change((s) => ({ result: s.items.length }));
    await store.change(add('B'));
    off();
    await store.change(add('C'));
    expect(heard).toEqual([['A'], ['A', 'B']]);
  });

  it('a change written by another process is seen before the next step', async () => {
    const file = path.join(tmp(), 'tasks.json');
    const mine = createWorkListStore(file, log);
    await mine.change(add('mine'));
    const other = createWorkListStore(file, log);
    await other.change(add('theirs'));
    expect(await mine.change(add('next'))).toBe('3');
    expect((await mine.read()).items.map((t) => t.subject)).toEqual(['mine', 'theirs', 'next']);
  });

  it('a file that is not a task list is kept aside, not overwritten; the list starts again with a log line', async () => {
    const dir = tmp();
    const file = path.join(dir, 'tasks.json');
    writeFileSync(file, '{ not json');
    const store = createWorkListStore(file, log);
    expect(await store.read()).toEqual({ nextId: 1, items: [] });
    const aside = readdirSync(dir).find((n) => n.startsWith('tasks.json.unreadable-'));
    expect(aside).toBeDefined();
    expect(readFileSync(path.join(dir, aside!), 'utf8')).toBe('{ not json');
    expect(logs.at(-1)).toMatch(/not a task list Agent Desk can read; it was kept as .*unreadable/);
    expect(await store.change(add('fresh'))).toBe('1');
  });

  it('one unreadable task costs that task only; the whole file is kept aside first', async () => {
    const dir = tmp();
    const file = path.join(dir, 'tasks.json');
    writeFileSync(file, JSON.stringify({ version: 1, nextId: 3, items: [item('1'), { id: 2, subject: null }] }));
    const store = createWorkListStore(file, log);
    expect((await store.read()).items.map((t) => t.id)).toEqual(['1']);
    expect(readdirSync(dir).some((n) => n.startsWith('tasks.json.unreadable-'))).toBe(true);
    expect(await store.change(add('next'))).toBe('3');
  });

  it('where lists live: beside the conversation, or a named shared one; a path-like id is refused', () => {
    const data = '/data';
    expect(workListFile(data, '/p', 'abc-1')).toMatch(/\/data\/projects\/.+\/sessions\/abc-1\/tasks\.json$/);
    expect(workListFile(data, '/p', 'abc-1', 'groceries')).toBe('/data/task-lists/groceries.json');
    expect(workListFile(data, '/p', 'abc-1', '../../etc/x')).toBe('/data/task-lists/------etc-x.json');
    expect(() => workListFile(data, '/p', '../other')).toThrow(/Not a conversation id/);
  });

  it('CLAUDE_CODE_TASK_LIST_ID makes two conversations share one store (one queue, both hear changes)', () => {
    const lists = createWorkLists(log);
    const env: Record<string, string | undefined> = {};
    const of = createTaskListOf({ dataDir: tmp(), lists, env: () => env });
    expect(of('/p', 'a')).not.toBe(of('/p', 'b'));
    expect(of('/p', 'a')).toBe(of('/p', 'a'));
    env.CLAUDE_CODE_TASK_LIST_ID = 'shared';
    expect(of('/p', 'a')).toBe(of('/q', 'b'));
  });
});
