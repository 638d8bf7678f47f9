// ExitWorktree's approval in words (ToolDef.describeRequest): which copy of the project and which branch
// would be deleted, exactly what work would be lost, and that the project folder stays as it is.
import type { RequestDescription, RequestFact } from '../../../shared/permissions/request-description';
import type { ExitWorktreeInput } from '../../../shared/tools/worktree';
import { changesSince } from '../../git/worktrees';
import type { ToolUseContext } from '../core/tool';
import { enteredWorktree, workWords } from './session-worktree';

export async function describeExitWorktree(input: ExitWorktreeInput, ctx: ToolUseContext): Promise<RequestDescription | null> {
  if (input.action !== 'remove') return null;
  const wt = await enteredWorktree(ctx);
  if (!wt) return null;
  const changes = wt.since ? await changesSince(wt.root, wt.since) : null;
  const lost = changes ? workWords(changes, wt.branch) || 'nothing' : 'work git could not count';
  const details: RequestFact[] = [
    { label: 'Copy that will be deleted', value: wt.root },
    ...(wt.branch ? [{ label: 'Branch that will be deleted', value: wt.branch }] : []),
    { label: 'Work that will be lost', value: lost },
    { label: 'Your project folder', value: 'Stays as it is; the assistant goes back to working there.' },
    { label: 'Can it be undone?', value: 'No. What was only in the copy is gone for good.' },
  ];
  return {
    title: 'Delete the separate copy of the project, and the work in it?',
    summary: `Delete the copy “${wt.branch ?? wt.root}” and throw away ${lost}`,
    details,
  };
}
