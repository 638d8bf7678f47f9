// Where a conversation's task list lives, and the app's open lists: one store per file, so everything
// of this process that shares a list (the conversation, its subagents, other conversations given the
// same CLAUDE_CODE_TASK_LIST_ID) changes it in turn and hears of each change.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sessionsDir } from '../base/data-paths';
import type { Logger } from '../base/log';
import { createWorkListStore, type WorkListStore } from './work-list';
import { agentTeamsEnabled, teamDir } from './agent-team';

/**
 * Claude Code keeps a list per conversation unless CLAUDE_CODE_TASK_LIST_ID names one to share: the
 * conversation's is beside its transcript (it comes back when the conversation is reopened), a named
 * one in the data folder's `task-lists`.
 */
export function workListFile(dataDir: string, projectDir: string, sessionId: string, listId?: string): string {
  // An id is a folder name here: nothing that could climb out of the sessions folder.
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(sessionId)) throw new Error(`Not a conversation id: ${JSON.stringify(sessionId.slice(0, 40))}`);
  const named = listId?.trim();
  if (named) return path.join(dataDir, 'task-lists', `${named.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 100)}.json`);
  return path.join(sessionsDir(dataDir, projectDir), sessionId, 'tasks.json');
}

export interface WorkLists {
  open(file: string): WorkListStore;
}

export function createWorkLists(log: Logger): WorkLists {
  const open = new Map<string, WorkListStore>();
  return {
    open(file) {
      const key = path.resolve(file);
      let store = open.get(key);
      if (!store) {
        store = createWorkListStore(key, log);
        open.set(key, store);
      }
      return store;
    },
  };
}

/**
 * A conversation's task list: its own, or the one CLAUDE_CODE_TASK_LIST_ID (environment or settings `env`)
 * names (`own`); the list of the team it leads (`team`, agent-team.ts); or the one it uses now (`current`,
 * the default: the team's while it has one and agent teams are on).
 */
export type TaskListOf = (projectDir: string, sessionId: string, which?: 'current' | 'own' | 'team') => WorkListStore;

export function createTaskListOf(opts: {
  dataDir: string;
  lists: WorkLists;
  env: (projectDir: string) => Readonly<Record<string, string | undefined>>;
}): TaskListOf {
  return (projectDir, sessionId, which = 'current') => {
    const env = opts.env(projectDir);
    const own = workListFile(opts.dataDir, projectDir, sessionId, env.CLAUDE_CODE_TASK_LIST_ID);
    const team = teamDir(path.dirname(workListFile(opts.dataDir, projectDir, sessionId)));
    const useTeam = which === 'team' || (which === 'current' && agentTeamsEnabled(env) && existsSync(path.join(team, 'config.json')));
    return opts.lists.open(useTeam ? path.join(team, 'tasks.json') : own);
  };
}
