// The sandbox seam (BA6): a wrapper that rewrites how a command is launched so the OS contains it
// (runtime.ts: bubblewrap on Linux, sandbox-exec on macOS). Deciding whether a command may run is not
// its job; policy.ts says what the box allows, the Bash tool when a command goes in it.
import type { SandboxPolicy } from './policy';

/** One process launch, as plain data. */
export interface SandboxCommand {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

export interface BoxMeta {
  sessionId: string;
  projectDir?: string;
  /** The command as the model wrote it. */
  command: string;
  /** What the box allows (the app's sandbox needs it; a test wrapper may ignore it). */
  policy?: SandboxPolicy;
  /** More paths the launch itself must write (the tool's own scratch files). */
  extraWrite?: string[];
  signal?: AbortSignal;
}

export interface BoxedLaunch {
  launch: SandboxCommand;
  /** Adds what the box refused during the run to stderr, so the model knows why it failed. */
  annotate?(stderr: string): string;
  /** The command ended. */
  done?(): void;
}

export interface SandboxWrapper {
  /** For logs and the UI ("bubblewrap", …). */
  readonly name: string;
  wrap(cmd: SandboxCommand, meta: BoxMeta): Promise<BoxedLaunch> | BoxedLaunch;
  /** A folder every boxed command may write (for the tool's own files). */
  scratchDir?(): string;
}
