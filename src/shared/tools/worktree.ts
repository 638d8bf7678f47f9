// EnterWorktree's and ExitWorktree's inputs (Claude Code's: `{ name? }` and `{ action, discard_changes? }`)
// and outputs, shared by the tools and their views; where a session's worktrees live and how a name
// becomes their folder and branch.
import { z } from 'zod';

export const ENTER_WORKTREE_TOOL_NAME = 'EnterWorktree';
export const EXIT_WORKTREE_TOOL_NAME = 'ExitWorktree';

/** Claude Code's place for them, under the repository's root: `.claude/worktrees/<name>`. */
export const WORKTREES_DIR = ['.claude', 'worktrees'] as const;

const NAME_MAX = 64;
const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** What is wrong with a worktree name, in plain words; null when it is fine. */
export function worktreeNameProblem(name: string): string | null {
  if (name.length === 0) return 'The worktree name is empty.';
  if (name.length > NAME_MAX) return `The worktree name is ${name.length} characters long; at most ${NAME_MAX} are allowed.`;
  for (const segment of name.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') return `"${name}" has an empty, "." or ".." part; each "/"-separated part must be a plain name.`;
    if (!SEGMENT.test(segment)) return `"${segment}" may contain only letters, digits, dots, underscores and dashes.`;
  }
  return null;
}

/** A name's folder under WORKTREES_DIR and its branch: "/" becomes "+", so worktrees never nest. */
export function worktreePlace(name: string): { folder: string; branch: string } {
  const flat = name.replaceAll('/', '+');
  return { folder: flat, branch: `worktree-${flat}` };
}

export function makeEnterWorktreeInputSchema() {
  return z.strictObject({
    name: z
      .string()
      .superRefine((s, ctx) => {
        const problem = worktreeNameProblem(s);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional()
      .describe('Optional name for the worktree: letters, digits, dots, underscores and dashes in each "/"-separated part, 64 characters at most. Without one a random name is made up.'),
  });
}
export type EnterWorktreeInput = z.output<ReturnType<typeof makeEnterWorktreeInputSchema>>;

export function makeExitWorktreeInputSchema() {
  return z.strictObject({
    action: z.enum(['keep', 'remove']).describe('"keep" leaves the worktree and its branch on disk; "remove" deletes both.'),
    discard_changes: z
      .boolean()
      .optional()
      .describe('Must be true to "remove" a worktree that has uncommitted files or commits of its own; otherwise the tool refuses and says what it would lose.'),
  });
}
export type ExitWorktreeInput = z.output<ReturnType<typeof makeExitWorktreeInputSchema>>;

export const EnterWorktreeData = z.object({
  worktreePath: z.string(),
  worktreeBranch: z.string().optional(),
  /** An existing worktree of that name was entered again rather than made. */
  resumed: z.boolean().optional(),
  /** The worktree the session worked in before, left on disk as it was. */
  left: z.object({ path: z.string(), branch: z.string().optional() }).optional(),
  message: z.string(),
});
export type EnterWorktreeData = z.infer<typeof EnterWorktreeData>;

export const WorktreeDiffData = z.object({
  /** `git diff --stat` since the worktree began, as git prints it ('' = nothing changed). */
  stat: z.string(),
  files: z.array(z.object({ path: z.string(), added: z.number().nullable(), removed: z.number().nullable() })),
});
export type WorktreeDiffData = z.infer<typeof WorktreeDiffData>;

export const ExitWorktreeData = z.object({
  action: z.enum(['keep', 'remove']),
  originalCwd: z.string(),
  worktreePath: z.string(),
  worktreeBranch: z.string().optional(),
  discardedFiles: z.number().optional(),
  discardedCommits: z.number().optional(),
  /** What the worktree holds that its start did not, read before it was left; null when git could not tell. */
  diff: WorktreeDiffData.nullable(),
  message: z.string(),
});
export type ExitWorktreeData = z.infer<typeof ExitWorktreeData>;
