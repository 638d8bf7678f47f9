// Test support: runs `main()` in-process with captured streams (stdin piped, or a TTY when absent) and
// reads stdout as JSON lines on demand (explain prints text, so lines are parsed only when asked for).
import { Readable } from 'node:stream';
import { main } from './main';

export async function runCli(argv: string[], env: Record<string, string>, cwd: string, stdin?: string | string[]) {
  let stdout = '';
  let stderr = '';
  const input = stdin === undefined ? Object.assign(Readable.from([]), { isTTY: true }) : Object.assign(Readable.from(Array.isArray(stdin) ? stdin : [stdin]), { isTTY: false });
  const code = await main(argv, { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) }, stdin: input, env, cwd });
  return {
    code,
    stdout,
    stderr,
    get lines() {
      return stdout.trim() === '' ? [] : stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    },
  };
}

/** One check case as a JSON line. */
export const jsonLine = (x: unknown): string => JSON.stringify(x) + '\n';
