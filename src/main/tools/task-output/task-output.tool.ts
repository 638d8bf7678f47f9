// The TaskOutput tool (BA10): the output a background task wrote since the last read, its status and
// exit code; with block it waits (woken by the registry, ended by Stop) until the task ends or the
// timeout. Read-only and concurrency-safe; a session sees only its own tasks.
import {
  makeTaskOutputInputSchema,
  TASK_OUTPUT_TOOL_NAME,
  type TaskOutputData,
  type TaskOutputInput,
} from '../../../shared/tools/task-output';
import { appTasks } from '../../tasks/app-tasks';
import { appOutputReader, type OutputReader } from '../../tasks/output-reader';
import type { TaskInfo, TaskRegistry } from '../../tasks/registry';
import { waitForTaskEnd } from '../../tasks/wait-for-end';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool, ToolUseContext } from '../core/tool';
import { TASK_OUTPUT_PROMPT } from './prompt';
import { formatTaskOutput } from './result-text';

export interface TaskOutputDeps {
  tasks?: TaskRegistry;
  reader?: OutputReader;
}

/** The task if this session started it; another session's task is as unknown as a made-up id. */
export function sessionTask(tasks: TaskRegistry, id: string, ctx: ToolUseContext): TaskInfo | undefined {
  const t = tasks.get(id.trim());
  return t && t.sessionId === ctx.sessionId ? t : undefined;
}

const countLines = (s: string) => (s === '' ? 0 : s.split('\n').length - (s.endsWith('\n') ? 1 : 0));

export function createTaskOutputTool(deps: TaskOutputDeps = {}): Tool<TaskOutputInput, TaskOutputData> {
  const tasks = deps.tasks ?? appTasks;
  const reader = deps.reader ?? appOutputReader;
  return buildTool<TaskOutputInput, TaskOutputData>({
    name: TASK_OUTPUT_TOOL_NAME,
    // Not a 'read' tool: it names no file, so Read(...) path rules and the UI's file reads do not concern it.
    kind: 'other',
    searchHint: 'read background task output status wait',
    maxResultSizeChars: 100_000,
    inputSchema: lazySchema(makeTaskOutputInputSchema),
    description: () => 'Retrieves output from a running or completed task',
    prompt: () => TASK_OUTPUT_PROMPT,
    userFacingName: () => 'Task output',
    summarize: (input) => input.task_id ?? '',
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    validateInput: (input, ctx) =>
      sessionTask(tasks, input.task_id, ctx)
        ? { result: true }
        : { result: false, message: `No task found with ID: ${input.task_id}`, errorCode: 2 },
    async call(input, ctx) {
      const id = input.task_id.trim();
      const found = sessionTask(tasks, id, ctx);
      if (!found) throw new Error(`No task found with ID: ${input.task_id}`);
      if (input.block && found.status === 'running') {
        const outcome = await waitForTaskEnd(tasks, id, input.timeout, ctx.abortSignal);
        // Stop ends the wait; the pipeline reports the call as stopped, and nothing was read.
        if (outcome === 'aborted') throw new Error('Stopped while waiting for the task.');
      }
      const task = tasks.get(id) ?? found;
      const chunk = await reader.readNew(id, task.outputFile);
      const data: TaskOutputData = {
        retrievalStatus: task.status !== 'running' ? 'success' : input.block ? 'timeout' : 'not_ready',
        taskId: id,
        taskType: task.kind === 'agent' ? 'local_agent' : 'local_bash',
        command: task.command,
        ...(task.description ? { description: task.description } : {}),
        status: task.status,
        ...(task.exitCode !== undefined ? { exitCode: task.exitCode } : {}),
        output: chunk.text,
        newLines: countLines(chunk.text),
        omittedBytes: chunk.omittedBytes,
        outputFile: task.outputFile,
      };
      return { data };
    },
    mapResult: (data) => ({ content: formatTaskOutput(data) }),
  });
}

export const TaskOutputTool = createTaskOutputTool();
