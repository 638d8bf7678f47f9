// The app's process manager (issue 15 item 4), composed once per engine: the app-wide task registry,
// its record file in the data folder (last time's leftovers read at start), the inspector the panel
// reads, and a `tasks:changed` event to the task's project windows whenever a task starts, ends or
// is kept, or the leftovers change.
import type { Logger } from '../base/log';
import { createInspector, type Inspector } from '../process/inspect/inspect';
import { appTasks } from '../tasks/app-tasks';
import { createProcessKeeper, type ProcessKeeper } from '../tasks/process-keeper';
import type { TaskRegistry } from '../tasks/registry';
import { taskRecordsDir } from '../tasks/task-records';
import type { EventBus } from './ports';

export interface ProcessManager {
  registry: TaskRegistry;
  keeper: ProcessKeeper;
  inspector: Inspector;
  /** At quit: stops every task not kept and records the kept ones for next time. */
  shutdown(): Promise<void>;
}

export async function startProcessManager(opts: { dataDir: string; bus: EventBus; log: Logger; registry?: TaskRegistry }): Promise<ProcessManager> {
  const registry = opts.registry ?? appTasks;
  const keeper = createProcessKeeper({ registry, dir: taskRecordsDir(opts.dataDir), log: opts.log });
  const offTasks = registry.subscribe((t) => opts.bus.publish('tasks:changed', { taskId: t.id, status: t.status }, { projectDir: t.projectDir ?? null }));
  const offLeftovers = keeper.onLeftoversChanged((dirs) => {
    for (const dir of dirs) opts.bus.publish('tasks:changed', { taskId: null }, { projectDir: dir ?? null });
  });
  await keeper.start();
  let done: Promise<void> | null = null;
  return {
    registry,
    keeper,
    inspector: createInspector(),
    shutdown() {
      done ??= keeper.shutdown().finally(() => {
        offTasks();
        offLeftovers();
      });
      return done;
    },
  };
}
