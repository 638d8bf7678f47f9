// Runs `agent-desk` in-process (main()) in a harness's project with its env, collecting stdout and stderr.
import { Readable } from 'node:stream';
import { main } from '../../src/main/cli/main';
import type { Harness } from './harness';

export async function runCli(h: Harness, argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    stdin: Object.assign(Readable.from([]), { isTTY: true }),
    env: h.env,
    cwd: h.projectDir,
  });
  return { code, stdout, stderr };
}
