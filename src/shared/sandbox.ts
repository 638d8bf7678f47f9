// The sandbox as the renderer sees it (BA6, issue 15 items 1–2): whether it runs, and the
// connections it refused, as plain data.
import { z } from 'zod';

export const SandboxStatus = z.object({
  /** The settings turn the sandbox on for this project. */
  enabled: z.boolean(),
  /** It can start on this computer (bubblewrap and socat on Linux, sandbox-exec on macOS). */
  available: z.boolean(),
  /** Why it cannot, in plain words. */
  reason: z.string().optional(),
});
export type SandboxStatus = z.infer<typeof SandboxStatus>;

export const BlockedConnection = z.object({
  id: z.string(),
  sessionId: z.string(),
  /** The project folder the command ran in. */
  projectDir: z.string().optional(),
  /** The command as the model wrote it. */
  command: z.string(),
  /** The tool call that ran it, when known. */
  callId: z.string().optional(),
  host: z.string(),
  port: z.number().int(),
  /** Why the box refused it, in the sandbox's words (e.g. "host is not on the allow list"). */
  reason: z.string(),
  /** ms since the epoch, first and last attempt. */
  at: z.number(),
  lastAt: z.number(),
  count: z.number().int(),
  /**
   * A raw connection (bash's /dev/tcp): it never reaches the proxy, so no allowance lets it through;
   * only programs that connect through the proxy (curl, npm, git over https) can be allowed.
   */
  direct: z.boolean().optional(),
  /** The person allowed this host since. */
  allowed: z.boolean().optional(),
});
export type BlockedConnection = z.infer<typeof BlockedConnection>;
