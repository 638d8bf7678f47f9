// BA9: what a command line may destroy, expose or leave behind, as specific warnings for its approval prompt.
//
// One table, kept by family in this folder: each warning is an id, a sentence for someone who never used
// a terminal, a test over one parsed part and a regex over the raw text. The regexes are for lines the
// parser could not follow (substitutions, process substitution, here-documents): there a false warning
// costs a second of reading and a missed one can cost a home folder, so they are deliberately eager.
import { hasOption as has, optionValues } from '../../commands/argv';
import { CLOUD_RULES } from './cloud';
import { CONTAINER_RULES } from './containers';
import { DATABASE_RULES } from './databases';
import { DISK_RULES } from './disks';
import { FILE_RULES, LATE_FILE_RULES } from './files';
import { GIT_RULES } from './git';
import { NETWORK_RULES, SHELLS } from './network';
import { PACKAGE_RULES } from './packages';
import { flags, run, type CommandWarning, type ParsedLine, type Rule, type Run, type WarningOptions } from './rule';
import { SECRETS_RULES } from './secrets';
import { ELEVATED_RULE, SYSTEM_RULES } from './system';

export type { CommandWarning, ParsedLine, WarningOptions };

// The order is the order a prompt lists a part's warnings in.
const WARNINGS: readonly Rule[] = [
  ...NETWORK_RULES,
  ...DISK_RULES,
  ...FILE_RULES,
  ...DATABASE_RULES,
  ...CLOUD_RULES,
  ...CONTAINER_RULES,
  ...GIT_RULES,
  ...SECRETS_RULES,
  ...SYSTEM_RULES,
  ...PACKAGE_RULES,
  ...LATE_FILE_RULES,
  ELEVATED_RULE,
];

/** Every warning's id and text, in the order they are checked within one part. */
export const WARNING_LIST: readonly CommandWarning[] = WARNINGS.map(({ id, text }) => ({ id, text }));

/** Warnings the raw text may carry, in the order they appear in it. */
function rawWarnings(command: string, home: string | undefined): Rule[] {
  let t = command.replace(/["'\\]/g, '');
  if (home) t = t.split(home.replace(/\/+$/, '')).join('~');
  return WARNINGS.flatMap((rule) => {
    const m = rule.raw.exec(t);
    return m ? [{ rule, at: m.index }] : [];
  })
    .sort((a, b) => a.at - b.at)
    .map((x) => x.rule);
}

/** Code a part hands to a shell as a string (`bash -c '…'`, `eval …`, `su -c …`): read with the raw regexes. */
function shellCode(r: Run): string | null {
  if (r.name === 'eval') return r.args.join(' ') || null;
  if (r.name === 'su') return optionValues(flags(r, 'cgGs', ['--command', '--group', '--shell']), '-c', '--command')[0] ?? null;
  if (!SHELLS.test(r.name)) return null;
  const p = flags(r, 'oO');
  return has(p, '-c') ? (p.operands[0] ?? null) : null;
}

/** Every warning that applies to a command line, in the order of its parts, each id once. */
export function commandWarnings(command: string, parsed: ParsedLine | null, opts: WarningOptions = {}): CommandWarning[] {
  const found: Rule[] = [];
  if (parsed === null) found.push(...rawWarnings(command, opts.home));
  else {
    for (let i = 0; i < parsed.runs.length; i++) {
      const r = run(parsed, i, opts.home);
      // What the code does says more than that a shell runs it: its warnings first.
      const code = shellCode(r);
      if (code !== null) found.push(...rawWarnings(code, opts.home));
      found.push(...WARNINGS.filter((rule) => rule.test(r)));
    }
  }
  const seen = new Set<string>();
  return found.filter((rule) => !seen.has(rule.id) && seen.add(rule.id)).map(({ id, text }) => ({ id, text }));
}
