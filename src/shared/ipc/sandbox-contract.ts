// The sandbox and its network ledger (issue 15 items 1, 2): what the box blocked, and hosts allowed.
// Spread into src/shared/ipc/contract.ts; channel names are still defined only in these contract files.
import { z } from 'zod';
import { BlockedConnection, SandboxStatus } from '../sandbox';

const sessionId = z.string().min(1).max(200);
/** A host as the ledger names it (a name or an address, no scheme, no port). */
const host = z.string().trim().min(1).max(253).regex(/^[A-Za-z0-9.\-:_\[\]]+$/, 'a host name or address');

/** Request/response channels of this part. */
export const sandboxInvoke = {
  /** Whether the open project's settings turn the sandbox on, and whether it can start here. */
  'sandbox:status': { request: z.strictObject({}), response: SandboxStatus },
  /** The connections the box refused to this conversation's commands, oldest first. */
  'sandbox:blocked': { request: z.strictObject({ sessionId }), response: z.object({ connections: z.array(BlockedConnection) }) },
  /**
   * Lets the box reach `host` from now on: for this conversation only, or for the project (a
   * `WebFetch(domain:host)` allow rule in .claude/settings.local.json, saved like any other rule).
   */
  'sandbox:allow-host': {
    request: z.strictObject({ sessionId, host, scope: z.enum(['session', 'project']) }),
    response: z.object({ connections: z.array(BlockedConnection), rule: z.string().optional() }),
  },
} as const satisfies Record<string, { request: z.ZodType; response: z.ZodType }>;

/** Event channels (main → renderer) of this part. */
export const sandboxEvents = {
  /** A connection was refused (or an entry changed: another attempt, or its host allowed). */
  'sandbox:blocked': BlockedConnection,
} as const satisfies Record<string, z.ZodType>;
