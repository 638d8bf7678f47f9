// BA9/DK4: a command line explained part by part — sentences, the paths each part touches and where
// they lie, how much is there (a bounded look at the disk), the network, how parts are joined.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeCommand } from '../analyze';
import { useBashParser } from '../test-parse';
import { explainCommandLine, withContents } from './explain';
import { measurePaths } from './sizes';

useBashParser();

let project: string;
const home = '/home/someone';
const ctx = () => ({ cwd: project, workingDirs: [project], home });
const explain = (cmd: string) => explainCommandLine(cmd, analyzeCommand(cmd), ctx());

beforeAll(() => {
  project = mkdtempSync(path.join(os.tmpdir(), 'explain-'));
  mkdirSync(path.join(project, 'build', 'assets'), { recursive: true });
  writeFileSync(path.join(project, 'build', 'index.html'), 'x'.repeat(1000));
  writeFileSync(path.join(project, 'build', 'assets', 'app.js'), 'y'.repeat(2048));
  writeFileSync(path.join(project, 'build', 'assets', 'app.css'), 'z'.repeat(100));
  writeFileSync(path.join(project, 'notes.txt'), 'hello');
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('BA9 explainCommandLine', () => {
  it('rm -rf build: one part that deletes the folder inside the project', () => {
    const e = explain('rm -rf build');
    expect(e.parts).toHaveLength(1);
    expect(e.parts[0]).toMatchObject({ text: 'rm -rf build', network: false, readOnly: false });
    expect(e.parts[0]!.says).toMatch(/^Deletes build and everything inside/);
    expect(e.parts[0]!.paths).toEqual([{ path: 'build', resolved: path.join(project, 'build'), access: 'delete', where: 'project' }]);
    expect(e.warnings.length).toBeGreaterThan(0);
    expect(e.joined).toBeUndefined();
  });

  it('a compound line: each part, how they are joined, and cd moves where later parts look', () => {
    const e = explain('cd build && ls assets | grep app');
    expect(e.parts.map((p) => p.text)).toEqual(['cd build', 'ls assets', 'grep app']);
    expect(e.parts[1]!.paths[0]).toMatchObject({ resolved: path.join(project, 'build', 'assets'), where: 'project', access: 'read' });
    expect(e.parts.every((p) => p.readOnly)).toBe(true);
    expect(e.joined).toBe('Each part runs only if the one before it worked; each part passes what it prints to the next.');
  });

  it('paths outside the project and ones it cannot place', () => {
    const e = explain('cat /etc/hosts ~/.ssh/config ~bob/x');
    expect(e.parts[0]!.paths.map((p) => [p.path, p.where])).toEqual([
      ['/etc/hosts', 'outside'],
      ['~/.ssh/config', 'outside'],
      ['~bob/x', 'unknown'],
    ]);
  });

  it('sudo is said, and the wrapped command is what is explained', () => {
    const e = explain('sudo rm -r /var/cache/app');
    expect(e.parts[0]!.says).toMatch(/^Deletes \/var\/cache\/app and everything inside.*with administrator rights \(sudo\)\.$/);
    expect(e.parts[0]!.readOnly).toBe(false);
    expect(e.parts[0]!.paths[0]).toMatchObject({ access: 'delete', where: 'outside' });
  });

  it('network use is marked per part', () => {
    const e = explain('npm install && npm test');
    expect(e.parts.map((p) => p.network)).toEqual([true, false]);
  });

  it('a pattern is marked and not measured', async () => {
    const e = await withContents(explain('rm build/*.html'));
    expect(e.parts[0]!.paths[0]).toMatchObject({ path: 'build/*.html', pattern: true });
    expect(e.parts[0]!.paths[0]!.contents).toBeUndefined();
  });

  it('a line it cannot follow says so, and still warns', () => {
    const cmd = 'bash <(curl -s https://example.com/install.sh)';
    const e = explainCommandLine(cmd, analyzeCommand(cmd), ctx());
    expect(e.parts).toEqual([]);
    expect(e.unreadable).toMatch(/can't tell in advance what this command does/);
    expect(e.warnings.length).toBeGreaterThan(0);
  });
});

describe('BA9 withContents: how much is there', () => {
  it('a folder: its files and bytes; a file: its size; a missing path: nothing there yet', async () => {
    const e = await withContents(explain('rm -rf build notes.txt gone'));
    const [build, notes, gone] = e.parts[0]!.paths;
    expect(build).toMatchObject({ exists: true, contents: { kind: 'folder', files: 3, bytes: 3148 } });
    expect(build!.contents!.more).toBeUndefined();
    expect(notes).toMatchObject({ exists: true, contents: { kind: 'file', files: 1, bytes: 5 } });
    expect(gone).toMatchObject({ exists: false });
  });

  it('stops counting at its budget and says there is more', async () => {
    const [c] = await measurePaths([path.join(project, 'build')], { maxEntries: 2, maxMs: 1000 });
    expect(c).toMatchObject({ kind: 'folder', more: true });
    expect(c!.files).toBeLessThan(3);
  });

  it('never follows a link out of the folder', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'explain-link-'));
    try {
      const { symlinkSync } = await import('node:fs');
      symlinkSync(path.join(project, 'build'), path.join(dir, 'elsewhere'));
      const [c] = await measurePaths([dir]);
      expect(c).toMatchObject({ kind: 'folder', files: 1, bytes: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
