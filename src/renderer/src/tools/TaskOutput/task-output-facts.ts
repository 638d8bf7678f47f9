// TaskOutput's view data, pure: the structured result (TaskOutputData), the task's name in a few words
// and the one-line state ("still running, 12 new lines").
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { TaskOutputData } from '../../../../shared/tools/task-output';
import { oneLine } from '../input-summary';

export function taskOutputData(call: ToolCallView): TaskOutputData | null {
  const parsed = TaskOutputData.safeParse(call.result?.data);
  return parsed.success ? parsed.data : null;
}

/** The task as a person knows it: the command's description, else the command, short. */
export function taskName(d: { description?: string | undefined; command: string }): string {
  const s = d.description?.trim() || oneLine(d.command);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

export function taskIdOf(input: unknown): string {
  const r = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const id = typeof r.task_id === 'string' && r.task_id ? r.task_id : typeof r.shell_id === 'string' ? r.shell_id : '';
  return id.trim();
}

const lines = (n: number) => (n === 0 ? 'nothing new' : n === 1 ? '1 new line' : `${n} new lines`);

const STATUS_WORDS: Record<TaskOutputData['status'], string> = {
  running: 'still running',
  completed: 'finished',
  failed: 'failed',
  killed: 'stopped',
};

export function taskOutputStateWords(call: ToolCallView): string | null {
  if (call.state === 'running') return 'Waiting for it…';
  const d = taskOutputData(call);
  if (!d || call.state !== 'succeeded') return null;
  const status = d.status === 'failed' && d.exitCode ? `failed (error ${d.exitCode})` : STATUS_WORDS[d.status];
  const text = `${status}, ${lines(d.newLines)}`;
  return text[0]!.toUpperCase() + text.slice(1);
}
