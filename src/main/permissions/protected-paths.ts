// Paths a mode never auto-approves an edit to (Claude Code: writes to .git, .claude, .vscode and .idea
// still ask, except .claude/commands, .claude/agents and .claude/skills). Only an explicit allow rule
// or a person lets an editing tool write there; acceptEdits and bypassPermissions do not.
import path from 'node:path';

const PROTECTED_DIRS = new Set(['.git', '.claude', '.vscode', '.idea']);
const CLAUDE_EXEMPT = new Set(['commands', 'agents', 'skills']);

/** The protected folder a path lies in (`.git`), or null. Judged on every component of the path. */
export function protectedDirOf(abs: string): string | null {
  const parts = path.resolve(abs).split(path.sep).filter(Boolean);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (!PROTECTED_DIRS.has(part)) continue;
    // `.claude/commands/x.md` is exempt; `.claude/commands` itself (replacing the folder) is not.
    if (part === '.claude' && CLAUDE_EXEMPT.has(parts[i + 1] ?? '') && i + 2 < parts.length) continue;
    return part;
  }
  return null;
}
