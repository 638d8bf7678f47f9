// The TaskStop tool (BA10): stops a background task of this session — its whole process tree —
// through the task registry. It only stops what this session started, so it never asks.
import {
  makeTaskStopInputSchema,
  taskStopId,
  TASK_STOP_TOOL_NAME,
  type TaskStopData,
  type TaskStopInput,
} from '../../../shared/tools/task-stop';
import { appTasks } from '../../tasks/app-tasks';
import type { TaskInfo, TaskRegistry } from '../../tasks/registry';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool, ToolUseContext, ValidationResult } from '../core/tool';
import { TASK_STOP_PROMPT } from './prompt';

export interface TaskStopDeps {
  tasks?: TaskRegistry;
}

function check(tasks: TaskRegistry, input: TaskStopInput, ctx: ToolUseContext): { ok: true; task: TaskInfo } | { ok: false; message: string } {
  const id = taskStopId(input);
  if (!id) return { ok: false, message: 'Missing required parameter: task_id' };
  const t = tasks.get(id);
  // Another session's task is as unknown as a made-up id.
  if (!t || t.sessionId !== ctx.sessionId) return { ok: false, message: `No task found with ID: ${id}` };
  if (t.status !== 'running') return { ok: false, message: `Task ${id} is not running (status: ${t.status})` };
  return { ok: true, task: t };
}

export function createTaskStopTool(deps: TaskStopDeps = {}): Tool<TaskStopInput, TaskStopData> {
  const tasks = deps.tasks ?? appTasks;
  return buildTool<TaskStopInput, TaskStopData>({
    name: TASK_STOP_TOOL_NAME,
    // Claude Code's old name; rules and habits written for it still reach this tool.
    aliases: ['KillShell'],
    searchHint: 'stop kill background task shell',
    maxResultSizeChars: 10_000,
    inputSchema: lazySchema(makeTaskStopInputSchema),
    description: () => 'Stop a running background task',
    prompt: () => TASK_STOP_PROMPT,
    userFacingName: () => 'Stop task',
    summarize: (input) => taskStopId(input),
    isConcurrencySafe: () => true,
    validateInput: (input, ctx): ValidationResult => {
      const c = check(tasks, input, ctx);
      return c.ok ? { result: true } : { result: false, message: c.message, errorCode: 1 };
    },
    async call(input, ctx) {
      const c = check(tasks, input, ctx);
      if (!c.ok) throw new Error(c.message);
      // false: it ended between the check and now — nothing left to stop.
      if (!(await tasks.stop(c.task.id))) throw new Error(`Task ${c.task.id} is not running (status: ${tasks.get(c.task.id)?.status ?? 'unknown'})`);
      const data: TaskStopData = {
        message: `Successfully stopped task: ${c.task.id} (${c.task.command})`,
        taskId: c.task.id,
        taskType: c.task.kind === 'agent' ? 'local_agent' : 'local_bash',
        command: c.task.command,
        ...(c.task.description ? { description: c.task.description } : {}),
      };
      return { data };
    },
    mapResult: (data) => ({ content: data.message }),
  });
}

export const TaskStopTool = createTaskStopTool();
