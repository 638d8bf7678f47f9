// The environment part of a subagent's system prompt (AG6): where it works, on what system and shell,
// and what git says of the folder, so it need not spend turns finding out.
import { git } from '../../git/run';

export interface AgentEnvironment {
  cwd: string;
  platform: NodeJS.Platform;
  shell: string;
  /** `git status --short` (first lines), or null when the folder is not in a git repository. */
  gitStatus: string | null;
  branch: string | null;
}

const MAX_STATUS_LINES = 40;

export async function readEnvironment(cwd: string, env: Readonly<Record<string, string | undefined>>, signal?: AbortSignal): Promise<AgentEnvironment> {
  const [status, branch] = await Promise.all([
    git(['status', '--short'], cwd, { timeoutMs: 5_000, ...(signal ? { signal } : {}) }),
    git(['branch', '--show-current'], cwd, { timeoutMs: 5_000, ...(signal ? { signal } : {}) }),
  ]);
  return {
    cwd,
    platform: process.platform,
    shell: env.SHELL || process.env.SHELL || 'bash',
    gitStatus: status.ok ? status.stdout : null,
    branch: branch.ok ? branch.stdout.trim() || null : null,
  };
}

/** Pure: the environment as the system prompt's last part. */
export function environmentText(e: AgentEnvironment): string {
  const lines = ['<env>', `Working directory: ${e.cwd}`, `Is directory a git repo: ${e.gitStatus !== null ? 'Yes' : 'No'}`, `Platform: ${e.platform}`, `Shell: ${e.shell}`, '</env>'];
  if (e.gitStatus !== null) {
    const all = e.gitStatus.split('\n').filter(Boolean);
    const shown = all.slice(0, MAX_STATUS_LINES);
    const more = all.length > shown.length ? [`… and ${all.length - shown.length} more`] : [];
    lines.push('', 'gitStatus: the status at the start of your task (it does not update).', `Current branch: ${e.branch ?? '(none)'}`, 'Status:', ...(shown.length ? [...shown, ...more] : ['(clean)']));
  }
  return lines.join('\n');
}

export function agentSystemPrompt(template: string, e: AgentEnvironment): string {
  return [template.trim(), 'Notes:\n- Your final message is your answer: the one who asked sees only it.\n- Use absolute file paths in your answer.', environmentText(e)].filter(Boolean).join('\n\n');
}
