// Background tasks and the process manager (issue 15 items 3, 4): what the agent left running, stopped or kept.
// Spread into src/shared/ipc/contract.ts; channel names are still defined only in these contract files.
import { z } from 'zod';

const empty = z.strictObject({});
const taskId = z.string().min(1).max(200);

export const TaskStatusView = z.enum(['running', 'completed', 'failed', 'killed']);
export type TaskStatusView = z.infer<typeof TaskStatusView>;

/** One process of a running program (the program itself, or a child it started). */
export const ProgramProcess = z.object({ pid: z.number().int(), parentPid: z.number().int(), command: z.string() });
export type ProgramProcess = z.infer<typeof ProgramProcess>;

/** What a program is doing right now; absent parts cannot be seen on this system. */
export const ProgramActivity = z.object({
  /** The program first, then its children and grandchildren. */
  processes: z.array(ProgramProcess),
  /** Listening TCP ports; null = this system does not let Agent Desk see them. */
  ports: z.array(z.number().int().min(1).max(65_535)).nullable(),
  /** Percent of one processor core, all its processes together. */
  cpuPercent: z.number().nonnegative().nullable(),
  memoryBytes: z.number().nonnegative().nullable(),
});
export type ProgramActivity = z.infer<typeof ProgramActivity>;

/** A background task as the "Running programs" panel shows it. */
export const TaskView = z.object({
  id: taskId,
  /** A shell command, or a subagent run in the background. */
  kind: z.enum(['shell', 'agent']).optional(),
  command: z.string(),
  description: z.string().optional(),
  sessionId: z.string(),
  /** The subagent that started it; absent = the conversation itself. */
  startedBy: z.string().optional(),
  status: TaskStatusView,
  exitCode: z.number().int().nullable().optional(),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  pid: z.number().int().optional(),
  kept: z.boolean(),
  /** Only while it runs and when details were asked for. */
  activity: ProgramActivity.optional(),
  /** The last lines of its output (terminal colour codes kept); only when details were asked for. */
  outputTail: z.string().optional(),
});
export type TaskView = z.infer<typeof TaskView>;

/** A program left running when Agent Desk last closed (a crash, or kept on purpose), still running. */
export const LeftoverView = z.object({
  id: taskId,
  command: z.string(),
  description: z.string().optional(),
  pid: z.number().int(),
  startedAt: z.number(),
  kept: z.boolean(),
  activity: ProgramActivity.optional(),
});
export type LeftoverView = z.infer<typeof LeftoverView>;

/** Request/response channels of this part. */
export const tasksInvoke = {
  /** The open project's tasks, running ones first; `details` adds activity and output (the open panel). */
  'tasks:list': {
    request: z.strictObject({ details: z.boolean().optional() }),
    response: z.object({ tasks: z.array(TaskView) }),
  },
  /** Stops the task and every process it started; false when it was not running. */
  'tasks:stop': { request: z.strictObject({ taskId }), response: z.object({ stopped: z.boolean() }) },
  /** "Keep running after I close". */
  'tasks:keep': { request: z.strictObject({ taskId, kept: z.boolean() }), response: z.object({ kept: z.boolean() }) },
  'tasks:leftovers': { request: empty, response: z.object({ leftovers: z.array(LeftoverView) }) },
  /** "Stop them" / "Leave them" for the project's leftovers (all, or those ids). */
  'tasks:clean-up': {
    request: z.strictObject({ action: z.enum(['stop', 'leave']), taskIds: z.array(taskId).max(1000).optional() }),
    response: z.object({ stopped: z.number().int(), left: z.number().int() }),
  },
} as const satisfies Record<string, { request: z.ZodType; response: z.ZodType }>;

/** Event channels (main → renderer) of this part. */
export const tasksEvents = {
  /** A task started, ended or was (un)kept, or the leftovers changed: read the list again. */
  'tasks:changed': z.object({ taskId: taskId.nullable(), status: TaskStatusView.optional() }),
} as const satisfies Record<string, z.ZodType>;
