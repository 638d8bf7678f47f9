// Test support: a real temp project folder and a ToolUseContext over it, for tests that run real
// processes (Bash, hooks). Not used by production code.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../../ipc/dispatch';
import type { ToolUseContext } from '../core/tool';
import type { PipedProcess } from './launcher-shell';
import type { LauncherShells } from './launchers';

export interface TempProject {
  dir: string;
  ctx: ToolUseContext;
  abort: AbortController;
  logs: string[];
  cleanup(): void;
}

export function tempProject(env: Record<string, string | undefined> = {}): TempProject {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-bash-')));
  const abort = new AbortController();
  const logs: string[] = [];
  const log: Logger = {
    debug: () => undefined,
    info: (m) => logs.push(`info ${m}`),
    warn: (m) => logs.push(`warn ${m}`),
    error: (m) => logs.push(`error ${m}`),
  };
  const ctx: ToolUseContext = {
    sessionId: 'test-session',
    projectDir: dir,
    workingDirectories: [dir],
    state: { cwd: dir },
    abortSignal: abort.signal,
    toolResultsDir: path.join(dir, '.session', 'tool-results'),
    env,
    log,
    tools: [],
  };
  return { dir, ctx, abort, logs, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The pid of a live launcher other than `not` (waits for one to be forked, at most 5 s). */
export async function launcherPid(shells: LauncherShells, not?: number): Promise<number> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const pid = shells.pids().find((p) => p !== not);
    if (pid !== undefined) return pid;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('no launcher shell appeared within 5 s');
}

/** Everything a started program prints, and how it ended. */
export function collectOutput(child: PipedProcess): Promise<{ out: string; err: string; code: number | null; signal: NodeJS.Signals | null }> {
  let out = '';
  let err = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ out, err, code, signal })));
}

/** Waits (at most 5 s) until `cond` holds. */
export async function until(cond: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
