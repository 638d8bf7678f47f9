// The JSONL session store: append, list newest first, tolerate torn/corrupt lines and garbage files.
import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '../../shared/transcript';
import { sessionsDir } from '../app/paths';
import { createSessionStore, isValidSessionId, type SessionMeta } from './store';

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
});
