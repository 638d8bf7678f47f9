// The session's worktree: made fresh under the repository's `.claude/worktrees/` on a new branch from
// the main checkout's HEAD, or one of that name entered again; the worktrees folder is kept out of the
// main checkout's `git status` (the repository's own info/exclude, no tracked file changed).
import { appendFileSync, existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { WORKTREES_DIR, worktreePlace } from '../../../shared/tools/worktree';
import { git } from '../../git/run';
import { addWorktree, headCommit, type Repository } from '../../git/worktrees';

export interface SessionWorktree {
  /** The worktree's root. */
  root: string;
  /** Where the session works: the project folder's place inside the worktree (its root when absent there). */
  path: string;
  branch?: string;
  /** The commit its work began from. */
  since?: string;
  resumed: boolean;
}

const real = (p: string): string => {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
};

async function isWorktreeOf(main: string, root: string): Promise<boolean> {
  const list = await git(['worktree', 'list', '--porcelain'], main, { timeoutMs: 10_000 });
  if (!list.ok) return false;
  const want = real(root);
  return list.stdout.split('\n').some((l) => l.startsWith('worktree ') && real(l.slice('worktree '.length)) === want);
}

/** `/.claude/worktrees/` in the repository's info/exclude unless something already ignores it. */
async function keepOutOfStatus(main: string, root: string): Promise<void> {
  const ignored = await git(['check-ignore', '-q', root], main, { timeoutMs: 10_000 });
  if (ignored.ok) return;
  const common = await git(['rev-parse', '--path-format=absolute', '--git-common-dir'], main, { timeoutMs: 10_000 });
  if (!common.ok) return;
  const file = path.join(common.stdout.trim(), 'info', 'exclude');
  const line = `/${WORKTREES_DIR.join('/')}/`;
  const had = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (had.split('\n').includes(line)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, `${had && !had.endsWith('\n') ? '\n' : ''}# Agent Desk's worktrees (EnterWorktree)\n${line}\n`);
}

function workingPlace(root: string, main: string, projectDir: string): string {
  const inner = path.relative(main, projectDir);
  if (!inner || inner.startsWith('..') || path.isAbsolute(inner)) return root;
  const there = path.join(root, inner);
  return existsSync(there) ? there : root;
}

/** Throws an Error in plain words when it cannot (no commit yet, the folder is taken, git refuses). */
export async function openSessionWorktree(repo: Repository, projectDir: string, name: string): Promise<SessionWorktree> {
  const { folder, branch } = worktreePlace(name);
  const root = path.join(repo.main, ...WORKTREES_DIR, folder);
  const mainHead = await headCommit(repo.main);
  if (existsSync(root)) {
    if (!(await isWorktreeOf(repo.main, root))) throw new Error(`${root} already exists and is not a worktree of this repository. Choose another name.`);
    const current = await git(['branch', '--show-current'], root, { timeoutMs: 10_000 });
    const base = mainHead ? await git(['merge-base', 'HEAD', mainHead], root, { timeoutMs: 10_000 }) : null;
    const since = base?.ok ? base.stdout.trim() : '';
    const now = current.ok ? current.stdout.trim() : '';
    return { root, path: workingPlace(root, repo.main, projectDir), ...(now ? { branch: now } : {}), ...(since ? { since } : {}), resumed: true };
  }
  if (!mainHead) throw new Error('The repository has no commit yet, and a worktree starts from one. Make a first commit, then try again.');
  await addWorktree(repo.main, root, branch, mainHead);
  await keepOutOfStatus(repo.main, root);
  return { root, path: workingPlace(root, repo.main, projectDir), branch, since: mainHead, resumed: false };
}
