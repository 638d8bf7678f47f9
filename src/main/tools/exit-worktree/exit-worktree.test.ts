// ExitWorktree (issue 19): Claude Code's input and result words; back in the project folder, the diff
// since the worktree began reported; "keep" leaves it on disk, "remove" deletes it with its branch —
// refused while it holds work unless discard_changes, and then the person is asked, told what is lost;
// outside an EnterWorktree session it changes nothing. While in one the model is told where it works.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CanUseTool } from '../core/tool';
import { createEnterWorktreeTool } from '../enter-worktree/enter-worktree.tool';
import { testRepo, type TestRepo } from '../enter-worktree/test-repo';
import { createExitWorktreeTool } from './exit-worktree.tool';

const allow: CanUseTool = async () => ({ behavior: 'allow' });
const enterTool = createEnterWorktreeTool();
const tool = createExitWorktreeTool();
let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

async function entered(name = 'wt'): Promise<{ r: TestRepo; root: string }> {
  const r = await testRepo();
  repo = r;
  const { data } = await enterTool.call({ name }, r.ctx, allow, 'm', () => undefined);
  return { r, root: data.worktreePath };
}

async function exit(r: TestRepo, raw: unknown) {
  const input = tool.inputSchema().parse(raw);
  const valid = await tool.validateInput!(input, r.ctx);
  if (!valid.result) return { error: valid.message };
  const permission = await tool.checkPermissions(input, r.ctx);
  const { data } = await tool.call(input, r.ctx, allow, 'm', () => undefined);
  return { data, permission, text: String(tool.mapResult(data, 't').content) };
}

describe('ExitWorktree (issue 19)', () => {
  it('keep: back in the project folder, the worktree and its branch stay, the diff since it began is reported', async () => {
    const { r, root } = await entered('keep-me');
    writeFileSync(path.join(root, 'README.md'), 'hello\nworld\n');
    writeFileSync(path.join(root, 'notes.md'), 'new\n');
    const out = await exit(r, { action: 'keep' });
    expect(out.permission).toMatchObject({ behavior: 'allow' });
    expect(out.text).toBe(
      `Exited worktree. Your work is preserved at ${root} on branch worktree-keep-me. Session is now back in ${r.dir}.\n\nChanges in the worktree since it began (git diff --stat):\n${out.data!.diff!.stat}`,
    );
    expect(out.data!.diff!.files).toEqual([
      { path: 'README.md', added: 1, removed: 0 },
      { path: 'notes.md', added: 1, removed: 0 },
    ]);
    expect(out.data!.diff!.stat).toMatch(/2 files changed, 2 insertions\(\+\)/);
    expect(r.ctx.state.cwd).toBe(r.dir);
    expect(r.ctx.workingFolder!.get()).toBeNull();
    expect(r.events.at(-1)).toEqual({ type: 'working_folder', folder: null });
    expect(existsSync(path.join(root, 'notes.md'))).toBe(true);
    expect(await r.run(['branch', '--list', 'worktree-keep-me'])).toContain('worktree-keep-me');
    // The main checkout never saw the edit.
    expect(await r.run(['status', '--porcelain'])).toBe('');
  });

  it('remove of an untouched worktree: deleted with its branch, nothing asked', async () => {
    const { r, root } = await entered('clean');
    const out = await exit(r, { action: 'remove' });
    expect(out.permission).toMatchObject({ behavior: 'allow' });
    expect(out.text).toBe(`Exited and removed worktree at ${root}. Session is now back in ${r.dir}.\n\nThe worktree had no changes since it began.`);
    expect(existsSync(root)).toBe(false);
    expect(await r.run(['branch', '--list', 'worktree-clean'])).toBe('');
  });

  it('remove of a worktree with work: refused in plain words, nothing lost, still in the worktree', async () => {
    const { r, root } = await entered('busy');
    writeFileSync(path.join(root, 'a.txt'), 'a\n');
    await r.run(['add', 'a.txt'], root);
    await r.run(['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'wip'], root);
    writeFileSync(path.join(root, 'b.txt'), 'b\n');
    const out = await exit(r, { action: 'remove' });
    expect(out.error).toBe('Worktree has 1 uncommitted file and 1 commit on worktree-busy. Removing will discard this work permanently. Confirm with the user, then re-invoke with discard_changes: true — or use action: "keep" to preserve the worktree.');
    expect(existsSync(path.join(root, 'b.txt'))).toBe(true);
    expect(r.ctx.state.cwd).toBe(root);
  });

  it('remove with discard_changes: the person is asked, told what is lost; then it is gone and the loss reported', async () => {
    const { r, root } = await entered('drop');
    writeFileSync(path.join(root, 'b.txt'), 'b\n');
    writeFileSync(path.join(root, 'c.txt'), 'c\n');
    // The approval in words: the copy, its branch, exactly what is lost, and that nothing else changes.
    expect(await tool.describeRequest!({ action: 'remove', discard_changes: true }, r.ctx)).toEqual({
      title: 'Delete the separate copy of the project, and the work in it?',
      summary: 'Delete the copy “worktree-drop” and throw away 2 uncommitted files',
      details: [
        { label: 'Copy that will be deleted', value: root },
        { label: 'Branch that will be deleted', value: 'worktree-drop' },
        { label: 'Work that will be lost', value: '2 uncommitted files' },
        { label: 'Your project folder', value: 'Stays as it is; the assistant goes back to working there.' },
        { label: 'Can it be undone?', value: 'No. What was only in the copy is gone for good.' },
      ],
    });
    expect(await tool.describeRequest!({ action: 'keep' }, r.ctx)).toBeNull();
    const out = await exit(r, { action: 'remove', discard_changes: true });
    expect(out.permission).toEqual({
      behavior: 'ask',
      message: `Remove the worktree at ${root} and its branch worktree-drop, throwing away 2 uncommitted files? This cannot be undone.`,
      reason: { type: 'tool', reason: 'removing the worktree throws work away' },
      action: 'Deleting a separate copy of the project that holds work',
    });
    expect(out.data).toMatchObject({ action: 'remove', discardedFiles: 2, discardedCommits: 0 });
    expect(out.text).toMatch(new RegExp(`^Exited and removed worktree at ${root.replace(/[.+]/g, '\\$&')}\\. Discarded 2 uncommitted files\\. Session is now back in `));
    expect(existsSync(root)).toBe(false);
    expect(tool.isDestructive({ action: 'remove' })).toBe(true);
    expect(tool.isDestructive({ action: 'keep' })).toBe(false);
  });

  it('outside an EnterWorktree session: a no-op that says so, whatever the action', async () => {
    repo = await testRepo();
    for (const action of ['keep', 'remove']) {
      expect((await exit(repo, { action })).error).toMatch(/^No-op: there is no active EnterWorktree session to exit\./);
    }
  });

  it('a worktree made by hand is not ExitWorktree\'s, even when the session works in it', async () => {
    repo = await testRepo();
    const manual = path.join(repo.dir, '..', `${path.basename(repo.dir)}-manual`);
    await repo.run(['worktree', 'add', '-q', '-b', 'manual', manual]);
    try {
      repo.ctx.workingFolder!.move({ path: manual, branch: 'manual' });
      expect((await exit(repo, { action: 'remove', discard_changes: true })).error).toMatch(/^No-op/);
      expect(existsSync(manual)).toBe(true);
    } finally {
      await repo.run(['worktree', 'remove', '--force', manual]);
    }
  });

  it('while in a worktree the model is told where it works; back home, nothing', async () => {
    const { r, root } = await entered('note');
    expect(tool.systemNote!(r.ctx)).toBe(
      `You are working in a git worktree on branch worktree-note: ${root}. It is your working directory: commands run there and relative paths start there. The project's main checkout at ${r.dir} is not changed by your work in the worktree. Use ExitWorktree when the user asks to leave it.`,
    );
    await exit(r, { action: 'keep' });
    expect(tool.systemNote!(r.ctx)).toBeNull();
  });

  it('the input is Claude Code\'s: action keep or remove, discard_changes a boolean, nothing else', () => {
    expect(tool.inputSchema().safeParse({ action: 'delete' }).success).toBe(false);
    expect(tool.inputSchema().safeParse({}).success).toBe(false);
    expect(tool.inputSchema().safeParse({ action: 'keep', force: true }).success).toBe(false);
    expect(tool.shouldDefer).toBe(true);
  });
});
