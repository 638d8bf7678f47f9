// What the model reads of ExitWorktree, and the system note that says where the session works while
// it is in a worktree (the environment the cached system prompt cannot say).
export const EXIT_WORKTREE_DESCRIPTION = 'Exits a worktree session created by EnterWorktree and restores the original working directory';

export const EXIT_WORKTREE_PROMPT = `Leaves the worktree this session entered with EnterWorktree and brings the session back to the project folder.

It acts only on the worktree this session is in through EnterWorktree. It never touches worktrees made by hand with \`git worktree add\`, or a folder the session is in any other way; called outside a worktree it changes nothing and says so.

Use it only when the user asks to leave the worktree ("exit the worktree", "go back", "leave the worktree"); never on your own initiative.

Parameters:
- \`action\` (required): "keep" leaves the worktree and its branch on disk, to come back to or merge later — use it when there is work to keep. "remove" deletes the worktree and its branch — for work that is done or abandoned.
- \`discard_changes\` (optional, default false): with "remove", a worktree that has uncommitted files or commits of its own is refused, and the tool says what would be lost. Tell the user, and only after they confirm call again with \`discard_changes: true\`.

The result reports what changed in the worktree since it began (git diff --stat).`;

export function worktreeNote(folder: { path: string; branch?: string }, projectDir: string): string {
  const branch = folder.branch ? ` on branch ${folder.branch}` : '';
  return `You are working in a git worktree${branch}: ${folder.path}. It is your working directory: commands run there and relative paths start there. The project's main checkout at ${projectDir} is not changed by your work in the worktree. Use ExitWorktree when the user asks to leave it.`;
}
