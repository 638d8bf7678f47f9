// `run_in_background`: starts the command in its own process group with stdout and stderr going
// straight to an output file, and registers it as a shell task (BA10 seam; TaskOutput/TaskStop later).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import type { SandboxCommand } from '../../sandbox/index';
import type { TaskInfo, TaskRegistry } from '../../tasks/registry';
import { killTree } from '../../process/kill-tree';
import { processStartToken } from '../../process/inspect/process-table';
import { capOutputFile } from '../../tasks/output-cap';
import { DEFAULT_SPILL_MAX_BYTES, outputLimitsFromEnv } from './output';

export interface StartBackgroundOptions {
  launch: SandboxCommand;
  command: string;
  description?: string;
  sessionId: string;
  /** A subagent's name when one started it (absent: the conversation). */
  startedBy?: string;
  /** The session's project folder: the task is listed to that project's windows. */
  projectDir?: string;
  /** Folder for the output file (created if missing). */
  outputDir: string;
  registry: TaskRegistry;
}

export function newTaskId(): string {
  return `bash_${randomBytes(4).toString('hex')}`;
}

/** Starts the task; throws (a clear Error) only when it cannot be started at all. */
export function startBackgroundShell(opts: StartBackgroundOptions): TaskInfo {
  const id = newTaskId();
  mkdirSync(opts.outputDir, { recursive: true });
  const outputFile = path.join(opts.outputDir, `${id}.output`);
  const fd = openSync(outputFile, 'a');
  let child;
  try {
    child = spawn(opts.launch.file, opts.launch.args, {
      cwd: opts.launch.cwd,
      env: opts.launch.env,
      detached: true,
      stdio: ['ignore', fd, fd],
    });
  } finally {
    // The child holds its own copy of the descriptor.
    closeSync(fd);
  }
  const pid = child.pid;
  if (pid === undefined) {
    // Spawn failures are reported asynchronously; swallow the event, the caller reports the error.
    child.on('error', () => undefined);
    throw new Error(`Could not start the background command (shell ${opts.launch.file})`);
  }
  // The app must not wait for background tasks; they are stopped through the registry.
  child.unref();
  const info: TaskInfo = {
    id,
    kind: 'shell',
    sessionId: opts.sessionId,
    ...(opts.startedBy ? { startedBy: opts.startedBy } : {}),
    command: opts.command,
    ...(opts.description ? { description: opts.description } : {}),
    outputFile,
    pid,
    // Detached: the child leads its own group. Its start token tells it from a later process with its pid.
    groupId: pid,
    ...startTokenOf(pid),
    ...(opts.projectDir ? { projectDir: opts.projectDir } : {}),
    status: 'running',
    startedAt: Date.now(),
  };
  opts.registry.register({ info, stop: () => killTree(pid) });
  // Its output goes straight to the file: kept under the spill cap while it runs.
  const cap = capOutputFile(outputFile, outputLimitsFromEnv().spillMaxBytes ?? DEFAULT_SPILL_MAX_BYTES);
  child.on('error', () => undefined);
  child.on('exit', (code, signal) => {
    cap.stop();
    opts.registry.settle(id, code === 0 ? 'completed' : signal ? 'killed' : 'failed', code);
  });
  return info;
}

function startTokenOf(pid: number): { startToken?: string } {
  const token = processStartToken(pid);
  return token ? { startToken: token } : {};
}
