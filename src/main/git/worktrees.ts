// A repository's worktrees, for any part of the app that isolates work on a branch of its own (the
// Agent tool's isolation, the session's worktree): where the repository is, a worktree made, what
// changed in it since it began (uncommitted and untracked files included, the real index untouched),
// and its removal with its branch.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { git } from './run';

export interface Repository {
  /** The root of the working tree `dir` is in (a linked worktree's own root, when it is one). */
  top: string;
  /** The main working tree's root: where new worktrees are made from, even from inside one. */
  main: string;
}

/** The repository `dir` is in, or null when it is in none (or git is missing). */
export async function repositoryOf(dir: string, signal?: AbortSignal): Promise<Repository | null> {
  const r = await git(['rev-parse', '--path-format=absolute', '--show-toplevel', '--git-common-dir'], dir, { timeoutMs: 10_000, ...(signal ? { signal } : {}) });
  if (!r.ok) return null;
  const [top, common] = r.stdout.split('\n').map((l) => l.trim());
  if (!top || !common) return null;
  // A bare repository's common dir is not named .git: its worktrees hang off it directly.
  const main = path.basename(common) === '.git' ? path.dirname(common) : top;
  return { top, main };
}

/** The commit `dir` has checked out, or null (no commit yet, not a repository). */
export async function headCommit(dir: string): Promise<string | null> {
  const r = await git(['rev-parse', '--verify', '-q', 'HEAD'], dir, { timeoutMs: 10_000 });
  return r.ok ? r.stdout.trim() || null : null;
}

/** Throws an Error in plain words when git refuses (the branch exists, the folder is taken, no commit yet). */
export async function addWorktree(repo: string, root: string, branch: string, base = 'HEAD'): Promise<void> {
  const added = await git(['worktree', 'add', '-b', branch, root, base], repo);
  if (!added.ok) throw new Error(`git could not make the worktree: ${added.stderr.trim() || 'git worktree add failed'}`);
}

/** Removes the worktree (whatever it holds) and its branch; false when git refused either. */
export async function removeWorktree(repo: string, root: string, branch: string | null): Promise<boolean> {
  const removed = await git(['worktree', 'remove', '--force', root], repo);
  const deleted = branch ? await git(['branch', '-D', branch], repo) : { ok: true };
  return removed.ok && deleted.ok;
}

export interface WorktreeChanges {
  /** Files changed, added or removed and not committed (untracked ones included). */
  uncommittedFiles: number;
  /** Commits made on top of `base`. */
  commits: number;
}

/** What changed in `dir` since commit `base`; null when git cannot tell (treat as "maybe changed"). */
export async function changesSince(dir: string, base: string): Promise<WorktreeChanges | null> {
  const [status, revs] = await Promise.all([
    git(['status', '--porcelain', '--untracked-files=all'], dir, { timeoutMs: 15_000 }),
    git(['rev-list', '--count', `${base}..HEAD`], dir, { timeoutMs: 15_000 }),
  ]);
  if (!status.ok || !revs.ok) return null;
  const commits = Number.parseInt(revs.stdout.trim(), 10);
  if (!Number.isFinite(commits)) return null;
  return { uncommittedFiles: status.stdout.split('\n').filter((l) => l.trim()).length, commits };
}

export interface ChangedFile {
  path: string;
  /** Lines added and removed; null for a binary file. */
  added: number | null;
  removed: number | null;
}

export interface WorktreeDiff {
  /** `git diff --stat` of everything since `base`, as git prints it ('' when nothing changed). */
  stat: string;
  files: ChangedFile[];
}

function parseNumstat(text: string): ChangedFile[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [a, r, ...rest] = line.split('\t');
      const num = (s: string | undefined) => (s === undefined || s === '-' ? null : Number.parseInt(s, 10));
      return { path: rest.join('\t'), added: num(a), removed: num(r) };
    });
}

/**
 * Everything `dir` holds that `base` did not — commits, edits, new files — read through a throwaway
 * index, so the worktree's own staging is left as it was. Null when git cannot tell.
 */
export async function diffSince(dir: string, base: string): Promise<WorktreeDiff | null> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-diff-'));
  const env = { ...process.env, GIT_INDEX_FILE: path.join(scratch, 'index') };
  try {
    const read = await git(['read-tree', 'HEAD'], dir, { env, timeoutMs: 15_000 });
    const added = read.ok ? await git(['add', '-A'], dir, { env, timeoutMs: 30_000 }) : read;
    if (!added.ok) return null;
    const [stat, num] = await Promise.all([
      git(['diff', '--cached', '--stat', base], dir, { env, timeoutMs: 30_000 }),
      git(['diff', '--cached', '--numstat', base], dir, { env, timeoutMs: 30_000 }),
    ]);
    if (!stat.ok || !num.ok) return null;
    return { stat: stat.stdout.trimEnd(), files: parseNumstat(num.stdout) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
