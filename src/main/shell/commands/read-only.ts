// TC2/TL3: whether a parsed Bash command only reads — the command table (read-only-table.ts) checked
// word by word by one function, plus the rules every command shares (no output redirection, no
// environment prefix, no program named by path) and the same verdict for a whole command line.
import type { Separator, SimpleCommand } from '../types';
import { trustedProgram } from './argv';
import type { ReadOnlySpec, ValueKind } from './read-only-spec';
import { EXACT_READ_ONLY, READ_ONLY_TABLE } from './read-only-table';
import { sedVerdict } from './sed';

export type ReadOnlyVerdict = { readOnly: true } | { readOnly: false; reason: string };

const YES: ReadOnlyVerdict = { readOnly: true };
const no = (reason: string): ReadOnlyVerdict => ({ readOnly: false, reason });

/** Programs whose table entries are per subcommand (`git status`, `npm ls`). */
const FAMILIES = new Set(Object.keys(READ_ONLY_TABLE).filter((k) => k.includes(' ')).map((k) => k.split(' ')[0]!));

// The longest table key is three words (`git stash list`, `git config --get`).
const MAX_KEY_WORDS = 3;

/** The table entry for a command and how many of its words name it (`git status` → 2). */
export function lookupSpec(argv: readonly string[]): { key: string; spec: ReadOnlySpec; words: number } | null {
  for (let n = Math.min(MAX_KEY_WORDS, argv.length); n >= 1; n--) {
    const key = argv.slice(0, n).join(' ');
    const spec = READ_ONLY_TABLE[key];
    if (spec) return { key, spec, words: n };
  }
  return null;
}

function valueProblem(flag: string, kind: ValueKind, value: string, attached: boolean): string | null {
  if (kind === 'number' && !/^\d+$/.test(value)) return `${flag} takes a number, not "${value}"`;
  if (kind === 'char' && value.length !== 1) return `${flag} takes one character`;
  // A dash-led word after a flag is most likely another flag the program reads differently than
  // this table; only an attached value (`--sort=-date`) is taken as a value.
  if (!attached && value.startsWith('-') && value !== '-') return `${flag} is followed by ${value} instead of its value`;
  return null;
}

const isFlagWord = (w: string): boolean => w.length > 1 && /^-[a-zA-Z0-9_@.?-]/.test(w);

/**
 * Checks the words after the command words against a table entry: every flag known with its value,
 * operands within bounds, then the entry's own rule. A reason when not read-only.
 */
export function checkAgainstSpec(name: string, spec: ReadOnlySpec, args: readonly string[]): string | null {
  const operands: string[] = [];
  const flags = spec.flags;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w === '--' && spec.doubleDash !== false) {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (!isFlagWord(w) || flags === 'any') {
      if (!isFlagWord(w)) operands.push(w);
      continue;
    }
    if (spec.numericFlags && /^-\d+$/.test(w)) continue;
    const eq = w.startsWith('--') ? w.indexOf('=') : -1;
    const whole = eq >= 0 ? w.slice(0, eq) : w;
    const kind = flags[whole];
    if (kind !== undefined || w.startsWith('--')) {
      if (kind === undefined) return `${name} ${whole} is not a flag known to only read`;
      const attached = eq >= 0 ? w.slice(eq + 1) : undefined;
      if (kind === 'none') {
        if (attached !== undefined) return `${whole} takes no value`;
      } else if (kind === 'pair') {
        if (i + 2 >= args.length) return `${whole} needs two values`;
        i += 2;
      } else if (kind !== 'optional' || attached !== undefined) {
        if (attached !== undefined) {
          const p = kind === 'optional' ? null : valueProblem(whole, kind, attached, true);
          if (p) return p;
        } else {
          const next = args[i + 1];
          if (next === undefined) return `${whole} needs a value`;
          const p = valueProblem(whole, kind, next, false);
          if (p) return p;
          i++;
        }
      }
      continue;
    }
    // A cluster of short flags, getopt style: `-la`, `-n5`, `-A3`, `-vn 5`.
    for (let j = 1; j < w.length; j++) {
      const flag = `-${w[j]}`;
      const k = flags[flag];
      if (k === undefined) return `${name} ${j === 1 && w.length === 2 ? w : `${flag} (in ${w})`} is not a flag known to only read`;
      if (k === 'none') continue;
      const rest = w.slice(j + 1);
      if (k === 'pair') return `${flag} cannot be joined with other flags`;
      if (rest) {
        const p = k === 'optional' ? null : valueProblem(flag, k, rest, true);
        if (p) return p;
      } else if (k !== 'optional') {
        const next = args[i + 1];
        if (next === undefined) return `${flag} needs a value`;
        const p = valueProblem(flag, k, next, false);
        if (p) return p;
        i++;
      }
      break;
    }
  }
  if (spec.maxOperands !== undefined && operands.length > spec.maxOperands) {
    return spec.maxOperands === 0 ? `${name} with an operand (${operands[0]}) is not only reading` : `${name} is given more than ${spec.maxOperands} operand${spec.maxOperands === 1 ? '' : 's'}`;
  }
  return spec.check?.(args, operands) ?? null;
}

const WRITE_OPS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);
const HARMLESS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);

/** Why a redirection writes (anything but a descriptor copy or /dev/null and the own streams). */
function redirectProblem(c: SimpleCommand): string | null {
  for (const r of c.redirects) {
    if (/^&(?:\d+|-)$/.test(r.target) || ((r.op === '>&' || r.op === '<&') && /^(?:\d+|-)$/.test(r.target))) continue;
    if (r.op === '>&' || WRITE_OPS.has(r.op)) {
      if (r.op !== '<>' && HARMLESS.has(r.target)) continue;
      return `the output goes to a file (${r.op} ${r.target})`;
    }
  }
  return null;
}

/** TC2: read-only means it may run without asking, as far as what it does goes (paths are checked apart). */
export function isReadOnlyCommand(c: SimpleCommand): ReadOnlyVerdict {
  if (c.argv.length === 0) {
    return no(c.env.length > 0 ? `it sets the shell variable ${c.env[0]!.name}, which later commands may use` : 'there is no command');
  }
  // Safe prefixes (LANG=C, NO_COLOR=1, …) are stripped by the parser; what is left can change what runs.
  if (c.env.length > 0) return no(`it sets ${c.env[0]!.name} for the command, which can change what it does`);
  const redirect = redirectProblem(c);
  if (redirect) return no(redirect);
  const program = trustedProgram(c);
  if (!program) return no(`it runs ${c.argv[0]}, a program named by its path`);
  const argv = [program, ...c.argv.slice(1)];
  if (EXACT_READ_ONLY.some((e) => e.length === argv.length && e.every((w, i) => argv[i] === w))) return YES;
  if (program === 'sed') {
    const v = sedVerdict(c);
    if (v.kind === 'read-only') return YES;
    return no(v.kind === 'writes' ? `sed -i edits ${v.files.join(', ')}` : v.reason);
  }
  const found = lookupSpec(argv);
  if (!found) {
    // For a family of subcommands (git, npm) name the subcommand: "git push is not …".
    const family = FAMILIES.has(program) && argv[1] !== undefined && !argv[1].startsWith('-');
    const sub = family ? `${program} ${argv[1]}` : program;
    return no(`${sub} is not a command known to only read`);
  }
  const problem = checkAgainstSpec(found.key, found.spec, argv.slice(found.words));
  return problem ? no(problem) : YES;
}

/** The separators a read-only line may use: `&` would leave a command running after the call ends. */
const READ_ONLY_SEPARATORS: ReadonlySet<Separator> = new Set(['|', '&&', '||', ';']);

/** A whole line is read-only when every part is and the parts only pipe or follow one another. */
export function isReadOnlyPipeline(cmds: readonly SimpleCommand[], separators: readonly Separator[]): ReadOnlyVerdict {
  if (cmds.length === 0) return no('there is no command');
  const sep = separators.find((s) => !READ_ONLY_SEPARATORS.has(s));
  if (sep !== undefined) return no(sep === '&' ? 'a part runs in the background (&)' : `the parts are joined with ${JSON.stringify(sep)}`);
  for (const c of cmds) {
    const v = isReadOnlyCommand(c);
    if (!v.readOnly) return cmds.length === 1 ? v : no(`${c.argv[0] ?? c.text}: ${v.reason}`);
  }
  return YES;
}
