// `isolation: "worktree"` (AG4): the subagent works in a fresh `git worktree` on its own branch, kept
// under the app's data folder so the project's folder and its git status stay untouched. At the end
// its changes are committed on that branch and reported (`git diff --stat`); a worktree it left
// unchanged is removed again.
import path from 'node:path';
import type { AgentWorktree } from '../../../shared/tools/agent';
import { git } from '../../git/run';
import { addWorktree, removeWorktree } from '../../git/worktrees';

export interface OpenWorktree {
  /** The worktree's root. */
  root: string;
  /** Where the subagent starts: the project folder's place inside the worktree. */
  cwd: string;
  branch: string;
  /** The repository it belongs to. */
  repo: string;
}

/** Throws an Error in plain words when the project is not in a git repository or git refuses. */
export async function createWorktree(projectDir: string, parentDir: string, agentId: string): Promise<OpenWorktree> {
  const top = await git(['rev-parse', '--show-toplevel'], projectDir);
  if (!top.ok) throw new Error('An isolated agent needs a git repository: this project folder is not in one.');
  const repo = top.stdout.trim();
  const root = path.join(parentDir, agentId);
  const branch = `agent/${agentId}`;
  try {
    await addWorktree(repo, root, branch);
  } catch (err) {
    throw new Error(`Could not make a worktree for the agent: ${err instanceof Error ? err.message : String(err)}`);
  }
  const inner = path.relative(repo, projectDir);
  return { root, cwd: inner ? path.join(root, inner) : root, branch, repo };
}

export async function finishWorktree(wt: OpenWorktree, description: string): Promise<AgentWorktree> {
  await git(['add', '-A'], wt.root);
  const stat = await git(['diff', '--cached', '--stat', 'HEAD'], wt.root);
  const diffStat = stat.ok ? stat.stdout.trimEnd() : '';
  if (!diffStat) {
    await removeWorktree(wt.repo, wt.root, wt.branch);
    return { path: wt.root, branch: wt.branch, diffStat: '', removed: true };
  }
  await git(['-c', 'user.name=Agent Desk', '-c', 'user.email=agent-desk@localhost', 'commit', '--no-verify', '-q', '-m', `Agent: ${description}`], wt.root);
  return { path: wt.root, branch: wt.branch, diffStat, removed: false };
}
