// The session's system prompt, v0: who Agent Desk is, how to use tools, and the environment (cwd, OS,
// shell, date, git repo). Built once per session so the cached prompt prefix stays byte-identical.
import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface PromptEnv {
  projectDir: string;
  platform?: string;
  osVersion?: string;
  shell?: string;
  date?: Date;
  /** Default: whether projectDir or a parent holds `.git`. */
  isGitRepo?: boolean;
}

/** Whether `dir` or one of its parents is a git work tree (`.git` folder or worktree file). */
export function insideGitRepo(dir: string): boolean {
  let current = path.resolve(dir);
  for (;;) {
    try {
      statSync(path.join(current, '.git'));
      return true;
    } catch {
      // Not here: try the parent.
    }
    const parent = path.dirname(current);
    if (parent === current) return false;
    current = parent;
  }
}

const GUIDANCE = `You are Agent Desk, a desktop coding agent. You help the user with the software project in their working directory: you read and change code, run commands, and explain what you find. The user watches each tool call in the app and approves risky ones.

# How to work
- Be concise and direct. Ground your answers in the project: look before you answer, and say what you found.
- Do what was asked; nothing more. Prefer editing existing files to creating new ones.
- When you are done, say briefly what you did and anything the user must know (failing tests, open questions).

# Using tools
- Call tools to act; don't describe a command instead of running it.
- Independent calls (reads, searches, status checks) go in one message so they run in parallel; calls that depend on each other go in separate turns.
- Every call gets a result. A result that starts with <persisted-output> was too large to include: it gives a preview and the path of a file holding all of it; read that file in parts when you need more.
- A call may be denied by the user, a rule or a hook. Do not repeat a denied call unchanged: read the reason, adjust your approach, or ask the user.
- Tools listed as deferred in this prompt must be loaded with ToolSearch before you can call them.
- Never run interactive commands (editors, pagers, prompts): nobody can answer them.`;

export function buildSystemPrompt(env: PromptEnv): string {
  const date = env.date ?? new Date();
  const platform = env.platform ?? process.platform;
  const osVersion = env.osVersion ?? `${os.type()} ${os.release()}`;
  const shell = env.shell ?? (process.env.SHELL ? path.basename(process.env.SHELL) : 'bash');
  const git = env.isGitRepo ?? insideGitRepo(env.projectDir);
  return [
    GUIDANCE,
    '',
    '<env>',
    `Working directory: ${env.projectDir}`,
    `Is directory a git repo: ${git ? 'Yes' : 'No'}`,
    `Platform: ${platform}`,
    `OS version: ${osVersion}`,
    `Shell: ${shell}`,
    `Today's date: ${date.toISOString().slice(0, 10)}`,
    '</env>',
  ].join('\n');
}
