// What the CLI touches of the outside world, injected so tests can run it in-process.
export interface CliIO {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  stdin?: AsyncIterable<unknown> & { isTTY?: boolean; setEncoding?(enc: BufferEncoding): unknown };
  env: Record<string, string | undefined>;
  cwd: string;
  /** Registers a Ctrl-C handler; returns its removal. */
  onInterrupt?: (handler: () => void) => () => void;
  /** Called before a command that runs the engine (run, serve) loads it: the real process forks its helpers while still small. */
  beforeEngine?: () => void;
  /** How to run this program again (`task start` runs its worker so); absent where it cannot (in-process tests). */
  self?: { command: string; args: string[] };
}

/** All of stdin as text (a piped prompt). */
export async function readStdin(stdin: NonNullable<CliIO['stdin']>): Promise<string> {
  let text = '';
  stdin.setEncoding?.('utf8');
  for await (const chunk of stdin) text += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return text;
}
