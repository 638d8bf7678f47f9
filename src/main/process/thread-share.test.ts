// rg's --threads: the cores shared among the searches running at once (issue 4: five searches of one
// reply on two cores), each share released exactly once when its rg ends or fails to start.
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { PipedProcess } from './launcher-shell';
import { spawnLauncher, type Launcher } from './warm-launch';
import { ripgrepForTests } from './require-rg';
import { searchesRunning, sharingCores, threadShare } from './thread-share';

class FakeChild extends EventEmitter {
  stdout = new PassThrough();
  stderr = new PassThrough();
  exitCode = null;
  signalCode = null;
  kill = () => true;
}

function recordingLauncher() {
  const calls: { args: readonly string[]; child: FakeChild }[] = [];
  const launch: Launcher = (_file, args) => {
    const child = new FakeChild();
    calls.push({ args, child });
    return child as unknown as PipedProcess;
  };
  return { calls, launch, threads: (i: number) => calls[i]!.args.slice(0, 2) };
}

afterEach(() => expect(searchesRunning()).toBe(0));

describe('threadShare', () => {
  it.each([
    [2, 0, 2],
    [2, 1, 1],
    [2, 4, 1],
    [8, 0, 8],
    [8, 1, 4],
    [8, 3, 2],
    [8, 9, 1],
    [1, 0, 1],
  ])('%i cores, %i searches running: %i threads', (cores, others, expected) => {
    expect(threadShare(cores, others)).toBe(expected);
  });
});

describe('sharingCores', () => {
  it('gives each search its share when it starts and takes it back when it ends', () => {
    const l = recordingLauncher();
    const launch = sharingCores(l.launch, 2);
    launch('rg', ['--files', '/x'], { cwd: '/', env: {} });
    launch('rg', ['-l', 'a', '/x'], { cwd: '/', env: {} });
    launch('rg', ['-c', 'b', '/x'], { cwd: '/', env: {} });
    expect([0, 1, 2].map(l.threads)).toEqual([
      ['--threads', '2'],
      ['--threads', '1'],
      ['--threads', '1'],
    ]);
    expect(l.calls[0]!.args).toEqual(['--threads', '2', '--files', '/x']);
    expect(searchesRunning()).toBe(3);
    l.calls[0]!.child.emit('close', 0, null);
    l.calls[1]!.child.emit('close', 1, null);
    expect(searchesRunning()).toBe(1);
    launch('rg', ['-l', 'c', '/x'], { cwd: '/', env: {} });
    expect(l.threads(3)).toEqual(['--threads', '1']);
    l.calls[2]!.child.emit('close', 0, null);
    l.calls[3]!.child.emit('close', 0, null);
    expect(searchesRunning()).toBe(0);
    launch('rg', ['-l', 'd', '/x'], { cwd: '/', env: {} });
    expect(l.threads(4)).toEqual(['--threads', '2']);
    l.calls[4]!.child.emit('close', 0, null);
  });

  it('a search that fails to start, or reports both an error and its close, gives its share back once', () => {
    const l = recordingLauncher();
    const launch = sharingCores(l.launch, 4);
    launch('rg', ['-l', 'a', '/x'], { cwd: '/', env: {} });
    launch('rg', ['-l', 'b', '/x'], { cwd: '/', env: {} });
    l.calls[0]!.child.emit('error', new Error('spawn rg ENOENT'));
    l.calls[0]!.child.emit('close', -2, null);
    expect(searchesRunning()).toBe(1);
    l.calls[1]!.child.emit('close', 0, null);
    expect(searchesRunning()).toBe(0);
  });

  const rg = ripgrepForTests('rg --threads with a real rg');
  it.runIf(rg)('a real rg takes the flag and its share is back once it closes', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-rg-threads-'));
    try {
      writeFileSync(path.join(dir, 'a.txt'), 'needle\n');
      const child = sharingCores(spawnLauncher)(rg!, ['--files', '--', dir], { cwd: dir, env: { PATH: process.env.PATH ?? '' } });
      let out = '';
      child.stdout.on('data', (b: Buffer) => (out += b.toString()));
      const code = await new Promise((resolve) => child.on('close', resolve));
      expect({ code, out }).toEqual({ code: 0, out: `${path.join(dir, 'a.txt')}\n` });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
