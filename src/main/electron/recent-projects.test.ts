// DK1: recent projects — most recent first, at most 10, missing folders dropped, damage tolerated.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createRecentProjects, MAX_RECENT_PROJECTS } from './recent-projects';

let tmp: string;
const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const dir = (name: string) => {
  const p = join(tmp, 'projects', name);
  mkdirSync(p, { recursive: true });
  return p;
};

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'agent-desk-recent-'));
  vi.clearAllMocks();
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('recent projects (DK1)', () => {
  test('empty without a file; most recent first; re-adding moves to the front', () => {
    const recent = createRecentProjects({ file: join(tmp, 'data', 'recent-projects.json'), log });
    expect(recent.list()).toEqual([]);
    const [a, b] = [dir('a'), dir('b')];
    recent.add(a);
    recent.add(b);
    expect(recent.list().map((p) => p.name)).toEqual(['b', 'a']);
    recent.add(a);
    expect(recent.list()).toEqual([
      { dir: a, name: 'a' },
      { dir: b, name: 'b' },
    ]);
  });

  test(`keeps at most ${MAX_RECENT_PROJECTS}`, () => {
    const recent = createRecentProjects({ file: join(tmp, 'r.json'), log });
    for (let i = 0; i < 13; i++) recent.add(dir(`p${i}`));
    const names = recent.list().map((p) => p.name);
    expect(names).toHaveLength(10);
    expect(names[0]).toBe('p12');
    expect(names.at(-1)).toBe('p3');
  });

  test('folders that no longer exist are dropped', () => {
    const recent = createRecentProjects({ file: join(tmp, 'r.json'), log });
    const [a, b] = [dir('a'), dir('b')];
    recent.add(a);
    recent.add(b);
    rmSync(b, { recursive: true });
    expect(recent.list().map((p) => p.dir)).toEqual([a]);
  });

  test('a damaged file reads as empty (with a warning) and is repaired by the next add', () => {
    const file = join(tmp, 'r.json');
    writeFileSync(file, '{not json');
    const recent = createRecentProjects({ file, log });
    expect(recent.list()).toEqual([]);
    expect(log.warn).toHaveBeenCalled();
    recent.add(dir('a'));
    expect(JSON.parse(readFileSync(file, 'utf8')).projects).toHaveLength(1);
    writeFileSync(file, JSON.stringify({ projects: [42, null, dir('b')] }));
    expect(recent.list().map((p) => p.name)).toEqual(['b']);
  });

  test('clear empties the list', () => {
    const recent = createRecentProjects({ file: join(tmp, 'r.json'), log });
    recent.add(dir('a'));
    recent.clear();
    expect(recent.list()).toEqual([]);
  });
});
