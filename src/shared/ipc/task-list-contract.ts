// The task list panel's channel (issue 18 items 3, 4): a conversation's task list as it is now, read
// when the conversation is opened; later changes arrive as `task_list` session events.
// Spread into src/shared/ipc/contract.ts; channel names are still defined only in these contract files.
import { z } from 'zod';
import { WorkItem } from '../tools/work-items';

export const taskListInvoke = {
  'task-list:get': {
    request: z.strictObject({ sessionId: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/) }),
    response: z.object({ items: z.array(WorkItem) }),
  },
} as const satisfies Record<string, { request: z.ZodType; response: z.ZodType }>;
