// What the model reads for a TaskGet call: Claude Code's lines for a work item ("Task #1: …", "Status:",
// "Description:", "Blocked by:", "Blocks:"), and the same plain lines for a background shell or agent.
import { endWords, taskTypeOf } from '../../../shared/tools/background-task';
import type { TaskGetData } from '../../../shared/tools/task-get';

const refs = (ids: readonly string[]) => ids.map((id) => `#${id}`).join(', ');

export function formatTaskGet(d: TaskGetData): string {
  if (d.task) {
    const t = d.task;
    const lines = [`Task #${t.id}: ${t.subject}`, `Status: ${t.status}`, `Description: ${t.description}`];
    if (t.blockedBy.length > 0) lines.push(`Blocked by: ${refs(t.blockedBy)}`);
    if (t.blocks.length > 0) lines.push(`Blocks: ${refs(t.blocks)}`);
    return lines.join('\n');
  }
  const b = d.background;
  if (!b) return 'Task not found';
  const lines = [
    `Background task ${b.id}: ${b.description ?? b.command}`,
    `Type: ${b.kind} (${taskTypeOf(b)})`,
    `Status: ${b.status}${b.status === 'running' ? '' : ` (${endWords(b)})`}`,
  ];
  if (b.exitCode !== undefined && b.exitCode !== null) lines.push(`Exit code: ${b.exitCode}`);
  lines.push(`Command: ${b.command}`, `Output file: ${b.outputFile}`, `Started by: ${b.startedBy ?? 'you'}`);
  lines.push(b.status === 'running' ? 'Read its output with TaskOutput; stop it with TaskStop.' : 'Read its output with TaskOutput.');
  return lines.join('\n');
}
