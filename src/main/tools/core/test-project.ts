// Test support: a real temp project folder and a ToolUseContext over it, for tests of tools that touch
// real files and run real processes. Not used by production code.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../../base/log';
import type { ToolUseContext } from './tool';

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
