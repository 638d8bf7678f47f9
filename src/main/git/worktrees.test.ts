// A repository's worktrees against real git in a temp folder: found from inside one, made, what changed
// since they began (untracked files included, the worktree's own index untouched), removed with their branch.
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { git } from './run';
import { addWorktree, changesSince, diffSince, headCommit, removeWorktree, repositoryOf } from './worktrees';

let repo: string;
const run = async (args: string[], cwd = repo) => {
  const r = await git(args, cwd);
  if (!r.ok) throw new Error(r.stderr);
  return r.stdout.trim();
};

beforeEach(async () => {
  repo = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-git-')));
  await run(['init', '-q', '-b', 'main']);
  writeFileSync(path.join(repo, 'a.txt'), 'one\n');
  await run(['add', '.']);
  await run(['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'first']);
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('git/worktrees', () => {
  it('finds the main repository from a subfolder and from inside a linked worktree; null outside one', async () => {
    mkdirSync(path.join(repo, 'sub'));
    expect(await repositoryOf(path.join(repo, 'sub'))).toEqual({ top: repo, main: repo });
    const wt = path.join(repo, '.claude', 'worktrees', 'x');
    await addWorktree(repo, wt, 'worktree-x');
    expect(await repositoryOf(wt)).toEqual({ top: wt, main: repo });
    const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-nogit-')));
    try {
      expect(await repositoryOf(outside)).toBeNull();
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('counts uncommitted files and commits since the start, and diffs both without touching the index', async () => {
    const wt = path.join(repo, '.claude', 'worktrees', 'y');
    await addWorktree(repo, wt, 'worktree-y');
    const base = (await headCommit(wt))!;
    expect(await changesSince(wt, base)).toEqual({ uncommittedFiles: 0, commits: 0 });
    expect(await diffSince(wt, base)).toEqual({ stat: '', files: [] });

    writeFileSync(path.join(wt, 'a.txt'), 'one\ntwo\n');
    writeFileSync(path.join(wt, 'new.txt'), 'fresh\n');
    expect(await changesSince(wt, base)).toEqual({ uncommittedFiles: 2, commits: 0 });
    const diff = (await diffSince(wt, base))!;
    expect(diff.files).toEqual([
      { path: 'a.txt', added: 1, removed: 0 },
      { path: 'new.txt', added: 1, removed: 0 },
    ]);
    expect(diff.stat).toContain('2 files changed, 2 insertions(+)');
    // The throwaway index left the worktree's own staging alone: new.txt is still untracked.
    expect(await run(['status', '--porcelain'], wt)).toContain('?? new.txt');

    await run(['add', 'a.txt'], wt);
    await run(['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'two'], wt);
    expect(await changesSince(wt, base)).toEqual({ uncommittedFiles: 1, commits: 1 });
    // The main tree never saw any of it.
    expect(existsSync(path.join(repo, 'new.txt'))).toBe(false);
    expect(await run(['status', '--porcelain', '--', 'a.txt'])).toBe('');
  });

  it('refuses a branch that exists, in plain words; removes a worktree with its branch', async () => {
    const wt = path.join(repo, '.claude', 'worktrees', 'z');
    await addWorktree(repo, wt, 'worktree-z');
    await expect(addWorktree(repo, path.join(repo, 'other'), 'worktree-z')).rejects.toThrow(/git could not make the worktree: .*worktree-z/);
    writeFileSync(path.join(wt, 'dirty.txt'), 'x');
    expect(await removeWorktree(repo, wt, 'worktree-z')).toBe(true);
    expect(existsSync(wt)).toBe(false);
    expect(await run(['branch', '--list', 'worktree-z'])).toBe('');
  });

  it('cannot tell what changed since a commit that does not exist: null, never "nothing"', async () => {
    expect(await changesSince(repo, 'f'.repeat(40))).toBeNull();
  });
});
