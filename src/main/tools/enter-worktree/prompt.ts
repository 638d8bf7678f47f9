// What the model reads of EnterWorktree: only when the person asks for a worktree; what it does.
export const ENTER_WORKTREE_DESCRIPTION = 'Creates an isolated git worktree and switches the session into it';

export const ENTER_WORKTREE_PROMPT = `Creates an isolated git worktree — a second checkout of the repository on a new branch — and moves this session into it. Use it ONLY when the user explicitly asks for a worktree ("work in a worktree", "start a worktree", "use a worktree").

Do not use it when the user asks to create or switch branches, or to fix a bug or build a feature without mentioning worktrees: use ordinary git commands for that.

Requirements:
- The project must be in a git repository with at least one commit.

What happens:
- A worktree is made under \`.claude/worktrees/<name>\` at the repository's root, on a new branch \`worktree-<name>\` starting from the current HEAD. A name that already has a worktree there is entered again instead.
- From then on the session works there: commands run in it, relative paths start in it, and edits there leave the user's main checkout untouched.
- Use ExitWorktree to leave it (keeping it or removing it) when the user asks.

Parameters:
- \`name\` (optional): the worktree's name. Without one a random name is made up.`;
