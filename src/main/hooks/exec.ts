// Runs one command hook: the user's shell in the event's cwd, the event JSON on stdin, a timeout and
// the session's abort signal that kill the hook's whole process tree. Never rejects, never hangs.
import { runProcess } from '../process/run-process';
import { resolveShell } from '../process/shell-env';
import type { CommandHook } from '../settings/hooks-config';

export const DEFAULT_HOOK_TIMEOUT_MS = 60_000;
/** Hook output beyond this is dropped (it is meant to be a verdict, not a log). */
const MAX_CAPTURE_CHARS = 1_000_000;

export type HookOutcome =
  /** Exit 0. */
  | 'success'
  /** Exit 2: the hook blocks; its stderr is the message. */
  | 'blocking'
  /** Any other exit code: reported, execution continues. */
  | 'error'
  | 'timeout'
  | 'aborted'
  /** The shell itself could not start. */
  | 'spawn-error';

export interface HookExecution {
  hook: CommandHook;
  source: string;
  outcome: HookOutcome;
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timeoutMs: number;
  error?: string;
}

export interface ExecHookOptions {
  hook: CommandHook;
  source: string;
  input: unknown;
  cwd: string;
  env: Record<string, string>;
  signal: AbortSignal;
  defaultTimeoutMs?: number;
  killGraceMs?: number;
}

export async function execCommandHook(opts: ExecHookOptions): Promise<HookExecution> {
  const timeoutMs = opts.hook.timeout !== undefined ? opts.hook.timeout * 1_000 : (opts.defaultTimeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS);
  const captured = { stdout: '', stderr: '' };
  let stdin: string;
  try {
    stdin = JSON.stringify(opts.input) + '\n';
  } catch (err) {
    return { ...base('spawn-error', null), error: `The event could not be serialised: ${(err as Error).message}` };
  }
  const run = await runProcess({
    // The user's own shell (the app's $SHELL), not one a settings `env` names (PX4).
    file: resolveShell(),
    args: ['-c', opts.hook.command],
    cwd: opts.cwd,
    env: opts.env,
    stdin,
    timeoutMs,
    signal: opts.signal,
    ...(opts.killGraceMs !== undefined ? { killGraceMs: opts.killGraceMs } : {}),
    onData: (stream, text) => {
      const room = MAX_CAPTURE_CHARS - captured[stream].length;
      if (room > 0) captured[stream] += text.slice(0, room);
    },
  });

  if (run.spawnError) return { ...base('spawn-error', null), error: run.spawnError.message };
  if (run.timedOut) return base('timeout', run.exitCode);
  if (run.aborted) return base('aborted', run.exitCode);
  if (run.exitCode === 0) return base('success', 0);
  if (run.exitCode === 2) return base('blocking', 2);
  return { ...base('error', run.exitCode), ...(run.signal ? { error: `killed by ${run.signal}` } : {}) };

  function base(outcome: HookOutcome, exitCode: number | null): HookExecution {
    return { hook: opts.hook, source: opts.source, outcome, exitCode, stdout: captured.stdout, stderr: captured.stderr, timeoutMs };
  }
}
