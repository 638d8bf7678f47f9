// One git command (a worktree's making and end, a folder's status and branch): its output and whether it
// succeeded. Bounded in time; never throws; never waits for a credential prompt or an editor.
import { runProcess } from '../process/run-process';

export interface GitResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

export async function git(args: string[], cwd: string, opts: { timeoutMs?: number; signal?: AbortSignal; env?: Readonly<Record<string, string | undefined>> } = {}): Promise<GitResult> {
  let stdout = '';
  let stderr = '';
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(opts.env ?? process.env)) if (v !== undefined) env[k] = v;
  // Never a prompt for credentials or an editor: nobody would answer it.
  env.GIT_TERMINAL_PROMPT = '0';
  env.GIT_EDITOR = 'true';
  const r = await runProcess({
    file: 'git',
    args,
    cwd,
    env,
    timeoutMs: opts.timeoutMs ?? 30_000,
    ...(opts.signal ? { signal: opts.signal } : {}),
    onData: (stream, text) => {
      if (stream === 'stdout') stdout += text;
      else stderr += text;
    },
  });
  return { ok: r.exitCode === 0 && !r.spawnError, stdout, stderr: r.spawnError ? r.spawnError.message : stderr };
}
