// EnterWorktree (issue 19): Claude Code's input and result words; a worktree under .claude/worktrees on
// branch worktree-<name> from HEAD, the session moved into it (cwd, the project's place inside it), the
// main checkout's status untouched; an existing one entered again; clear errors outside git, before a
// first commit, for a taken folder and for names that could leave the worktrees folder.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CanUseTool } from '../core/tool';
import { tempProject } from '../core/test-project';
import { createEnterWorktreeTool } from './enter-worktree.tool';
import { testRepo, type TestRepo } from './test-repo';

const allow: CanUseTool = async () => ({ behavior: 'allow' });
const tool = createEnterWorktreeTool();
let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

async function enter(r: TestRepo, raw: unknown) {
  const input = tool.inputSchema().parse(raw);
  const valid = await tool.validateInput!(input, r.ctx);
  if (!valid.result) return { error: valid.message };
  const { data } = await tool.call(input, r.ctx, allow, 'm', () => undefined);
  return { data, text: String(tool.mapResult(data, 't').content) };
}

describe('EnterWorktree (issue 19)', () => {
  it('makes .claude/worktrees/<name> on branch worktree-<name> and moves the session into it', async () => {
    repo = await testRepo();
    const r = await enter(repo, { name: 'fix-login' });
    const root = path.join(repo.dir, '.claude', 'worktrees', 'fix-login');
    expect(r.text).toBe(`Created worktree at ${root} on branch worktree-fix-login. The session is now working in the worktree. Use ExitWorktree to leave mid-session.`);
    expect(r.data).toMatchObject({ worktreePath: root, worktreeBranch: 'worktree-fix-login' });
    expect(await repo.run(['branch', '--show-current'], root)).toBe('worktree-fix-login');
    expect(repo.ctx.state.cwd).toBe(root);
    const head = await repo.run(['rev-parse', 'HEAD']);
    expect(repo.ctx.workingFolder!.get()).toEqual({ path: root, branch: 'worktree-fix-login', since: head });
    expect(repo.events).toEqual([{ type: 'working_folder', folder: { path: root, branch: 'worktree-fix-login', since: head } }]);
    // The main checkout's status stays clean: the worktrees folder is excluded locally, no tracked file changed.
    expect(await repo.run(['status', '--porcelain'])).toBe('');
    expect(readFileSync(path.join(repo.dir, '.git', 'info', 'exclude'), 'utf8')).toContain('/.claude/worktrees/');
  });

  it('a project in a subfolder of the repository works in the same subfolder of the worktree', async () => {
    repo = await testRepo({ subfolder: 'app' });
    await enter(repo, { name: 'sub' });
    expect(repo.ctx.state.cwd).toBe(path.join(repo.dir, '.claude', 'worktrees', 'sub', 'app'));
  });

  it('makes up an adjective-verb-noun name when none is given', async () => {
    repo = await testRepo();
    const r = await enter(repo, {});
    expect(r.data!.worktreeBranch).toMatch(/^worktree-[a-z]+-[a-z]+-[a-z]+$/);
    expect(existsSync(r.data!.worktreePath)).toBe(true);
  });

  it('a name that already has a worktree is entered again; the one left stays as it was', async () => {
    repo = await testRepo();
    const first = await enter(repo, { name: 'one' });
    writeFileSync(path.join(first.data!.worktreePath, 'wip.txt'), 'work in progress\n');
    await enter(repo, { name: 'two' });
    const back = await enter(repo, { name: 'one' });
    expect(back.data).toMatchObject({ resumed: true, worktreePath: first.data!.worktreePath, worktreeBranch: 'worktree-one', left: { path: path.join(repo.dir, '.claude', 'worktrees', 'two') } });
    expect(back.text).toMatch(/^Entered the existing worktree at .*one on branch worktree-one\. .*The worktree you were in before \(.*two\) stays on disk as it was\./);
    expect(readFileSync(path.join(first.data!.worktreePath, 'wip.txt'), 'utf8')).toBe('work in progress\n');
  });

  it('"/" in a name never nests worktrees: a+b, branch worktree-a+b', async () => {
    repo = await testRepo();
    const r = await enter(repo, { name: 'feature/login' });
    expect(r.data).toMatchObject({ worktreePath: path.join(repo.dir, '.claude', 'worktrees', 'feature+login'), worktreeBranch: 'worktree-feature+login' });
  });

  it('names that could leave the worktrees folder or break git are refused by the schema', () => {
    for (const name of ['..', 'a/../b', '../x', 'a b', 'x;rm', '', 'a//b', 'é', 'x'.repeat(65)]) {
      expect(tool.inputSchema().safeParse({ name }).success, name).toBe(false);
    }
    expect(tool.inputSchema().safeParse({ name: 'v1.2_fix-3/part' }).success).toBe(true);
    expect(tool.inputSchema().safeParse({ name: 'x', path: '/tmp' }).success).toBe(false);
  });

  it('outside a git repository: a clear error for the model, nothing made, the session where it was', async () => {
    const plain = tempProject();
    try {
      const r = await enter({ ...plain, events: [], run: async () => '' , ctx: { ...plain.ctx, workingFolder: { get: () => null, move: () => { throw new Error('moved'); } } } }, { name: 'x' });
      expect(r.error).toBe(`Not in a git repository: ${plain.dir}. A worktree is a second checkout of a git repository, so the project must be one first (git init, then a first commit).`);
      expect(existsSync(path.join(plain.dir, '.claude'))).toBe(false);
    } finally {
      plain.cleanup();
    }
  });

  it('before a first commit there is nothing to check out: a clear error', async () => {
    repo = await testRepo({ commit: false });
    await expect(enter(repo, { name: 'x' })).rejects.toThrow('The repository has no commit yet, and a worktree starts from one. Make a first commit, then try again.');
    expect(repo.ctx.workingFolder!.get()).toBeNull();
  });

  it('a folder of that name that is not a worktree is not taken over', async () => {
    repo = await testRepo();
    mkdirSync(path.join(repo.dir, '.claude', 'worktrees', 'mine'), { recursive: true });
    await expect(enter(repo, { name: 'mine' })).rejects.toThrow(/already exists and is not a worktree of this repository\. Choose another name\./);
    expect(repo.ctx.state.cwd).toBe(repo.dir);
  });

  it('never asks: a separate copy leaves the project as it was; it is deferred to ToolSearch like Claude Code', async () => {
    repo = await testRepo();
    expect(await tool.checkPermissions({ name: 'x' }, repo.ctx)).toMatchObject({ behavior: 'allow' });
    expect(tool.shouldDefer).toBe(true);
  });
});
