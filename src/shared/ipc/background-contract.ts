// Background tasks of the tray and the app (DK3, issue 18 items 5–6): start one, list them with their
// progress, stop one, the saved tasks. Spread into src/shared/ipc/contract.ts; a remote task host would
// call these same channels on another machine's `agent-desk serve`.
import { z } from 'zod';
import { BackgroundTaskSpec, BackgroundTaskView, SavedTask } from '../background-tasks';

const empty = z.strictObject({});
const taskId = z.string().min(1).max(200);
const ProjectChoice = z.object({ dir: z.string(), name: z.string() });

export const backgroundInvoke = {
  /** The open project's tasks (every project's with `all`), newest first. */
  'background:list': {
    request: z.strictObject({ all: z.boolean().optional() }),
    response: z.object({ tasks: z.array(BackgroundTaskView) }),
  },
  /** Starts a task in a folder the app has open or opened before; `saveAs` also keeps it as a saved task. */
  'background:start': {
    request: BackgroundTaskSpec.extend({
      saveAs: z.string().trim().min(1).max(80).optional(),
      /** The dialog was opened by the tray's New Task… (the task's banner says so). */
      from: z.enum(['app', 'tray']).optional(),
    }),
    response: z.object({ task: BackgroundTaskView }),
  },
  /** Stops a running task (its turn ends as a person's Stop would); `ended` when it had already ended. */
  'background:stop': {
    request: z.strictObject({ taskId }),
    response: z.object({ outcome: z.enum(['stopped', 'ended']), task: BackgroundTaskView }),
  },
  /** Keeps a saved task (Agent Desk's settings); `replaces`: the saved task it was, when an edit renamed it. */
  'background:save-task': {
    request: z.strictObject({ task: SavedTask, replaces: z.string().min(1).max(80).optional() }),
    response: z.object({ savedTasks: z.array(SavedTask) }),
  },
  /** Removes a saved task; not_found when there is none of that name. */
  'background:delete-saved-task': {
    request: z.strictObject({ name: z.string().min(1).max(80) }),
    response: z.object({ savedTasks: z.array(SavedTask) }),
  },
  /** What the new-task dialog offers: the folders one may run in and the saved tasks. */
  'background:choices': {
    request: empty,
    response: z.object({ projects: z.array(ProjectChoice), savedTasks: z.array(SavedTask) }),
  },
} as const satisfies Record<string, { request: z.ZodType; response: z.ZodType }>;

export const backgroundEvents = {
  /** A task started, made progress, asked, or ended: its new view. */
  'background:changed': z.object({ task: BackgroundTaskView }),
  /** The desktop's tray asks this window to open the new-task dialog. */
  'background:new-task': z.object({}),
  /** A task's notification or tray item was clicked: review its request, or show its conversation. */
  'background:show': z.object({ taskId: taskId.optional(), sessionId: z.string().optional(), requestId: z.string().optional() }),
} as const satisfies Record<string, z.ZodType>;
