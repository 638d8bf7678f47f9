// acceptEdits for Bash (Claude Code's permission-modes page: "acceptEdits mode auto-approves common
// filesystem Bash commands: mkdir, touch, rm, rmdir, mv, cp, and sed … only to paths inside your
// working directory or additionalDirectories"): a line of those and read-only commands whose every
// path is placed inside the working folders, none in a protected folder (.git, .claude…).
import os from 'node:os';
import { protectedPathOf } from '../../permissions/protected-paths';
import { checkCommandLinePaths, isReadOnlyCommand, sedVerdict } from '../../shell/commands/index';
import type { Separator, SimpleCommand } from '../../shell/types';

/** What permission.ts knows of a line (its BashFacts), as far as this check reads it. */
interface LineFacts {
  safety: unknown;
  parts: SimpleCommand[] | null;
  runs: SimpleCommand[];
  elevated: boolean[];
  separators: Separator[];
}

const FILE_EDITS = new Set(['mkdir', 'touch', 'rm', 'rmdir', 'mv', 'cp', 'sed']);

/** Whether acceptEdits may run this line unasked (the safety checks and path concerns came first). */
export function editsInsideOnly(facts: LineFacts, ctx: { cwd: string; workingDirectories: readonly string[]; home?: string }): boolean {
  const parts = facts.parts;
  if (!parts || facts.safety || parts.length === 0) return false;
  const edits = facts.runs.map((run, i) => {
    if (facts.elevated[i]) return null;
    const name = run.argv[0] ?? '';
    if (FILE_EDITS.has(name)) return name === 'sed' ? sedVerdict(run).kind !== 'ask' : true;
    return isReadOnlyCommand(parts[i]!).readOnly ? false : null;
  });
  if (edits.some((e) => e === null) || !edits.some((e) => e === true)) return false;
  const where = { cwd: ctx.cwd, workingDirs: ctx.workingDirectories, home: ctx.home ?? os.homedir() };
  const paths = checkCommandLinePaths(facts.runs, facts.separators as Separator[], where);
  if (!paths.known || paths.outside.length > 0) return false;
  return paths.paths.every((p) => p.access !== 'write' || (p.resolved !== null && protectedPathOf(p.resolved, process.platform === 'darwin' || process.platform === 'win32') === null));
}
