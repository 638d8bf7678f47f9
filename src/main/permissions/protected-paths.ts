// Paths no mode approves a write to by itself (docs: permission-modes, "Protected paths"): repository
// state, shell and tool start-up files, and Claude's own configuration. A folder is protected wherever
// it appears in the path; a file by its name. Only a person (or a rule they added this session) lets an
// editing tool write there; acceptEdits, bypassPermissions and allow rules from settings files do not.
import path from 'node:path';

/** Protected folders, each one or more path components. */
export const PROTECTED_DIRS: readonly string[] = ['.git', '.config/git', '.vscode', '.idea', '.husky', '.cargo', '.devcontainer', '.yarn', '.mvn', '.claude'];

/** Where Claude Code keeps its own git worktrees: inside it, `.claude` is not what protects a file. */
const CLAUDE_EXEMPT = 'worktrees';

/** Protected files, by name. */
export const PROTECTED_FILES: readonly string[] = [
  '.gitconfig', '.gitmodules',
  '.bashrc', '.bash_profile', '.bash_login', '.bash_aliases', '.bash_logout', '.zshrc', '.zprofile', '.zshenv', '.zlogin', '.zlogout', '.profile', '.envrc',
  '.npmrc', '.yarnrc', '.yarnrc.yml', '.pnp.cjs', '.pnp.loader.mjs', '.pnpmfile.cjs', 'bunfig.toml', '.bunfig.toml',
  '.bazelrc', '.bazelversion', '.bazeliskrc',
  '.pre-commit-config.yaml', 'lefthook.yml', 'lefthook.yaml', '.lefthook.yml', '.lefthook.yaml',
  'gradle-wrapper.properties', 'maven-wrapper.properties',
  '.devcontainer.json',
  '.ripgreprc', 'pyrightconfig.json',
  '.mcp.json', '.claude.json',
];

const DIRS = PROTECTED_DIRS.map((d) => d.split('/'));
const DIRS_I = PROTECTED_DIRS.map((d) => d.toLowerCase().split('/'));
const FILES = new Set(PROTECTED_FILES);
const FILES_I = new Set(PROTECTED_FILES.map((f) => f.toLowerCase()));

/**
 * The protected folder or file a write to `abs` would touch (`.git`, `.npmrc`), or null. Judged on
 * every component of the path; on a case-insensitive file system without regard to case.
 */
export function protectedPathOf(abs: string, caseInsensitive = false): string | null {
  const written = path.resolve(abs).split(path.sep).filter(Boolean);
  const parts = caseInsensitive ? written.map((p) => p.toLowerCase()) : written;
  const dirs = caseInsensitive ? DIRS_I : DIRS;
  for (let i = 0; i < parts.length; i++) {
    for (const dir of dirs) {
      if (!dir.every((name, j) => parts[i + j] === name)) continue;
      // `.claude/worktrees/<tree>/…` is exempt; `.claude/worktrees` itself (replacing the folder) is not.
      if (dir.length === 1 && dir[0] === '.claude' && parts[i + 1] === CLAUDE_EXEMPT && i + 2 < parts.length - 1) continue;
      return dir.join('/');
    }
  }
  const name = parts[parts.length - 1];
  if (name !== undefined && (caseInsensitive ? FILES_I : FILES).has(name)) return written[written.length - 1]!;
  return null;
}
