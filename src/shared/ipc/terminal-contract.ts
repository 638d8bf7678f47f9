// The terminal pane (issue 15 item 5): the person's own shell in the project, several tabs.
// Spread into src/shared/ipc/contract.ts; channel names are still defined only in these contract files.
import { z } from 'zod';

/** Request/response channels of this part. */
export const terminalInvoke = {} as const satisfies Record<string, { request: z.ZodType; response: z.ZodType }>;

/** Event channels (main → renderer) of this part. */
export const terminalEvents = {} as const satisfies Record<string, z.ZodType>;
