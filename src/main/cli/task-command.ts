// `agent-desk task start|list|stop` (DK3): the same local task host the tray and the windows use, with no
// window. `start` writes the task's record and leaves it to a detached worker (`task _worker ID`, this
// same program), so the shell is free at once and `list` and `stop` work from any other shell.
import { BackgroundTaskSpec, isEnded, taskBudgetWords, taskProgressWords, taskStatusWords, type BackgroundTaskView } from '../../shared/background-tasks';
import { formatDuration } from '../../shared/format-duration';
import { createLocalTaskHost, type WorkerCommand } from '../app/background/local-host';
import { isTaskId } from '../app/background/records';
import { readSavedTasks } from '../app/background/saved-tasks';
import { runTaskWorker } from '../app/background/worker';
import { defaultDataDir } from '../base/data-paths';
import { createLogger } from '../base/log';
import { taskApprovalTimeoutMs, waitedWords } from '../engine/tools/task-approval';
import { readStdin, type CliIO } from './io';
import { projectDirOf } from './project-dir';
import type { TaskCommand } from './task-args';

type Cmd<K extends TaskCommand['kind']> = Extract<TaskCommand, { kind: K }>;

function fail(io: CliIO, message: string, code: number): number {
  io.stderr.write(`agent-desk: ${message}\n`);
  return code;
}

function hostFor(io: CliIO, worker?: WorkerCommand) {
  const log = createLogger({ level: io.env.AGENT_DESK_LOG ?? 'error' });
  return { log, dataDir: defaultDataDir({ env: io.env }), host: (dataDir: string) => createLocalTaskHost({ dataDir, env: io.env, log, ...(worker ? { worker } : {}) }) };
}

/** One task in a few lines: id, status, how long, name and folder; then what it does or how it ended. */
export function taskLines(t: BackgroundTaskView, now: number): string {
  const status = t.status === 'needs-approval' ? `${taskStatusWords(t.status)} (${t.waiting})` : taskStatusWords(t.status);
  const elapsed = formatDuration(Math.max(0, (t.endedAt ?? now) - t.createdAt));
  const detail = isEnded(t.status) ? t.outcome : t.activity;
  return [
    `${t.id}  ${status} · ${elapsed} · “${t.name}” in ${t.where}`,
    `  ${taskProgressWords(t)}${t.budgetUsd !== undefined ? ` · ${taskBudgetWords(t)}` : ''}`,
    ...(detail ? [`  ${detail.split('\n')[0]!.slice(0, 200)}`] : []),
  ].join('\n');
}

export async function runTaskStart(cmd: Cmd<'task-start'>, io: CliIO): Promise<number> {
  const dir = await projectDirOf(io, cmd.cwd);
  if (typeof dir === 'object') return fail(io, dir.error, 2);
  const { log, dataDir, host } = hostFor(io, io.self);
  if (!io.self) return fail(io, 'background tasks cannot be started from here (no way to run a worker)', 1);
  let prompt = cmd.prompt;
  if (cmd.stdin) {
    if (!io.stdin || io.stdin.isTTY) return fail(io, cmd.saved ? 'no prompt on stdin (pipe one, or leave out -)' : 'task start needs a prompt: pass it, pipe one on stdin, or use --saved NAME', 2);
    prompt = (await readStdin(io.stdin)).trim() || null;
    if (!prompt && !cmd.saved) return fail(io, 'no prompt: stdin was empty', 2);
  }
  let saved = null;
  if (cmd.saved) {
    const all = await readSavedTasks(dataDir, log);
    saved = all.find((t) => t.name === cmd.saved) ?? null;
    if (!saved) return fail(io, `no saved task '${cmd.saved}'${all.length ? ` (saved tasks: ${all.map((t) => t.name).join(', ')})` : ' (none are saved)'}`, 2);
  }
  const spec = BackgroundTaskSpec.safeParse({
    projectDir: dir,
    prompt: prompt ?? saved?.prompt,
    mode: cmd.mode ?? saved?.mode ?? 'default',
    ...((cmd.name ?? saved?.name) ? { name: cmd.name ?? saved?.name } : {}),
    ...((cmd.budgetUsd ?? saved?.budgetUsd) !== undefined && (cmd.budgetUsd ?? saved?.budgetUsd) !== null ? { budgetUsd: cmd.budgetUsd ?? saved?.budgetUsd } : {}),
    ...(saved ? { savedTask: saved.name } : {}),
  });
  if (!spec.success) return fail(io, spec.error.issues[0]?.message ?? 'the task is not valid', 2);
  // The person typed this folder on a command line: its own settings count, as for `-p`.
  const task = await host(dataDir).start(spec.data, { trustFolder: true });
  if (cmd.json) io.stdout.write(JSON.stringify(task) + '\n');
  if (task.status === 'failed') return fail(io, task.outcome ?? 'the task could not start', 1);
  if (!cmd.json) {
    const wait = waitedWords(taskApprovalTimeoutMs(io.env));
    io.stdout.write(
      [
        `Started background task ${task.id} “${task.name}” in ${task.where}.`,
        `  Follow it: agent-desk task list     Stop it: agent-desk task stop ${task.id}`,
        `  When it needs approval, it asks in the approval inbox of this folder's windows (the desktop app or`,
        `  agent-desk serve); a request nobody answers within ${wait} is denied.`,
        '',
      ].join('\n'),
    );
  }
  return 0;
}

export async function runTaskList(cmd: Cmd<'task-list'>, io: CliIO): Promise<number> {
  let only: string | null = null;
  if (cmd.cwd !== null) {
    const dir = await projectDirOf(io, cmd.cwd);
    if (typeof dir === 'object') return fail(io, dir.error, 2);
    only = dir;
  }
  const { dataDir, host } = hostFor(io);
  const tasks = (await host(dataDir).list()).filter((t) => only === null || t.projectDir === only);
  if (cmd.json) {
    io.stdout.write(JSON.stringify(tasks) + '\n');
    return 0;
  }
  if (tasks.length === 0) {
    io.stdout.write(`No background tasks${only ? ` in ${only}` : ''}. Start one with: agent-desk task start --cwd DIR "what to do"\n`);
    return 0;
  }
  const now = Date.now();
  io.stdout.write(tasks.map((t) => taskLines(t, now)).join('\n') + '\n');
  return 0;
}

export async function runTaskStop(cmd: Cmd<'task-stop'>, io: CliIO): Promise<number> {
  const { dataDir, host } = hostFor(io);
  const r = isTaskId(cmd.id) ? await host(dataDir).stop(cmd.id) : ({ outcome: 'not_found' } as const);
  if (r.outcome === 'not_found') return fail(io, `no background task '${cmd.id.slice(0, 80)}' (see agent-desk task list)`, 1);
  if (cmd.json) io.stdout.write(JSON.stringify({ outcome: r.outcome, task: r.task }) + '\n');
  if (r.outcome === 'ended') return fail(io, `task ${r.task.id} “${r.task.name}” has already ended (${taskStatusWords(r.task.status).toLowerCase()})`, 1);
  if (!cmd.json) io.stdout.write(`Stopped background task ${r.task.id} “${r.task.name}”.\n`);
  return 0;
}

/** The detached worker: runs the task, its log on stderr (the task's worker.log). */
export async function runTaskWorkerCommand(cmd: Cmd<'task-worker'>, io: CliIO): Promise<number> {
  const log = createLogger({ level: io.env.AGENT_DESK_LOG ?? 'info', prefix: `agent-desk:task:${cmd.id.slice(0, 40)}` });
  return runTaskWorker({
    dataDir: defaultDataDir({ env: io.env }),
    id: cmd.id,
    env: io.env,
    log,
    onStop: (handler) => {
      process.on('SIGTERM', handler);
      process.on('SIGINT', handler);
      return () => {
        process.off('SIGTERM', handler);
        process.off('SIGINT', handler);
      };
    },
  });
}
