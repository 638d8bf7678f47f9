// The JSONL session store: append, list newest first, tolerate torn/corrupt lines and garbage files;
// final snapshots of file-changing calls round-trip (latest per id), old files load without them.
import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../shared/tools/tool-call';
import type { Message } from '../../shared/transcript';
import { sessionsDir } from '../base/data-paths';
import { createSessionStore, emptyTrash, isValidSessionId, TRASH_KEEP_MS, type SessionMeta } from './store';

let dataDir: string;
const projectDir = '/work/some project';
const warnings: string[] = [];
const log = { debug() {}, info() {}, warn: (m: string) => void warnings.push(m), error() {} };

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-store-'));
  warnings.length = 0;
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const meta = (id: string, createdAt: number, title = `title ${id}`): SessionMeta => ({ type: 'meta', version: 1, id, projectDir, createdAt, title });
const msg = (id: string, role: 'user' | 'assistant', text: string, createdAt: number): Message => ({ id, role, content: [{ type: 'text', text }], createdAt });
const writeCall = (id: string, content: string, state: ToolCallView['state'] = 'succeeded'): ToolCallView => ({
  id,
  name: 'Write',
  userFacingName: 'Write',
  messageId: 'm2',
  input: { file_path: '/p/a.txt', content },
  state,
  summary: 'a.txt',
  result: { text: 'File created', isError: false, data: { type: 'create', filePath: '/p/a.txt', content, originalFile: null, structuredPatch: [] } },
  startedAt: 10,
  endedAt: 11,
});

describe('session store', () => {
  it('appends a meta line then messages, one line each, and loads them back', async () => {
    const store = createSessionStore({ dataDir, log });
    await store.append(projectDir, 's1', { meta: meta('s1', 100), messages: [msg('m1', 'user', 'hi', 101)] });
    await store.append(projectDir, 's1', { messages: [msg('m2', 'assistant', 'hello', 102), msg('m3', 'user', 'more', 103)] });
    const file = path.join(sessionsDir(dataDir, projectDir), 's1.jsonl');
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l).type)).toEqual(['meta', 'message', 'message', 'message']);
    const loaded = await store.load(projectDir, 's1');
    expect(loaded?.meta.title).toBe('title s1');
    expect(loaded?.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
  });

  it('lists sessions newest first with counts and last-activity time', async () => {
    const store = createSessionStore({ dataDir, log });
    await store.append(projectDir, 'old', { meta: meta('old', 100), messages: [msg('a', 'user', 'x', 110)] });
    await store.append(projectDir, 'new', { meta: meta('new', 200), messages: [msg('b', 'user', 'y', 210), msg('c', 'assistant', 'z', 220)] });
    await store.append(projectDir, 'revived', { meta: meta('revived', 50), messages: [msg('d', 'user', 'y', 300)] });
    const list = await store.list(projectDir);
    expect(list.map((s) => [s.id, s.updatedAt, s.messageCount])).toEqual([
      ['revived', 300, 1],
      ['new', 220, 2],
      ['old', 110, 1],
    ]);
    expect(await store.list('/another/project')).toEqual([]);
  });

  it('skips a torn last line and keeps the rest; the next append starts on a fresh line', async () => {
    const store = createSessionStore({ dataDir, log });
    await store.append(projectDir, 's1', { meta: meta('s1', 100), messages: [msg('m1', 'user', 'hi', 101)] });
    const file = path.join(sessionsDir(dataDir, projectDir), 's1.jsonl');
    await appendFile(file, '{"type":"message","message":{"id":"m2","ro'); // a crash mid-write
    expect((await store.load(projectDir, 's1'))?.messages.map((m) => m.id)).toEqual(['m1']);
    expect(warnings.some((w) => w.includes('line 3'))).toBe(true);
    expect((await store.list(projectDir))[0]?.messageCount).toBe(1);

    await store.append(projectDir, 's1', { messages: [msg('m3', 'assistant', 'back', 104)] });
    expect((await store.load(projectDir, 's1'))?.messages.map((m) => m.id)).toEqual(['m1', 'm3']);
  });

  it('skips invalid lines in the middle and ignores garbage files and stray names', async () => {
    const store = createSessionStore({ dataDir, log });
    await store.append(projectDir, 'good', { meta: meta('good', 100), messages: [msg('m1', 'user', 'hi', 101)] });
    const dir = sessionsDir(dataDir, projectDir);
    await appendFile(path.join(dir, 'good.jsonl'), '{"type":"message","message":{"id":"bad"}}\n');
    await store.append(projectDir, 'good', { messages: [msg('m2', 'assistant', 'ok', 102)] });
    await writeFile(path.join(dir, 'garbage.jsonl'), '\u0000\u0001 not json at all\n{}\n');
    await writeFile(path.join(dir, 'nometa.jsonl'), JSON.stringify({ type: 'message', message: msg('x', 'user', 'x', 1) }) + '\n');
    await writeFile(path.join(dir, 'notes.txt'), 'hello');
    await mkdir(path.join(dir, 'folder.jsonl'));
    const list = await store.list(projectDir);
    expect(list.map((s) => [s.id, s.messageCount])).toEqual([['good', 2]]);
    expect(await store.load(projectDir, 'garbage')).toBeNull();
  });

  it('never reads or writes outside the sessions folder', async () => {
    const store = createSessionStore({ dataDir, log });
    for (const id of ['../x', 'a/b', '', '.hidden', 'a'.repeat(200)]) {
      expect(isValidSessionId(id)).toBe(false);
      expect(await store.load(projectDir, id)).toBeNull();
      await expect(store.append(projectDir, id, { messages: [] })).rejects.toThrow(/Invalid session id/);
    }
  });

  it('re-reads a file only when it changed (cache by size and mtime)', async () => {
    const store = createSessionStore({ dataDir, log });
    await store.append(projectDir, 's', { meta: meta('s', 1), messages: [msg('a', 'user', 'x', 2)] });
    expect((await store.list(projectDir))[0]?.messageCount).toBe(1);
    await store.append(projectDir, 's', { messages: [msg('b', 'assistant', 'y', 3)] });
    expect((await store.list(projectDir))[0]?.messageCount).toBe(2);
  });

  describe('tool_call lines (UI2: the Changes pane after a restart)', () => {
    it('round-trips call snapshots after the messages; the latest per id wins, first-saved order kept', async () => {
      const store = createSessionStore({ dataDir, log });
      await store.append(projectDir, 's1', { meta: meta('s1', 100), messages: [msg('m1', 'user', 'hi', 101)], calls: [writeCall('t1', 'one'), writeCall('t2', 'two')] });
      await store.append(projectDir, 's1', { messages: [msg('m2', 'assistant', 'ok', 102)], calls: [writeCall('t1', 'one again', 'failed')] });
      const file = path.join(sessionsDir(dataDir, projectDir), 's1.jsonl');
      const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
      expect(lines.map((l) => JSON.parse(l).type)).toEqual(['meta', 'message', 'tool_call', 'tool_call', 'message', 'tool_call']);
      const loaded = await store.load(projectDir, 's1');
      expect(loaded?.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
      expect(loaded?.calls).toEqual([writeCall('t1', 'one again', 'failed'), writeCall('t2', 'two')]);
      // Calls are not messages: the listing counts only messages.
      expect((await store.list(projectDir))[0]?.messageCount).toBe(2);
      expect(warnings).toEqual([]);
    });

    it('skips a torn or invalid tool_call line with a warning and keeps everything else', async () => {
      const store = createSessionStore({ dataDir, log });
      await store.append(projectDir, 's1', { meta: meta('s1', 100), messages: [msg('m1', 'user', 'hi', 101)], calls: [writeCall('t1', 'one')] });
      const file = path.join(sessionsDir(dataDir, projectDir), 's1.jsonl');
      // Valid JSON, but not a ToolCallView (no state): line 4.
      await appendFile(file, JSON.stringify({ type: 'tool_call', call: { id: 't9', name: 'Write' } }) + '\n');
      // A later snapshot of t1 cut off mid-write: line 5; t1's earlier snapshot stands.
      await appendFile(file, JSON.stringify({ type: 'tool_call', call: writeCall('t1', 'torn') }).slice(0, 60));
      let loaded = await store.load(projectDir, 's1');
      expect(loaded?.calls).toEqual([writeCall('t1', 'one')]);
      expect(loaded?.messages.map((m) => m.id)).toEqual(['m1']);
      expect(warnings.filter((w) => w.includes('line 4'))).toHaveLength(1);
      expect(warnings.filter((w) => w.includes('line 5'))).toHaveLength(1);

      // The next append starts on a fresh line.
      await store.append(projectDir, 's1', { messages: [msg('m2', 'assistant', 'back', 102)], calls: [writeCall('t2', 'two')] });
      loaded = await store.load(projectDir, 's1');
      expect(loaded?.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
      expect(loaded?.calls.map((c) => c.id)).toEqual(['t1', 't2']);
    });

    it('loads a file written before tool_call lines existed, with no calls', async () => {
      const dir = sessionsDir(dataDir, projectDir);
      await mkdir(dir, { recursive: true });
      const old = [JSON.stringify(meta('old', 100)), JSON.stringify({ type: 'message', message: msg('m1', 'user', 'hi', 101) })].join('\n') + '\n';
      await writeFile(path.join(dir, 'old.jsonl'), old);
      const loaded = await createSessionStore({ dataDir, log }).load(projectDir, 'old');
      expect(loaded).toEqual({ meta: meta('old', 100), messages: [msg('m1', 'user', 'hi', 101)], calls: [] });
      expect(warnings).toEqual([]);
    });

    it('a snapshot that cannot be serialised is left out; the messages are still saved', async () => {
      const store = createSessionStore({ dataDir, log });
      const odd = { ...writeCall('t1', 'x'), result: { text: 'ok', isError: false, data: { size: 10n } } };
      await store.append(projectDir, 's1', { meta: meta('s1', 100), messages: [msg('m1', 'user', 'hi', 101)], calls: [odd, writeCall('t2', 'two')] });
      const loaded = await store.load(projectDir, 's1');
      expect(loaded?.messages.map((m) => m.id)).toEqual(['m1']);
      expect(loaded?.calls.map((c) => c.id)).toEqual(['t2']);
      expect(warnings.some((w) => w.includes('t1'))).toBe(true);
    });
  });
});

describe('issue 12 item 7: renaming and removing a conversation, with undo', () => {
  it('a title line renames the session; the last one wins, in the list and on load', async () => {
    const store = createSessionStore({ dataDir, log });
    await store.append(projectDir, 's1', { meta: meta('s1', 1, 'Fix the build'), messages: [msg('u1', 'user', 'hi', 2)] });
    await store.append(projectDir, 's1', { lines: [{ type: 'title', title: 'Build fixes', at: 3 }] });
    await store.append(projectDir, 's1', { lines: [{ type: 'title', title: 'Build fixes, round two', at: 4 }] });
    expect((await store.load(projectDir, 's1'))?.meta.title).toBe('Build fixes, round two');
    expect((await store.list(projectDir)).map((s) => s.title)).toEqual(['Build fixes, round two']);
  });

  it('issue 19 a working_folder line says where the session works (the last one wins); a session that never moved has none', async () => {
    const store = createSessionStore({ dataDir, log });
    await store.append(projectDir, 's1', { meta: meta('s1', 1), messages: [msg('u1', 'user', 'hi', 2)] });
    expect((await store.load(projectDir, 's1'))?.workingFolder).toBeUndefined();
    const wt = { path: '/work/some project/.claude/worktrees/spike', branch: 'worktree-spike', since: 'abc123' };
    await store.append(projectDir, 's1', { lines: [{ type: 'working_folder', folder: wt, at: 3 }] });
    expect((await store.load(projectDir, 's1'))?.workingFolder).toEqual(wt);
    await store.append(projectDir, 's1', { lines: [{ type: 'working_folder', folder: null, at: 4 }] });
    expect((await store.load(projectDir, 's1'))?.workingFolder).toBeNull();
    // A malformed one is skipped with a warning; the one before it stands.
    await store.append(projectDir, 's1', { lines: [{ type: 'working_folder', folder: wt, at: 5 }] });
    await appendFile(path.join(sessionsDir(dataDir, projectDir), 's1.jsonl'), JSON.stringify({ type: 'working_folder', folder: { path: '' }, at: 6 }) + '\n');
    expect((await store.load(projectDir, 's1'))?.workingFolder).toEqual(wt);
    expect((await store.load(projectDir, 's1'))?.messages).toHaveLength(1);
  });

  it('remove moves the file to the trash and restore brings it back whole', async () => {
    const store = createSessionStore({ dataDir, log });
    await store.append(projectDir, 's1', { meta: meta('s1', 1), messages: [msg('u1', 'user', 'keep me', 2)] });
    await store.append(projectDir, 's2', { meta: meta('s2', 5) });
    expect(await store.remove(projectDir, 's1')).toBe(true);
    expect((await store.list(projectDir)).map((s) => s.id)).toEqual(['s2']);
    expect(await store.load(projectDir, 's1')).toBeNull();
    expect(await store.remove(projectDir, 's1')).toBe(false);
    expect(await store.restore(projectDir, 's1')).toBe(true);
    expect((await store.load(projectDir, 's1'))?.messages.map((m) => m.id)).toEqual(['u1']);
    expect((await store.list(projectDir)).map((s) => s.id).sort()).toEqual(['s1', 's2']);
    expect(await store.restore(projectDir, 's1')).toBe(false); // nothing in the trash any more
  });

  it("AG8 a session's subagent conversations go to the trash with it and come back with it", async () => {
    const store = createSessionStore({ dataDir, log });
    await store.append(projectDir, 's1', { meta: meta('s1', 1) });
    const agents = path.join(sessionsDir(dataDir, projectDir), 's1.agents');
    await mkdir(agents, { recursive: true });
    await writeFile(path.join(agents, 'a1.jsonl'), '{"type":"agent"}\n');
    expect(await store.remove(projectDir, 's1')).toBe(true);
    await expect(readFile(path.join(agents, 'a1.jsonl'), 'utf8')).rejects.toThrow();
    expect(await store.restore(projectDir, 's1')).toBe(true);
    expect(await readFile(path.join(agents, 'a1.jsonl'), 'utf8')).toBe('{"type":"agent"}\n');
  });

  it('refuses ids that are not session ids, and a restore onto a session that exists', async () => {
    const store = createSessionStore({ dataDir, log });
    expect(await store.remove(projectDir, '../x')).toBe(false);
    expect(await store.restore(projectDir, '../../etc/passwd')).toBe(false);
    await store.append(projectDir, 's1', { meta: meta('s1', 1) });
    await store.remove(projectDir, 's1');
    await store.append(projectDir, 's1', { meta: meta('s1', 9, 'a new one') });
    expect(await store.restore(projectDir, 's1')).toBe(false);
    expect((await store.load(projectDir, 's1'))?.meta.title).toBe('a new one');
  });

  it('the trash forgets sessions removed more than a week ago, and keeps newer ones', async () => {
    const { readdir: ls } = await import('node:fs/promises');
    const store = createSessionStore({ dataDir, log });
    const trash = path.join(sessionsDir(dataDir, projectDir), '.trash');
    await store.append(projectDir, 'old', { meta: meta('old', 1) });
    await store.remove(projectDir, 'old');
    await emptyTrash(trash, Date.now() + TRASH_KEEP_MS - 60_000);
    expect(await ls(trash)).toEqual(['old.jsonl']);
    await emptyTrash(trash, Date.now() + TRASH_KEEP_MS + 60_000);
    expect(await ls(trash)).toEqual([]);
    expect(await store.restore(projectDir, 'old')).toBe(false);
  });
});
