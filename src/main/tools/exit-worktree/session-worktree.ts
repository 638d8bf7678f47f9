// The worktree this session entered with EnterWorktree, found from the working-folder port: a folder
// under the repository's `.claude/worktrees/`. Anything else the session works in is not ExitWorktree's.
import path from 'node:path';
import { WORKTREES_DIR } from '../../../shared/tools/worktree';
import { repositoryOf } from '../../git/worktrees';
import type { ToolUseContext } from '../core/tool';

export interface EnteredWorktree {
  /** Where the session works (the project's place inside the worktree, or its root). */
  workingIn: string;
  root: string;
  /** The main checkout, where the worktree is removed from. */
  main: string;
  branch?: string;
  since?: string;
}

export async function enteredWorktree(ctx: ToolUseContext): Promise<EnteredWorktree | null> {
  const folder = ctx.workingFolder?.get();
  if (!folder) return null;
  const repo = await repositoryOf(folder.path, ctx.abortSignal);
  if (!repo) return null;
  const rel = path.relative(path.join(repo.main, ...WORKTREES_DIR), repo.top);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel) || rel.includes(path.sep)) return null;
  return { workingIn: folder.path, root: repo.top, main: repo.main, ...(folder.branch ? { branch: folder.branch } : {}), ...(folder.since ? { since: folder.since } : {}) };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 uncommitted files and 1 commit on worktree-x" — what removing would throw away. */
export function workWords(changes: { uncommittedFiles: number; commits: number }, branch?: string): string {
  const parts: string[] = [];
  if (changes.uncommittedFiles > 0) parts.push(count(changes.uncommittedFiles, 'uncommitted file', 'uncommitted files'));
  if (changes.commits > 0) parts.push(`${count(changes.commits, 'commit', 'commits')} on ${branch ?? 'the worktree branch'}`);
  return parts.join(' and ');
}
