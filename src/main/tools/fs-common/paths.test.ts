// Path handling and the working-directory boundary: ~ and relative paths, symlink escapes, device
// paths and the file tools' permission opinion.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBlockedDevicePath } from './device-paths';
import { displayPath, expandPath } from './paths';
import { filePermission } from './permission';
import { isInWorkingDirectories } from '../../fs/working-dirs';

let root: string;
let project: string;
let outside: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-paths-')));
  project = path.join(root, 'project');
  outside = path.join(root, 'outside');
  mkdirSync(project);
  mkdirSync(outside);
  symlinkSync(outside, path.join(project, 'escape'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const ctxFor = (cwd: string) => ({ projectDir: project, state: { cwd }, env: { HOME: '/home/u' } });

describe('paths', () => {
  it('expands ~ and resolves relative paths against the session cwd', () => {
    expect(expandPath('~/notes.txt', ctxFor(project))).toBe('/home/u/notes.txt');
    expect(expandPath('src/a.ts', ctxFor(path.join(project, 'pkg')))).toBe(path.join(project, 'pkg', 'src', 'a.ts'));
    expect(expandPath('/x/../y', ctxFor(project))).toBe('/y');
    expect(displayPath(path.join(project, 'a.ts'), project)).toBe('a.ts');
    expect(displayPath('/etc/hosts', project)).toBe('/etc/hosts');
  });

  it('a symlink inside the project that leads outside is outside; a missing file inside is inside', async () => {
    expect(await isInWorkingDirectories(path.join(project, 'new', 'file.ts'), [project])).toBe(true);
    expect(await isInWorkingDirectories(path.join(project, 'escape', 'secret'), [project])).toBe(false);
    expect(await isInWorkingDirectories(path.join(root, 'project-sibling'), [project])).toBe(false);
  });

  it('TL1 device paths that never end or block are recognised', () => {
    for (const p of ['/dev/zero', '/dev/random', '/dev/urandom', '/dev/full', '/dev/stdin', '/dev/tty', '/dev/console', '/dev/stdout', '/dev/stderr', '/dev/fd/0', '/dev/fd/2', '/proc/self/fd/0', '/proc/1234/fd/1', '/dev/./zero']) {
      expect(isBlockedDevicePath(p), p).toBe(true);
    }
    for (const p of ['/dev/null2/x', '/proc/self/fd/7', '/home/u/dev/zero', '/tmp/random']) expect(isBlockedDevicePath(p), p).toBe(false);
  });
});

describe('filePermission', () => {
  const ctx = () => ({ workingDirectories: [project], toolResultsDir: path.join(root, 'session', 'tool-results') });

  it('Read: allow inside, allow the session tool results, ask outside naming the path', async () => {
    expect((await filePermission('Read', path.join(project, 'a.ts'), ctx(), 'read')).behavior).toBe('allow');
    expect((await filePermission('Read', path.join(root, 'session', 'tool-results', 'x.txt'), ctx(), 'read')).behavior).toBe('allow');
    const out = await filePermission('Read', '/etc/hosts', ctx(), 'read');
    expect(out).toMatchObject({ behavior: 'ask', message: expect.stringContaining('/etc/hosts') });
    expect(out.behavior === 'ask' && out.suggestions).toEqual(['Read(//etc/**)', 'Read']);
  });

  it('Write: passthrough inside (rules and mode decide), ask outside and through a symlink escape', async () => {
    expect((await filePermission('Write', path.join(project, 'a.ts'), ctx(), 'write')).behavior).toBe('passthrough');
    const escape = await filePermission('Edit', path.join(project, 'escape', 'x'), ctx(), 'write');
    expect(escape).toMatchObject({ behavior: 'ask', message: expect.stringContaining(path.join(project, 'escape', 'x')) });
  });
});
