// A registry task (background shell or agent) as the Task tools show it to the model and on their cards.
import type { BackgroundTask } from '../../shared/tools/background-task';
import type { TaskInfo, TaskRegistry } from './registry';

export function backgroundView(t: TaskInfo): BackgroundTask {
  return {
    id: t.id,
    kind: t.kind,
    status: t.status,
    ...(t.exitCode !== undefined ? { exitCode: t.exitCode } : {}),
    command: t.command,
    ...(t.description ? { description: t.description } : {}),
    outputFile: t.outputFile,
    ...(t.startedBy ? { startedBy: t.startedBy } : {}),
    startedAt: t.startedAt,
    ...(t.endedAt !== undefined ? { endedAt: t.endedAt } : {}),
  };
}

/** The conversation's background tasks: running ones first (newest first), then ended ones (latest end first). */
export function sessionBackground(tasks: TaskRegistry, sessionId: string): BackgroundTask[] {
  const all = tasks.list(sessionId);
  const running = all.filter((t) => t.status === 'running').sort((a, b) => b.startedAt - a.startedAt);
  const ended = all.filter((t) => t.status !== 'running').sort((a, b) => (b.endedAt ?? 0) - (a.endedAt ?? 0));
  return [...running, ...ended].map(backgroundView);
}
