// The background-task channels (DK3): a window starts, lists and stops tasks. A browser tab reaches only
// its own project's tasks; a desktop window — the person's own app — also those of the folders the
// app has opened (the tray's view). Tasks start only in such folders, never in one a page made up.
import path from 'node:path';
import { IpcFailure } from '../../../shared/ipc/errors';
import type { HandlerContext } from '../../ipc/context';
import type { InvokeHandlers } from '../../ipc/dispatch';
import type { Logger } from '../../base/log';
import type { HostPort } from '../ports';
import { deleteSavedTask, readSavedTasks, saveTask } from './saved-tasks';
import type { BackgroundTasks } from './service';

type Channels = 'background:list' | 'background:start' | 'background:stop' | 'background:choices' | 'background:save-task' | 'background:delete-saved-task';

export interface BackgroundHandlerDeps {
  background: BackgroundTasks;
  host: HostPort;
  dataDir: string;
  log: Logger;
  /** The host counts every folder's own settings (`serve --trust-folder`): so do its tasks. */
  trustFolders?: boolean;
}

const same = (a: string, b: string) => path.resolve(a) === path.resolve(b);

export function createBackgroundHandlers(deps: BackgroundHandlerDeps): Pick<InvokeHandlers, Channels> {
  const { background, host } = deps;
  /** The folders this caller may run tasks in and see the tasks of. */
  const folders = (ctx: HandlerContext): string[] => {
    const own = ctx.projectDir ? [ctx.projectDir] : [];
    if (ctx.host !== 'desktop') return own;
    return [...own, ...host.recentProjects().map((p) => p.dir).filter((d) => !own.some((o) => same(o, d)))];
  };
  const mayUse = (ctx: HandlerContext, dir: string) => folders(ctx).some((d) => same(d, dir));
  const visible = async (ctx: HandlerContext, all: boolean) => {
    const tasks = await background.list();
    if (all && ctx.host === 'desktop') return tasks;
    return ctx.projectDir ? tasks.filter((t) => same(t.projectDir, ctx.projectDir!)) : [];
  };

  return {
    'background:list': async ({ all }, ctx) => ({ tasks: await visible(ctx, all === true) }),
    'background:start': async ({ saveAs, from, ...spec }, ctx) => {
      if (!mayUse(ctx, spec.projectDir)) {
        throw new IpcFailure({ code: 'forbidden', message: 'Background tasks run only in a folder open in Agent Desk. Open the folder first.' });
      }
      // bypassPermissions is for a command line, where it is typed on purpose; a window's task asks.
      if (spec.mode === 'bypassPermissions') throw new IpcFailure({ code: 'forbidden', message: 'A background task started here cannot skip permission checks.' });
      // Saved first: a task that cannot start should not lose what the person typed for next time.
      if (saveAs) await saveTask(deps.dataDir, { name: saveAs, prompt: spec.prompt, ...(spec.mode !== 'default' ? { mode: spec.mode } : {}), ...(spec.budgetUsd !== undefined ? { budgetUsd: spec.budgetUsd } : {}) }, deps.log);
      return { task: await background.start(spec, { trustFolder: deps.trustFolders === true, from: from ?? 'app' }) };
    },
    'background:stop': async ({ taskId }, ctx) => {
      const task = (await visible(ctx, true)).find((t) => t.id === taskId);
      if (!task) throw new IpcFailure({ code: 'not_found', message: 'There is no such background task here.' });
      const r = await background.stop(taskId);
      if (r.outcome === 'not_found') throw new IpcFailure({ code: 'not_found', message: 'There is no such background task here.' });
      return { outcome: r.outcome, task: r.task };
    },
    // Saved tasks are the person's, in their own settings: any window of theirs may keep or remove one.
    'background:save-task': async ({ task, replaces }) => {
      if (task.mode === 'bypassPermissions') throw new IpcFailure({ code: 'forbidden', message: 'A saved task kept from here cannot skip permission checks.' });
      return { savedTasks: await saveTask(deps.dataDir, task, deps.log, replaces) };
    },
    'background:delete-saved-task': async ({ name }) => ({ savedTasks: await deleteSavedTask(deps.dataDir, name, deps.log) }),
    'background:choices': async (_req, ctx) => {
      const projects = folders(ctx).map((dir) => host.recentProjects().find((p) => same(p.dir, dir)) ?? { dir, name: path.basename(dir) || dir });
      return { projects, savedTasks: await readSavedTasks(deps.dataDir, deps.log) };
    },
  };
}

/** A host without background tasks: nothing listed, nothing started. */
export function noBackgroundHandlers(): Pick<InvokeHandlers, Channels> {
  const unsupported = (): never => {
    throw new IpcFailure({ code: 'unsupported', message: 'Background tasks cannot be started here.' });
  };
  return {
    'background:list': () => ({ tasks: [] }),
    'background:start': unsupported,
    'background:stop': unsupported,
    'background:save-task': unsupported,
    'background:delete-saved-task': unsupported,
    'background:choices': () => ({ projects: [], savedTasks: [] }),
  };
}
