// The EnterWorktree tool (issue 19, Claude Code's name and input `{ name? }`): a git worktree under
// `.claude/worktrees/` on its own branch, and the session moved into it through the working-folder
// port — commands, relative paths and the trusted working directory follow; the main checkout stays
// as it was. Outside a git repository it is a clear error before anything is asked or done.
import { ENTER_WORKTREE_TOOL_NAME, makeEnterWorktreeInputSchema, type EnterWorktreeData, type EnterWorktreeInput } from '../../../shared/tools/worktree';
import { repositoryOf } from '../../git/worktrees';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool, ToolUseContext, ValidationResult } from '../core/tool';
import { randomWorktreeName } from './names';
import { openSessionWorktree } from './place';
import { ENTER_WORKTREE_DESCRIPTION, ENTER_WORKTREE_PROMPT } from './prompt';

const where = (ctx: ToolUseContext): string => ctx.state.cwd || ctx.projectDir;

function enteredMessage(data: Omit<EnterWorktreeData, 'message'>, workingIn: string): string {
  const branch = data.worktreeBranch ? ` on branch ${data.worktreeBranch}` : '';
  const first = data.resumed ? `Entered the existing worktree at ${data.worktreePath}${branch}.` : `Created worktree at ${data.worktreePath}${branch}.`;
  const inner = workingIn !== data.worktreePath ? ` Working directory: ${workingIn}.` : '';
  const left = data.left ? ` The worktree you were in before (${data.left.path}) stays on disk as it was.` : '';
  return `${first} The session is now working in the worktree.${inner}${left} Use ExitWorktree to leave mid-session.`;
}

export function createEnterWorktreeTool(): Tool<EnterWorktreeInput, EnterWorktreeData> {
  return buildTool<EnterWorktreeInput, EnterWorktreeData>({
    name: ENTER_WORKTREE_TOOL_NAME,
    searchHint: 'create an isolated git worktree and switch into it',
    maxResultSizeChars: 100_000,
    shouldDefer: true,
    inputSchema: lazySchema(makeEnterWorktreeInputSchema),
    description: () => ENTER_WORKTREE_DESCRIPTION,
    prompt: () => ENTER_WORKTREE_PROMPT,
    userFacingName: () => 'Worktree',
    summarize: (input) => input.name ?? '',
    toAutoClassifierInput: (input) => input.name ?? '',
    // A second checkout on a branch of its own: the project's files and branch are left as they were.
    checkPermissions: (input) => ({ behavior: 'allow', updatedInput: input, reason: { type: 'tool', reason: 'a worktree is a separate copy: the project folder is left as it was' } }),
    async validateInput(_input, ctx): Promise<ValidationResult> {
      if (!ctx.workingFolder) return { result: false, message: 'This session cannot change the folder it works in, so it cannot enter a worktree.', errorCode: 1 };
      if (!(await repositoryOf(where(ctx), ctx.abortSignal))) {
        return { result: false, message: `Not in a git repository: ${where(ctx)}. A worktree is a second checkout of a git repository, so the project must be one first (git init, then a first commit).`, errorCode: 2 };
      }
      return { result: true };
    },
    async call(input, ctx) {
      const port = ctx.workingFolder;
      if (!port) throw new Error('This session cannot change the folder it works in, so it cannot enter a worktree.');
      const repo = await repositoryOf(where(ctx), ctx.abortSignal);
      if (!repo) throw new Error(`Not in a git repository: ${where(ctx)}.`);
      const before = port.get();
      const wt = await openSessionWorktree(repo, ctx.projectDir, input.name ?? randomWorktreeName());
      port.move({ path: wt.path, ...(wt.branch ? { branch: wt.branch } : {}), ...(wt.since ? { since: wt.since } : {}) });
      const left = before && before.path !== wt.path ? { path: before.path, ...(before.branch ? { branch: before.branch } : {}) } : undefined;
      const data = { worktreePath: wt.root, ...(wt.branch ? { worktreeBranch: wt.branch } : {}), ...(wt.resumed ? { resumed: true } : {}), ...(left ? { left } : {}) };
      return { data: { ...data, message: enteredMessage(data, wt.path) } };
    },
    mapResult: (data) => ({ content: data.message }),
  });
}

export const EnterWorktreeTool = createEnterWorktreeTool();
