// Background tasks and the process manager (issue 15 items 3, 4): what the agent left running, stopped or kept.
// Spread into src/shared/ipc/contract.ts; channel names are still defined only in these contract files.
import { z } from 'zod';

/** Request/response channels of this part. */
export const tasksInvoke = {} as const satisfies Record<string, { request: z.ZodType; response: z.ZodType }>;

/** Event channels (main → renderer) of this part. */
export const tasksEvents = {} as const satisfies Record<string, z.ZodType>;
