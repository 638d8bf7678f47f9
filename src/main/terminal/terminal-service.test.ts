// The terminal service with the real node-pty (issue 15 item 5): a shell in the project folder that
// echoes, resizes, batches its output, keeps a screen for a reload, and leaves no process behind.
import { mkdtemp, realpath, rm, writeFile, appendFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IpcFailure } from '../../shared/ipc/errors';
import { TERMINAL_DATA_MAX } from '../../shared/ipc/terminal-contract';
import { createLogger } from '../base/log';
import { isProcessAlive } from '../process/kill-tree';
import { createPtyLoader } from './pty-loader';
import { createTerminalService, type TerminalEmit, type TerminalService } from './terminal-service';

type Emitted = Parameters<TerminalEmit>;

let dir: string;
let service: TerminalService | null = null;
let emitted: Emitted[] = [];
const log = createLogger({ level: 'silent' });

function make(extra: Partial<Parameters<typeof createTerminalService>[0]> = {}): TerminalService {
  // HOME is the test's folder: the machine's own ~/.bashrc (which may take a minute) is not this test's subject.
  service = createTerminalService({ env: { ...process.env, HOME: dir, SHELL: '/bin/bash' }, log, emit: (...a) => void emitted.push(a), ...extra });
  return service;
}

/** Everything one terminal has printed so far, as the window would see it. */
const output = (terminalId: string, clientId = 'w1'): string =>
  emitted
    .filter(([c, , e]) => c === clientId && e.channel === 'terminal:data' && e.payload.terminalId === terminalId)
    .map(([, , e]) => (e.payload as { data: string }).data)
    .join('');

beforeEach(async () => {
  dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-desk-term-')));
  emitted = [];
});
afterEach(async () => {
  await service?.dispose();
  service = null;
  await rm(dir, { recursive: true, force: true });
});

describe('terminal service (issue 15 item 5)', () => {
  it('opens the shell in the project folder: typed echo comes back, pwd is the folder, TERM is xterm-256color', async () => {
    const s = make();
    const t = await s.open({ clientId: 'w1', projectDir: dir, cols: 80, rows: 24 });
    expect(t).toEqual({ terminalId: expect.any(String), title: 'Terminal 1', readOnly: false });
    expect(s.write('w1', t.terminalId, 'echo "hello-$((40+2))"; pwd; echo "term=$TERM"\r')).toBe(true);
    await vi.waitFor(() => expect(output(t.terminalId)).toContain(`term=xterm-256color`), { timeout: 10_000 });
    expect(output(t.terminalId)).toContain('hello-42');
    expect(output(t.terminalId)).toContain(dir);
    // Every batch was meant for the window that opened it, in this project.
    expect(emitted.every(([c, p]) => c === 'w1' && p === dir)).toBe(true);
  });

  it('resize reaches the shell: stty reports the new size', async () => {
    const s = make();
    const t = await s.open({ clientId: 'w1', projectDir: dir, cols: 80, rows: 24 });
    expect(s.resize('w1', t.terminalId, 132, 40)).toBe(true);
    s.write('w1', t.terminalId, 'echo "size=$(stty size)"\r');
    await vi.waitFor(() => expect(output(t.terminalId)).toContain('size=40 132'), { timeout: 10_000 });
  });

  it('close ends the shell and what it started: their pids are gone', async () => {
    const s = make();
    const t = await s.open({ clientId: 'w1', projectDir: dir, cols: 80, rows: 24 });
    const pid = s.pidOf(t.terminalId)!;
    expect(isProcessAlive(pid)).toBe(true);
    // A program that ignores the hang-up, started in the background: it must not outlive the tab.
    s.write('w1', t.terminalId, `trap '' HUP; sleep 300 & echo "child=$!"\r`);
    await vi.waitFor(() => expect(output(t.terminalId)).toMatch(/child=\d+/), { timeout: 10_000 });
    const child = Number(/child=(\d+)/.exec(output(t.terminalId))![1]);
    expect(isProcessAlive(child)).toBe(true);
    expect(await s.close('w1', t.terminalId)).toBe(true);
    expect(isProcessAlive(pid)).toBe(false);
    expect(isProcessAlive(child)).toBe(false);
    expect(s.list('w1', dir)).toEqual([]);
    expect(s.write('w1', t.terminalId, 'echo late\r')).toBe(false);
  });

  it('a flood of output arrives in few batches, none over the channel bound, nothing lost', async () => {
    const s = make();
    const t = await s.open({ clientId: 'w1', projectDir: dir, cols: 80, rows: 24 });
    // The end mark is computed, so the echo of the typed line (which the terminal shows too) is not it.
    s.write('w1', t.terminalId, `head -c 300000 /dev/zero | tr '\\0' x; echo; echo flood-$((40+2))\r`);
    await vi.waitFor(() => expect(output(t.terminalId)).toMatch(/flood-42\r\n/), { timeout: 15_000 });
    const batches = emitted.filter(([, , e]) => e.channel === 'terminal:data').map(([, , e]) => (e.payload as { data: string }).data);
    expect(batches.every((b) => b.length <= TERMINAL_DATA_MAX)).toBe(true);
    expect((output(t.terminalId).match(/x/g) ?? []).length).toBeGreaterThanOrEqual(300_000);
    // The pty hands over a few KB at a time: far more pieces than batches sent.
    expect(batches.length).toBeLessThan(300_000 / 4096);
  });

  it('the shell gets the app’s own environment only, and the screen comes back for a reloaded window', async () => {
    const s = make({ env: { ...process.env, HOME: dir, SHELL: '/bin/bash', APP_SIDE: 'from-the-app', AGENT_DESK_TOKEN: 'secret-token' } });
    const t = await s.open({ clientId: 'w1', projectDir: dir, cols: 80, rows: 24 });
    s.write('w1', t.terminalId, 'echo "app=$APP_SIDE token=[$AGENT_DESK_TOKEN]"\r');
    await vi.waitFor(() => expect(output(t.terminalId)).toContain('app=from-the-app token=[]'), { timeout: 10_000 });
    const [snap] = s.list('w1', dir);
    expect(snap).toMatchObject({ terminalId: t.terminalId, title: 'Terminal 1', exit: null });
    expect(snap!.screen).toContain('app=from-the-app');
  });

  it('terminals belong to their window: another client cannot type, resize, close or list them; closeClient ends them all', async () => {
    const s = make();
    const a = await s.open({ clientId: 'w1', projectDir: dir, cols: 80, rows: 24 });
    const b = await s.open({ clientId: 'w1', projectDir: dir, cols: 80, rows: 24 });
    expect(b.title).toBe('Terminal 2');
    expect(s.write('w2', a.terminalId, 'echo intruder\r')).toBe(false);
    expect(s.resize('w2', a.terminalId, 100, 30)).toBe(false);
    expect(await s.close('w2', a.terminalId)).toBe(false);
    expect(s.list('w2', dir)).toEqual([]);
    const pids = [s.pidOf(a.terminalId)!, s.pidOf(b.terminalId)!];
    await s.closeClient('w1');
    expect(pids.some(isProcessAlive)).toBe(false);
    expect(s.list('w1', dir)).toEqual([]);
  });

  it('a shell that exits by itself says so once, and keeps its tab until closed', async () => {
    const s = make();
    const t = await s.open({ clientId: 'w1', projectDir: dir, cols: 80, rows: 24 });
    s.write('w1', t.terminalId, 'exit 3\r');
    await vi.waitFor(() => expect(emitted.some(([, , e]) => e.channel === 'terminal:exit')).toBe(true), { timeout: 10_000 });
    expect(emitted.filter(([, , e]) => e.channel === 'terminal:exit').map(([, , e]) => e.payload)).toEqual([{ terminalId: t.terminalId, exitCode: 3, signal: null }]);
    expect(s.list('w1', dir)[0]?.exit).toEqual({ exitCode: 3, signal: null });
    expect(s.write('w1', t.terminalId, 'x')).toBe(false);
  });

  it('where node-pty cannot load, opening answers the plain sentence as a typed error', async () => {
    const s = make({ loadPty: createPtyLoader(() => Promise.reject(new Error('pty.node: wrong ELF class'))) });
    const err = await s.open({ clientId: 'w1', projectDir: dir, cols: 80, rows: 24 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IpcFailure);
    expect(err).toMatchObject({ code: 'unsupported', message: 'The terminal is not available on this computer: pty.node: wrong ELF class' });
  });

  it('a background task’s output opens read-only and follows the file as it grows', async () => {
    const file = path.join(dir, 'task.output');
    await writeFile(file, 'first line\n');
    const s = make({ tasks: { get: (id) => (id === 'task-1' ? { outputFile: file, command: 'npm run dev', sessionId: 's1' } : undefined) }, taskInProject: async (_d, sid) => sid === 's1' });
    const t = await s.openTask({ clientId: 'w1', projectDir: dir, taskId: 'task-1' });
    expect(t).toMatchObject({ title: 'Output: npm run dev', readOnly: true });
    await vi.waitFor(() => expect(output(t.terminalId)).toContain('first line\r\n'), { timeout: 10_000 });
    await appendFile(file, 'second line\n');
    await vi.waitFor(() => expect(output(t.terminalId)).toContain('second line\r\n'), { timeout: 10_000 });
    expect(s.write('w1', t.terminalId, 'typed')).toBe(false);
    await expect(s.openTask({ clientId: 'w1', projectDir: dir, taskId: 'nope' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('a task of another project is not shown', async () => {
    const s = make({ tasks: { get: () => ({ outputFile: '/etc/hostname', command: 'x', sessionId: 'other' }) }, taskInProject: async () => false });
    await expect(s.openTask({ clientId: 'w1', projectDir: dir, taskId: 'task-9' })).rejects.toMatchObject({ code: 'not_found' });
  });
});
