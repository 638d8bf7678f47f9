// Path resolution for the file tools: `~` and relative paths become absolute (against the session's
// cwd), and absolute paths are shown relative to the project when they live inside it.
import os from 'node:os';
import path from 'node:path';
import type { ToolUseContext } from '../core/tool';

export type PathContext = Pick<ToolUseContext, 'projectDir' | 'state' | 'env' | 'home'>;

/** The absolute, normalised form of a path the model gave (it should be absolute already). */
export function expandPath(p: string, ctx: PathContext): string {
  const trimmed = p.trim();
  // The engine's home, as the permission rules' `~` is: a settings file's `env.HOME` (which only
  // programs see) must not make `~/.ssh/id_rsa` a file the rules do not judge.
  const home = ctx.home || ctx.env.HOME || os.homedir();
  let out = trimmed;
  if (trimmed === '~') out = home;
  else if (trimmed.startsWith('~/')) out = path.join(home, trimmed.slice(2));
  const base = ctx.state?.cwd || ctx.projectDir;
  return path.resolve(base, out);
}

/** Relative to the project when inside it (for one-line summaries), else the absolute path. */
export function displayPath(abs: string, projectDir: string): string {
  const rel = path.relative(projectDir, abs);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : abs;
}
