// The sandbox and its network ledger (issue 15 items 1, 2): what the box blocked, and hosts allowed.
// Spread into src/shared/ipc/contract.ts; channel names are still defined only in these contract files.
import { z } from 'zod';

/** Request/response channels of this part. */
export const sandboxInvoke = {} as const satisfies Record<string, { request: z.ZodType; response: z.ZodType }>;

/** Event channels (main → renderer) of this part. */
export const sandboxEvents = {} as const satisfies Record<string, z.ZodType>;
