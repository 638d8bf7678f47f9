// What the model reads for a TaskList call: Claude Code's lines for the work items ("#1 [pending] Fix
// the parser (owner) [blocked by #2]", or "No tasks found"), then — only when there are any — the
// conversation's background shells and agents, each with what TaskOutput and TaskStop need.
import { endWords } from '../../../shared/tools/background-task';
import type { BackgroundTask } from '../../../shared/tools/background-task';
import type { TaskListData } from '../../../shared/tools/task-list';

function backgroundLine(b: BackgroundTask): string {
  const state = b.status === 'running' ? 'running' : `${b.status}, ${endWords(b)}`;
  const what = b.kind === 'agent' ? `agent: ${b.description ?? b.command}` : `shell: ${b.command}${b.description ? ` (${b.description})` : ''}`;
  return `${b.id} [${state}] ${what} — started by ${b.startedBy ?? 'you'}; output: ${b.outputFile}`;
}

export function formatTaskList(d: TaskListData): string {
  const lines =
    d.tasks.length === 0
      ? ['No tasks found']
      : d.tasks.map((t) => {
          const owner = t.owner ? ` (${t.owner})` : '';
          const blocked = t.blockedBy.length > 0 ? ` [blocked by ${t.blockedBy.map((id) => `#${id}`).join(', ')}]` : '';
          return `#${t.id} [${t.status}] ${t.subject}${owner}${blocked}`;
        });
  if (d.background.length === 0) return lines.join('\n');
  const more = d.moreBackground > 0 ? [`(${d.moreBackground} older ended background task${d.moreBackground === 1 ? '' : 's'} not shown)`] : [];
  return [...lines, '', 'Background tasks of this conversation (read their output with TaskOutput, stop running ones with TaskStop):', ...d.background.map(backgroundLine), ...more].join('\n');
}
