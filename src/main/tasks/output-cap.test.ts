// Issue 16 item 6: a background program writing without end keeps its output file under the cap; the
// newest output stays, with a note of what was dropped; the program is not stopped.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { capOutputFile } from './output-cap';

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

describe('capOutputFile (issue 16 item 6)', () => {
  it('`yes` into the file for a second: it never stays past the cap, the newest lines are there, the program still runs', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ad-cap-'));
    const file = path.join(dir, 'task.output');
    const fd = openSync(file, 'a');
    const child = spawn('yes', ['a line of output'], { stdio: ['ignore', fd, fd] });
    closeSync(fd);
    const cap = capOutputFile(file, 1024 * 1024, { intervalMs: 20 });
    const sizes: number[] = [];
    for (let i = 0; i < 40; i++) {
      await new Promise((r) => setTimeout(r, 25));
      sizes.push(statSync(file).size);
    }
    expect(child.exitCode).toBeNull();
    // Cut while the program writes, not only at the end: dropped output counted, and the file seen shrinking.
    // (How big it grows between two checks depends on the machine's load, so no size bound is asserted here.)
    expect(cap.dropped()).toBeGreaterThan(1024 * 1024);
    expect(sizes.some((size, i) => i > 0 && size < sizes[i - 1]!)).toBe(true);
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));
    cap.stop();
    expect(statSync(file).size).toBeLessThanOrEqual(1024 * 1024 + 200);
    const text = readFileSync(file, 'utf8');
    // The program may write between the cut and the note: the note starts a line, not always the file.
    expect(text).toMatch(/(^|\n)\[\d+ bytes of earlier output were dropped: this file is kept under 1048576 bytes\]\n/);
    // The newest lines are at the end. The very end may be part of a line: the cut reads the file while
    // `yes` writes to it, and a read can see half of a write that SIGKILL then never completes.
    expect(text.slice(-64)).toContain('a line of output\n');
    expect(text.endsWith('a line of output\n') || 'a line of output\n'.startsWith(text.slice(text.lastIndexOf('\n') + 1))).toBe(true);
  });

  it('a file under its cap is left as it is', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ad-cap-'));
    const file = path.join(dir, 'small.output');
    closeSync(openSync(file, 'a'));
    const cap = capOutputFile(file, 10);
    cap.stop();
    expect(cap.dropped()).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('');
  });
});
