// Bash's pure helpers: exit-code semantics, destructive check, result text, output collector,
// progress coalescing, shell resolution, and killTree on a real tree.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { describe, expect, it } from 'vitest';
import type { BashOutput } from '../../../shared/tools/bash';
import type { ToolProgress } from '../../../shared/tools/tool-call';
import { bashWarnings } from './permission';
import { isProcessAlive, killTree } from '../../process/kill-tree';
import { DEFAULT_OUTPUT_LIMITS, formatBytes, OutputCollector, outputLimitsFromEnv, type OutputLimits } from './output';
import { ProgressCoalescer } from './progress';
import { endsMidCharacter } from '../../process/run-process';
import { formatDuration } from '../../../shared/format-duration';
import { formatBashResult } from './result-text';
import { interpretExitCode, statusCommandName } from './semantics';
import { buildShellEnv, resolveShell } from '../../process/shell-env';

describe('exit-code semantics (BA11)', () => {
  it('BA11 reads the command whose status the shell reports: the last one, skipping assignments and paths', () => {
    expect(statusCommandName('grep foo file')).toBe('grep');
    expect(statusCommandName('cat x | LC_ALL=C /usr/bin/grep -q foo')).toBe('grep');
    expect(statusCommandName('grep foo x && echo yes')).toBeUndefined();
    expect(statusCommandName('grep foo x; ls')).toBe('ls');
    expect(statusCommandName('cd src; grep -rn foo .')).toBe('grep');
    expect(statusCommandName('timeout 5 ls || grep foo x')).toBeUndefined();
    expect(statusCommandName('grep foo x &')).toBeUndefined();
    expect(statusCommandName('[ -f x ]')).toBe('[');
    expect(statusCommandName('grep $(echo foo) x')).toBeUndefined();
  });
  it('BA11 grep/rg 1, diff 1, test 1, find 1 are answers; other codes and commands are errors', () => {
    expect(interpretExitCode('grep foo x', 1)).toBe('No matches found');
    expect(interpretExitCode('rg foo', 1)).toBe('No matches found');
    expect(interpretExitCode('grep foo x', 2)).toBeUndefined();
    expect(interpretExitCode('diff a b', 1)).toBe('Files differ');
    expect(interpretExitCode('[ -f x ]', 1)).toBe('Condition is false');
    expect(interpretExitCode('find . -name x', 1)).toBeDefined();
    expect(interpretExitCode('ls nope', 1)).toBeUndefined();
    expect(interpretExitCode('grep foo x', 0)).toBeUndefined();
  });
});

describe('destructive check (BA9): the Bash tool is destructive when the line has a warning', () => {
  it.each([
    ['rm -rf build', true],
    ['rm -fr /tmp/x', true],
    ['rm -r -f x', true],
    ['rm --recursive --force x', true],
    ['cd a && rm -Rf b', true],
    ['git push --force origin main', true],
    ['git push -f', true],
    ['git reset --hard HEAD~1', true],
    ['rm file.txt', false],
    ['rm -r dir', true],
    ['git push origin main', false],
    ['git reset --soft HEAD~1', false],
    ['echo rm', false],
    ['ls -la', false],
  ])('TL3 %s → destructive %s', (cmd, expected) => {
    expect(bashWarnings(cmd).length > 0).toBe(expected);
  });
});

const out = (o: Partial<BashOutput>): BashOutput => ({
  stdout: '',
  stderr: '',
  exitCode: 0,
  interrupted: false,
  timedOut: false,
  timeoutMs: 120_000,
  cwd: '/',
  ...o,
});

describe('result text (PL6 mapping)', () => {
  it('formats durations like Claude Code', () => {
    expect(formatDuration(120_000)).toBe('2m 0s');
    expect(formatDuration(600_000)).toBe('10m 0s');
    expect(formatDuration(90_500)).toBe('1m 31s');
    expect(formatDuration(1_000)).toBe('1s');
    expect(formatDuration(1_500)).toBe('1.5s');
    expect(formatDuration(250)).toBe('0.3s');
    expect(formatDuration(884)).toBe('0.9s');
    expect(formatDuration(0)).toBe('0s');
  });
  it('PL8 stdout, stderr, then how it ended; errors flagged', () => {
    expect(formatBashResult(out({ stdout: '\n\nok\n\n' }))).toEqual({ content: 'ok', isError: false });
    expect(formatBashResult(out({}))).toEqual({ content: '(no output)', isError: false });
    expect(formatBashResult(out({ stderr: 'bad\n', exitCode: 2 }))).toEqual({ content: 'bad\nExit code 2', isError: true });
    expect(formatBashResult(out({ timedOut: true, exitCode: null, signal: 'SIGTERM' }))).toEqual({
      content: 'Command timed out after 2m 0s',
      isError: true,
    });
    expect(formatBashResult(out({ interrupted: true, exitCode: null })).content).toBe(
      '<error>Command was aborted before completion</error>',
    );
    expect(formatBashResult(out({ exitCode: null, signal: 'SIGKILL' })).content).toBe('Command was killed by SIGKILL');
    expect(formatBashResult(out({ exitCode: 1, returnCodeInterpretation: 'No matches found' }))).toEqual({
      content: 'Exit code 1 (No matches found)',
      isError: false,
    });
  });
});

describe('OutputCollector (bounded memory)', () => {
  it('PL6 the spill file holds the bytes as read: a character split across reads, invalid UTF-8, and no decoder flush written twice', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-out-'));
    try {
      const c = new OutputCollector(path.join(dir, 'full.txt'), { spillAtChars: 4, headChars: 100, tailChars: 100 });
      const euro = Buffer.from('€'); // 3 bytes
      const decoder = new StringDecoder('utf8');
      const feed = (raw: Buffer) => c.append('stdout', decoder.write(raw), raw);
      feed(Buffer.from('abc'));
      feed(euro.subarray(0, 1));
      feed(Buffer.concat([euro.subarray(1), Buffer.from('defg')]));
      feed(Buffer.from([0xff, 0x41]));
      feed(euro.subarray(0, 2));
      // The decoder's final flush has no new bytes: only the view gets its replacement character.
      c.append('stdout', decoder.end(), Buffer.alloc(0));
      c.close();
      const expected = Buffer.concat([Buffer.from('abc'), euro, Buffer.from('defg'), Buffer.from([0xff, 0x41]), euro.subarray(0, 2)]);
      expect(readFileSync(c.outputFile!)).toEqual(expected);
      expect(c.text('stdout')).toBe('abc€defg\ufffdA\ufffd');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('PL6 thousands of tiny reads (more than one writev takes) all reach the file in order', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-out-'));
    try {
      const c = new OutputCollector(path.join(dir, 'full.txt'), { spillAtChars: 3_000, headChars: 10, tailChars: 10 });
      let all = '';
      for (let i = 0; i < 5_000; i++) {
        const piece = String.fromCharCode(97 + (i % 26));
        all += piece;
        c.append(i % 7 === 0 ? 'stderr' : 'stdout', piece);
      }
      c.close();
      expect(readFileSync(c.outputFile!, 'utf8')).toBe(all);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('PL6 keeps everything below the threshold; spills the ordered whole past it, keeping head and tail', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-out-'));
    try {
      const c = new OutputCollector(path.join(dir, 'sub', 'full.txt'), { spillAtChars: 10, headChars: 4, tailChars: 3 });
      c.append('stdout', 'abc');
      c.append('stderr', 'E1');
      expect(c.outputFile).toBeUndefined();
      expect(c.text('stdout')).toBe('abc');
      c.append('stdout', 'defghij');
      c.append('stderr', 'E2');
      c.append('stdout', 'klmnop');
      c.close();
      expect(c.outputFile).toBe(path.join(dir, 'sub', 'full.txt'));
      expect(readFileSync(c.outputFile!, 'utf8')).toBe('abcE1defghijE2klmnop');
      expect(c.totalChars).toBe(20);
      const stdout = c.text('stdout');
      expect(stdout.startsWith('abcd')).toBe(true);
      expect(stdout.endsWith('nop')).toBe(true);
      expect(stdout).toContain('9 characters omitted');
      expect(c.text('stderr')).toBe('E1E2');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('OutputCollector: the spill file has a cap (PX8)', () => {
  /** A collector spilling into a temp folder, removed afterwards. */
  const capped = (limits: OutputLimits, test: (c: OutputCollector) => void) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-cap-'));
    try {
      test(new OutputCollector(path.join(dir, 'full.txt'), limits));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('past the cap the file keeps a prefix cut on a character boundary; the rest is counted; memory keeps the tails', () => {
    capped({ spillAtChars: 4, headChars: 3, tailChars: 4, spillMaxBytes: 10 }, (c) => {
      c.append('stdout', 'abcdef');
      c.append('stderr', 'E€'); // bytes 7..10: 'E' then the 3-byte euro sign, which would end at byte 10
      c.append('stdout', 'ghij');
      c.append('stdout', 'z');
      expect(c.droppedBytes).toBe(5); // 'ghij' and 'z'
      c.close();
      const saved = readFileSync(c.outputFile!, 'utf8');
      // 6 + 1 + 3 = 10 bytes fit exactly: the euro sign is whole, nothing after it is written.
      expect(saved.startsWith('abcdefE€')).toBe(true);
      expect(saved.slice('abcdefE€'.length)).toBe('\n\n... [Agent Desk stopped saving the output here: the file reached its cap of 10 bytes; 5 more bytes were dropped] ...\n');
      expect(c.text('stdout').endsWith('hijz')).toBe(true);
      expect(c.text('stdout')).toContain('the file below holds the start of the output');
      expect(c.text('stderr')).toBe('E€');
      expect(c.totalChars).toBe(13);
    });
  });

  it('a character that would straddle the cap is left out whole', () => {
    capped({ spillAtChars: 1, headChars: 2, tailChars: 2, spillMaxBytes: 5 }, (c) => {
      c.append('stdout', 'abc€d'); // the euro sign would take bytes 4..6
      c.close();
      expect(readFileSync(c.outputFile!).subarray(0, 3).toString()).toBe('abc');
      expect(readFileSync(c.outputFile!, 'utf8').slice(3)).toMatch(/^\n\n\.\.\. \[Agent Desk stopped saving .* 4 more bytes were dropped\] \.\.\.\n$/);
      expect(c.droppedBytes).toBe(4);
    });
  });

  it('under the cap nothing changes: the file is the whole output, no drop, no note', () => {
    capped({ spillAtChars: 2, headChars: 2, tailChars: 2, spillMaxBytes: 6 }, (c) => {
      c.append('stdout', 'abcdef');
      c.close();
      expect(readFileSync(c.outputFile!, 'utf8')).toBe('abcdef');
      expect(c.droppedBytes).toBe(0);
    });
  });

  it('64 MB by default; AGENT_DESK_BASH_SPILL_MAX_BYTES sets it (whole bytes; nonsense ignored)', () => {
    expect(DEFAULT_OUTPUT_LIMITS.spillMaxBytes).toBe(64 * 1024 * 1024);
    expect(outputLimitsFromEnv({})).toEqual(DEFAULT_OUTPUT_LIMITS);
    expect(outputLimitsFromEnv({ AGENT_DESK_BASH_SPILL_MAX_BYTES: '1048576' }).spillMaxBytes).toBe(1_048_576);
    for (const v of ['0', '-1', '1.5', '64MB', '']) expect(outputLimitsFromEnv({ AGENT_DESK_BASH_SPILL_MAX_BYTES: v }), v).toEqual(DEFAULT_OUTPUT_LIMITS);
    expect([12, 1536, 64 * 1024 * 1024, 3 * 1024 ** 3].map(formatBytes)).toEqual(['12 bytes', '1.5 KB', '64 MB', '3 GB']);
  });
});

describe('OutputCollector: output past the spill arrives undecoded (PL6)', () => {
  const limits = { spillAtChars: 40, headChars: 10, tailChars: 12 };
  // ASCII, two-byte, three-byte and four-byte (two UTF-16 units) characters, cut into 7-byte reads so
  // characters are split across reads.
  const sample = ('line é€😀 ' + 'x'.repeat(9) + '\n').repeat(12);
  const reads = (bytes: Buffer) => Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));

  function collect(undecodedAfterSpill: boolean): { text: string; total: number } {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-raw-'));
    try {
      const c = new OutputCollector(path.join(dir, 'full.txt'), limits);
      const decoder = new StringDecoder('utf8');
      let decoding = true;
      let clean = true;
      // As run-process does: decoding stops only after a read that ended on a whole character.
      for (const raw of reads(Buffer.from(sample))) {
        if (undecodedAfterSpill && c.spilled && clean) decoding = false;
        clean = !endsMidCharacter(raw);
        if (decoding) c.append('stdout', decoder.write(raw), raw);
        else c.append('stdout', '', raw, false);
      }
      if (decoding) c.append('stdout', decoder.end(), Buffer.alloc(0));
      c.close();
      expect(readFileSync(c.outputFile!, 'utf8')).toBe(sample);
      return { text: c.text('stdout'), total: c.totalChars };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('PL6 endsMidCharacter tells a read cut inside a character', () => {
    const euro = Buffer.from('a€');
    expect(endsMidCharacter(euro)).toBe(false);
    expect(endsMidCharacter(euro.subarray(0, 2))).toBe(true);
    expect(endsMidCharacter(euro.subarray(0, 3))).toBe(true);
    expect(endsMidCharacter(Buffer.from('😀').subarray(0, 3))).toBe(true);
    expect(endsMidCharacter(Buffer.from('x😀'))).toBe(false);
    expect(endsMidCharacter(Buffer.alloc(0))).toBe(false);
  });

  it('PL6 the view (head, omitted count, tail) and the total are those of the decoded path', () => {
    const decoded = collect(false);
    const raw = collect(true);
    expect(raw.total).toBe(sample.length);
    expect(raw).toEqual(decoded);
    expect(raw.text.endsWith(sample.slice(-12))).toBe(true);
  });
});

describe('ProgressCoalescer', () => {
  it('PL5 merges adjacent chunks of one stream, keeps stream order, and caps the live text', () => {
    const got: ToolProgress[] = [];
    const p = new ProgressCoalescer((e) => got.push(e), { flushMs: 10_000, maxPendingChars: 1_000, liveBudgetChars: 8 });
    p.push('stdout', 'a');
    p.push('stdout', 'b');
    p.push('stderr', 'c');
    p.push('stdout', 'd');
    expect(got).toEqual([]);
    p.flush();
    expect(got).toEqual([
      { type: 'output', stream: 'stdout', text: 'ab' },
      { type: 'output', stream: 'stderr', text: 'c' },
      { type: 'output', stream: 'stdout', text: 'd' },
    ]);
    p.push('stdout', '123456789');
    p.flush();
    p.dispose();
    expect(got.slice(3)).toEqual([
      { type: 'output', stream: 'stdout', text: '1234' },
      { type: 'status', text: 'Output continues: 5 chars more not shown live' },
    ]);
  });
  it('PL5 past the live budget, chunks only add to the count: one status line per merge window', async () => {
    const got: ToolProgress[] = [];
    const p = new ProgressCoalescer((e) => got.push(e), { flushMs: 20, maxPendingChars: 4, liveBudgetChars: 4 });
    p.push('stdout', 'abcd');
    for (let i = 0; i < 50; i++) p.push('stdout', 'xxxxxxxx');
    expect(got).toEqual([{ type: 'output', stream: 'stdout', text: 'abcd' }]);
    await new Promise((r) => setTimeout(r, 60));
    expect(got.slice(1)).toEqual([{ type: 'status', text: 'Output continues: 400 chars more not shown live' }]);
    p.push('stderr', 'yy');
    p.flush();
    // A flush with nothing new says nothing again.
    p.flush();
    p.dispose();
    expect(got.slice(2)).toEqual([{ type: 'status', text: 'Output continues: 402 chars more not shown live' }]);
  });
  it('PL5 flushes at once when enough text is pending', () => {
    const got: ToolProgress[] = [];
    const p = new ProgressCoalescer((e) => got.push(e), { flushMs: 10_000, maxPendingChars: 4, liveBudgetChars: 100 });
    p.push('stdout', 'abcd');
    expect(got).toEqual([{ type: 'output', stream: 'stdout', text: 'abcd' }]);
    p.dispose();
  });
});

describe('shell', () => {
  it('uses $SHELL only when it is an executable bash or zsh', () => {
    expect(resolveShell({ SHELL: '/bin/bash' })).toBe('/bin/bash');
    expect(resolveShell({ SHELL: '/usr/bin/fish' })).toBe('/bin/bash');
    expect(resolveShell({ SHELL: '/nonexistent/zsh' })).toBe('/bin/bash');
    expect(resolveShell({ SHELL: 'bash' })).toBe('/bin/bash');
    expect(resolveShell({})).toBe('/bin/bash');
  });
  it('merges the session env over the base env; undefined unsets', () => {
    const env = buildShellEnv({ B: '2', C: undefined }, { A: '1', B: '1', C: '1' });
    expect(env).toMatchObject({ A: '1', B: '2', GIT_EDITOR: 'true' });
    expect('C' in env).toBe(false);
  });
});

describe('killTree', () => {
  it('BA kills a detached group leader, its grandchildren and a setsid escapee', async () => {
    const child = spawn('/bin/sh', ['-c', 'sleep 100 & echo $!; setsid sleep 100 & echo $!; sleep 100'], {
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const pids: number[] = [];
    await new Promise<void>((resolve) => {
      let buf = '';
      child.stdout!.on('data', (b: Buffer) => {
        buf += b.toString();
        const found = buf.split('\n').filter((l) => /^\d+$/.test(l));
        if (found.length === 2) {
          pids.push(...found.map(Number));
          resolve();
        }
      });
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await killTree(child.pid!, { graceMs: 2_000 });
    await exited;
    for (const pid of [child.pid!, ...pids]) expect(isProcessAlive(pid)).toBe(false);
  });
  it('BA SIGKILLs what ignores SIGTERM after the grace', async () => {
    const child = spawn('/bin/bash', ['-c', 'trap "" TERM; echo ready; while :; do sleep 0.05; done'], {
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_c, s) => resolve(s)));
    await killTree(child.pid!, { graceMs: 200 });
    expect(await exited).toBe('SIGKILL');
    expect(isProcessAlive(child.pid!)).toBe(false);
  });
});
