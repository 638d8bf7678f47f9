// The "Running programs" panel's channels (issue 15 item 4): the open project's background tasks with
// what they do now (processes, ports, CPU, memory, output), stop, keep, and last time's leftovers.
// A client sees and acts on its own project's tasks only.
import { IpcFailure } from '../../shared/ipc/errors';
import type { LeftoverView, ProgramActivity, TaskView } from '../../shared/ipc/tasks-contract';
import type { HandlerContext } from '../ipc/context';
import type { InvokeHandlers } from '../ipc/dispatch';
import type { Inspector, ProcessDetails } from '../process/inspect/inspect';
import { readOutputTail } from '../tasks/output-tail';
import type { ProcessKeeper } from '../tasks/process-keeper';
import type { TaskInfo, TaskRegistry } from '../tasks/registry';

export interface TasksHandlerDeps {
  registry: TaskRegistry;
  keeper: ProcessKeeper;
  inspector: Inspector;
  requireProject(ctx: HandlerContext): string;
}

/** Ended tasks listed at most (newest first), so a long day does not grow the panel without end. */
const MAX_ENDED = 30;

type TasksChannels = 'tasks:list' | 'tasks:stop' | 'tasks:keep' | 'tasks:leftovers' | 'tasks:clean-up';

function activityOf(d: ProcessDetails): ProgramActivity {
  return { processes: d.processes, ports: d.ports, cpuPercent: d.cpuPercent, memoryBytes: d.memoryBytes };
}

function viewOf(t: TaskInfo): TaskView {
  return {
    id: t.id,
    kind: t.kind,
    command: t.command,
    ...(t.description ? { description: t.description } : {}),
    sessionId: t.sessionId,
    ...(t.startedBy ? { startedBy: t.startedBy } : {}),
    status: t.status,
    ...(t.exitCode !== undefined ? { exitCode: t.exitCode } : {}),
    startedAt: t.startedAt,
    ...(t.endedAt !== undefined ? { endedAt: t.endedAt } : {}),
    ...(t.pid !== undefined ? { pid: t.pid } : {}),
    kept: t.kept === true,
  };
}

export function createTasksHandlers(deps: TasksHandlerDeps): Pick<InvokeHandlers, TasksChannels> {
  const { registry, keeper, inspector } = deps;
  const projectTasks = (dir: string) => registry.list().filter((t) => t.projectDir === dir);
  const ownTask = (dir: string, id: string): TaskInfo => {
    const t = registry.get(id);
    if (!t || t.projectDir !== dir) throw new IpcFailure({ code: 'not_found', message: 'That program is not one the assistant started in this project.' });
    return t;
  };

  return {
    'tasks:list': async ({ details }, ctx) => {
      const all = projectTasks(deps.requireProject(ctx));
      const running = all.filter((t) => t.status === 'running').sort((a, b) => b.startedAt - a.startedAt);
      const ended = all
        .filter((t) => t.status !== 'running')
        .sort((a, b) => (b.endedAt ?? 0) - (a.endedAt ?? 0))
        .slice(0, MAX_ENDED);
      const views = [...running, ...ended].map(viewOf);
      if (!details) return { tasks: views };
      const live = running.filter((t) => t.pid !== undefined);
      const found = inspector.inspect(live.map((t) => ({ pid: t.pid!, groupId: t.groupId ?? t.pid!, ...(t.startToken ? { startToken: t.startToken } : {}) })));
      const activity = new Map(live.map((t, i) => [t.id, activityOf(found[i]!)]));
      const tasks = await Promise.all(
        [...running, ...ended].map(async (t, i) => {
          const a = activity.get(t.id);
          return { ...views[i]!, ...(a ? { activity: a } : {}), outputTail: await readOutputTail(t.outputFile) };
        }),
      );
      return { tasks };
    },
    'tasks:stop': async ({ taskId }, ctx) => {
      ownTask(deps.requireProject(ctx), taskId);
      return { stopped: await registry.stop(taskId) };
    },
    'tasks:keep': async ({ taskId, kept }, ctx) => {
      ownTask(deps.requireProject(ctx), taskId);
      if (!registry.setKept(taskId, kept)) throw new IpcFailure({ code: 'not_found', message: 'That program has already ended.' });
      return { kept };
    },
    'tasks:leftovers': async (_req, ctx) => {
      const left = keeper.leftovers(deps.requireProject(ctx));
      const found = inspector.inspect(left.map((r) => ({ pid: r.pid, groupId: r.groupId ?? r.pid, startToken: r.startToken })));
      const leftovers: LeftoverView[] = left.map((r, i) => ({
        id: r.taskId,
        command: r.command,
        ...(r.description ? { description: r.description } : {}),
        pid: r.pid,
        startedAt: r.startedAt,
        kept: r.kept,
        ...(found[i]?.alive ? { activity: activityOf(found[i]!) } : {}),
      }));
      return { leftovers };
    },
    'tasks:clean-up': async ({ action, taskIds }, ctx) =>
      keeper.cleanUp(action, { projectDir: deps.requireProject(ctx), ...(taskIds ? { ids: taskIds } : {}) }),
  };
}

/** A host without a process manager: no programs to list, nothing to act on. */
export function noTasksHandlers(): Pick<InvokeHandlers, TasksChannels> {
  const none = (): never => {
    throw new IpcFailure({ code: 'not_found', message: 'That program is not one the assistant started in this project.' });
  };
  return {
    'tasks:list': () => ({ tasks: [] }),
    'tasks:stop': none,
    'tasks:keep': none,
    'tasks:leftovers': () => ({ leftovers: [] }),
    'tasks:clean-up': () => ({ stopped: 0, left: 0 }),
  };
}
