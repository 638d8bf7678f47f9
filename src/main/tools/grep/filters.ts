// The `glob` and `type` inputs as ripgrep applies them: how Claude Code splits `glob` into --glob
// values, overrides (gitignore syntax inverted: `*.ts` selects, `!*.ts` excludes, and once any glob
// selects, unselected files are out), and the --type table. Used by both backends so they agree.
import { GREP_VCS_DIRECTORIES } from '../../../shared/tools/grep';
import { globMatcher, IgnoreRules, type IgnoreMatch } from '../fs-common/gitignore';
import { RG_TYPES } from './rg-types';
import { GrepError } from './errors';

/** Claude Code: split on whitespace, then on commas unless the piece has braces (`*.{ts,tsx}`). */
export function splitGlobInput(glob: string | undefined): string[] {
  if (!glob) return [];
  const out: string[] = [];
  for (const raw of glob.split(/\s+/)) {
    if (!raw) continue;
    if (raw.includes('{') && raw.includes('}')) out.push(raw);
    else out.push(...raw.split(',').filter(Boolean));
  }
  return out;
}

/** The --glob values Grep passes, in order: VCS directories excluded first, then the model's. */
export function grepGlobs(glob: string | undefined): string[] {
  return [...GREP_VCS_DIRECTORIES.map((d) => `!${d}`), ...splitGlobInput(glob)];
}

export type OverrideMatcher = (rel: string, isDir: boolean) => IgnoreMatch;

export function compileOverrides(globs: readonly string[]): OverrideMatcher | undefined {
  if (globs.length === 0) return undefined;
  const rules = IgnoreRules.fromLines(globs);
  const selecting = rules.ignoreCount;
  return (rel, isDir) => {
    const m = rules.match(rel, isDir);
    if (m === 'ignore') return 'whitelist';
    if (m === 'whitelist') return 'ignore';
    return selecting > 0 && !isDir ? 'ignore' : undefined;
  };
}

/** rg's --type: a file whose name matches none of the type's globs is skipped. */
export function compileType(type: string | undefined): ((name: string) => IgnoreMatch) | undefined {
  if (type === undefined || type === '') return undefined;
  const globs = type === 'all' ? Object.values(RG_TYPES).flat() : RG_TYPES[type];
  if (!globs) {
    throw new GrepError(`unrecognized file type: ${type} (the built-in search knows ripgrep 13's types; use glob instead)`, 'Grep: unknown type');
  }
  const res = globs.map((g) => globMatcher(g));
  return (name) => (res.some((re) => re.test(name)) ? 'whitelist' : 'ignore');
}
