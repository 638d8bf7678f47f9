// Recent project folders (DK1): a small JSON file, most recent first, at most 10, folders that no
// longer exist dropped when read. A damaged file is treated as empty, never as a crash.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ProjectInfo } from '../../shared/ipc/contract';
import { projectInfo } from '../app/handlers';
import type { Logger } from '../base/log';

export const MAX_RECENT_PROJECTS = 10;

export interface RecentProjects {
  list(): ProjectInfo[];
  add(dir: string): void;
  clear(): void;
}

export function createRecentProjects(opts: { file: string; log: Logger }): RecentProjects {
  const { file, log } = opts;

  function read(): string[] {
    if (!existsSync(file)) return [];
    try {
      const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
      const dirs = (data as { projects?: unknown } | null)?.projects;
      if (!Array.isArray(dirs)) throw new Error('no "projects" list');
      return dirs.filter((d): d is string => typeof d === 'string' && d.length > 0);
    } catch (err) {
      log.warn(`desktop: ignoring unreadable recent-projects file ${file}: ${err instanceof Error ? err.message : String(err)}`);
      return [];
    }
  }

  function write(dirs: string[]): void {
    try {
      mkdirSync(dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify({ version: 1, projects: dirs }, null, 2) + '\n');
      renameSync(tmp, file);
    } catch (err) {
      // Losing the recent list is an inconvenience, not a reason to fail opening a project.
      log.warn(`desktop: could not save recent projects to ${file}`, err);
    }
  }

  return {
    list() {
      return read().filter(isDirectory).slice(0, MAX_RECENT_PROJECTS).map(projectInfo);
    },
    add(dir) {
      write([dir, ...read().filter((d) => d !== dir)].slice(0, MAX_RECENT_PROJECTS));
    },
    clear() {
      write([]);
    },
  };
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
