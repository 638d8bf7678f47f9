// The sandbox seam (BA6): a wrapper that rewrites how a command is launched (bubblewrap on Linux,
// sandbox-exec on macOS come later). Deciding whether a command may run is not its job.

/** One process launch, as plain data. */
export interface SandboxCommand {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

export interface SandboxWrapper {
  /** For logs and the UI ("none", "bubblewrap", …). */
  readonly name: string;
  wrap(cmd: SandboxCommand): SandboxCommand;
}

/** The default until the sandbox issue: launches the command unchanged. */
export const passThroughSandbox: SandboxWrapper = {
  name: 'none',
  wrap: (cmd) => ({ ...cmd, args: [...cmd.args], env: { ...cmd.env } }),
};
