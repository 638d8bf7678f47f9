// The ExitWorktree tool (issue 19, Claude Code's name and input `{ action, discard_changes? }`): the
// session back in the project folder, the worktree kept or removed with its branch, and what changed
// in it since it began reported. Removing a worktree with work in it is refused unless the model says
// discard_changes — and then the person is asked, told exactly what would be lost.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { EXIT_WORKTREE_TOOL_NAME, WORKTREES_DIR, makeExitWorktreeInputSchema, type ExitWorktreeData, type ExitWorktreeInput } from '../../../shared/tools/worktree';
import { changesSince, diffSince, removeWorktree, type WorktreeChanges } from '../../git/worktrees';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { PermissionResult, Tool, ValidationResult } from '../core/tool';
import { EXIT_WORKTREE_DESCRIPTION, EXIT_WORKTREE_PROMPT, worktreeNote } from './prompt';
import { enteredWorktree, workWords, type EnteredWorktree } from './session-worktree';
import { describeExitWorktree } from './describe';

const NO_SESSION =
  'No-op: there is no active EnterWorktree session to exit. This tool only operates on worktrees created by EnterWorktree in the current session — it will not touch worktrees created manually or in a previous session. No filesystem changes were made.';

const changesOf = (wt: EnteredWorktree): Promise<WorktreeChanges | null> => (wt.since ? changesSince(wt.root, wt.since) : Promise.resolve(null));

function leftMessage(data: Omit<ExitWorktreeData, 'message'>): string {
  if (data.action === 'keep') {
    return `Exited worktree. Your work is preserved at ${data.worktreePath}${data.worktreeBranch ? ` on branch ${data.worktreeBranch}` : ''}. Session is now back in ${data.originalCwd}.`;
  }
  const lost = workWords({ uncommittedFiles: data.discardedFiles ?? 0, commits: data.discardedCommits ?? 0 });
  return `Exited and removed worktree at ${data.worktreePath}.${lost ? ` Discarded ${lost}.` : ''} Session is now back in ${data.originalCwd}.`;
}

export function createExitWorktreeTool(): Tool<ExitWorktreeInput, ExitWorktreeData> {
  return buildTool<ExitWorktreeInput, ExitWorktreeData>({
    name: EXIT_WORKTREE_TOOL_NAME,
    searchHint: 'exit a worktree session and return to the original directory',
    maxResultSizeChars: 100_000,
    shouldDefer: true,
    inputSchema: lazySchema(makeExitWorktreeInputSchema),
    description: () => EXIT_WORKTREE_DESCRIPTION,
    prompt: () => EXIT_WORKTREE_PROMPT,
    userFacingName: () => 'Worktree',
    summarize: (input) => input.action ?? '',
    toAutoClassifierInput: (input) => input.action,
    isDestructive: (input) => input.action === 'remove',
    async validateInput(input, ctx): Promise<ValidationResult> {
      const wt = await enteredWorktree(ctx);
      if (!wt) return { result: false, message: NO_SESSION, errorCode: 1 };
      if (input.action !== 'remove' || input.discard_changes) return { result: true };
      const changes = await changesOf(wt);
      if (!changes) {
        return { result: false, message: `Could not verify worktree state at ${wt.root}. Refusing to remove without explicit confirmation. Re-invoke with discard_changes: true to proceed — or use action: "keep" to preserve the worktree.`, errorCode: 3 };
      }
      const work = workWords(changes, wt.branch);
      if (work) {
        return { result: false, message: `Worktree has ${work}. Removing will discard this work permanently. Confirm with the user, then re-invoke with discard_changes: true — or use action: "keep" to preserve the worktree.`, errorCode: 2 };
      }
      return { result: true };
    },
    // Keeping, or removing a worktree with nothing in it, loses nothing; throwing work away is the person's call.
    async checkPermissions(input, ctx): Promise<PermissionResult<ExitWorktreeInput>> {
      const wt = input.action === 'remove' ? await enteredWorktree(ctx) : null;
      const changes = wt ? await changesOf(wt) : null;
      const work = changes ? workWords(changes, wt?.branch) : 'work git could not count';
      if (!wt || !work) return { behavior: 'allow', updatedInput: input, reason: { type: 'tool', reason: 'leaving a worktree loses nothing' } };
      return {
        behavior: 'ask',
        message: `Remove the worktree at ${wt.root}${wt.branch ? ` and its branch ${wt.branch}` : ''}, throwing away ${work}? This cannot be undone.`,
        reason: { type: 'tool', reason: 'removing the worktree throws work away' },
        action: 'Deleting a separate copy of the project that holds work',
      };
    },
    describeRequest: describeExitWorktree,
    async call(input, ctx) {
      const wt = await enteredWorktree(ctx);
      if (!wt || !ctx.workingFolder) throw new Error(NO_SESSION);
      // Read before anything is removed: the report says what the worktree held.
      const [diff, changes] = await Promise.all([wt.since ? diffSince(wt.root, wt.since) : Promise.resolve(null), changesOf(wt)]);
      if (input.action === 'remove') {
        const removed = await removeWorktree(wt.main, wt.root, wt.branch ?? null);
        if (!removed && existsSync(wt.root)) throw new Error(`git could not remove the worktree at ${wt.root}; the session is still working in it.`);
      }
      ctx.workingFolder.move(null);
      const lost = input.action === 'remove' ? { discardedFiles: changes?.uncommittedFiles ?? 0, discardedCommits: changes?.commits ?? 0 } : {};
      const data = { action: input.action, originalCwd: ctx.projectDir, worktreePath: wt.root, ...(wt.branch ? { worktreeBranch: wt.branch } : {}), ...lost, diff };
      return { data: { ...data, message: leftMessage(data) } };
    },
    mapResult: (data) => {
      const stat = data.diff?.stat ? `\n\nChanges in the worktree since it began (git diff --stat):\n${data.diff.stat}` : data.diff ? '\n\nThe worktree had no changes since it began.' : '';
      return { content: `${data.message}${stat}` };
    },
    systemNote: (ctx) => {
      const folder = ctx.workingFolder?.get();
      return folder && folder.path.includes(`${path.sep}${WORKTREES_DIR.join(path.sep)}${path.sep}`) ? worktreeNote(folder, ctx.projectDir) : null;
    },
  });
}

export const ExitWorktreeTool = createExitWorktreeTool();
