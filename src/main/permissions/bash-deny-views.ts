// What a deny or ask rule must see in a Bash line beyond its written parts (PL4b, BA3): each simple
// command as Bash reads it (quotes and escapes removed: `'rm'`, `r\m`, `$'\x72m'` are rm), what it runs
// through every wrapper (sudo, exec, xargs -0…), and the code a shell runs from a string (`bash -c`,
// `eval`, `find -exec`), read the same way. Only ever adds candidates: over-matching adds denials.
import { analyzeCommand, effectiveCommand, legacySplit, loadedBashParser, MAX_ANALYZED_LENGTH, programNames, quoteWord, type SimpleCommand } from '../shell/index';

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'fish', 'su']);
const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);
/**
 * Programs that start the rest of their words as a command, after options whose values unwrap's tables
 * do not list: every later word that is not an option may be where that command begins.
 */
const LAUNCHERS = new Set(['setsid', 'ionice', 'chrt', 'taskset', 'numactl', 'prlimit', 'unbuffer', 'strace', 'ltrace', 'caffeinate', 'chroot', 'flock', 'watch', 'parallel', 'script', 'runuser', 'sg', 'fakeroot', 'firejail', 'proxychains', 'proxychains4', 'torsocks', 'systemd-run', 'nsenter', 'unshare', 'catchsegv', 'valgrind', 'daemonize', 'ssh-agent', 'dbus-launch', 'xvfb-run', 'stdbuf', 'nice', 'timeout']);
const MAX_LAUNCH_STARTS = 8;
const MAX_DEPTH = 4;
/** Analyses one line may cost (launchers nest: `setsid flock x setsid …`). */
const MAX_ANALYSES = 64;

const cache = new Map<string, readonly string[]>();
const CACHE_MAX = 256;

/** The extra commands deny and ask rules are matched against (the written parts are matched elsewhere). */
export function denyViews(command: string): readonly string[] {
  const key = `${loadedBashParser() ? 'p' : 'l'}:${command}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const out = new Set<string>();
  const budget = { left: MAX_ANALYSES };
  collect(command, 0, out, budget);
  const views = [...out];
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, views);
  return views;
}

interface Budget {
  left: number;
}

function collect(line: string, depth: number, out: Set<string>, budget: Budget): void {
  if (depth > MAX_DEPTH || line.length > MAX_ANALYZED_LENGTH || budget.left-- <= 0) return;
  const analysis = loadedBashParser() ? analyzeCommand(line) : legacySplit(line);
  if (analysis.kind !== 'too-complex') {
    for (const cmd of analysis.commands) view(cmd, depth, out, budget);
    return;
  }
  // A substitution, a loop, a here-doc: the tree still names every command in it, nested ones too.
  for (const text of programNames(line)?.commands ?? []) {
    out.add(text);
    if (budget.left-- <= 0) return;
    const inner = analyzeCommand(text);
    if (inner.kind !== 'too-complex') for (const cmd of inner.commands) view(cmd, depth + 1, out, budget);
  }
}

const words = (argv: readonly string[]) => argv.map(quoteWord).join(' ');

function view(cmd: SimpleCommand, depth: number, out: Set<string>, budget: Budget): void {
  if (cmd.argv.length === 0) return;
  out.add(cmd.argv.join(' '));
  const eff = effectiveCommand(cmd).command;
  const argv = eff.argv;
  if (argv.length === 0) return;
  out.add(argv.join(' '));
  const name = argv[0]!;
  if (name === 'exec') {
    // `exec [-cl] [-a name] cmd …` replaces the shell with cmd.
    let i = 1;
    while (i < argv.length && argv[i]!.startsWith('-') && argv[i] !== '--') i += argv[i] === '-a' ? 2 : 1;
    if (argv[i] === '--') i++;
    if (i < argv.length) collect(words(argv.slice(i)), depth + 1, out, budget);
  } else if (name === 'eval') {
    collect(argv.slice(1).join(' '), depth + 1, out, budget);
  } else if (SHELLS.has(name) || name === 'script' || name === 'runuser') {
    const code = shellCode(argv);
    if (code !== null) collect(code, depth + 1, out, budget);
  }
  if (LAUNCHERS.has(name)) {
    // `watch` and `parallel` hand their words to a shell: read them as a line too.
    if (name === 'watch' || name === 'parallel') collect(argv.slice(1).filter((a) => !a.startsWith('-')).join(' '), depth + 1, out, budget);
    let starts = 0;
    for (let i = 1; i < argv.length && starts < MAX_LAUNCH_STARTS; i++) {
      if (argv[i]!.startsWith('-')) continue;
      starts++;
      collect(words(argv.slice(i)), depth + 1, out, budget);
    }
  }
  if (name === 'git') {
    const sub = gitSubcommand(argv);
    if (sub > 1) out.add(['git', ...argv.slice(sub)].join(' '));
  }
  // find's -exec runs the words up to `;` or `+` as a command of their own.
  for (let i = 1; i < argv.length; i++) {
    if (!FIND_EXEC.has(argv[i]!) || name !== 'find') continue;
    let end = i + 1;
    while (end < argv.length && argv[end] !== ';' && argv[end] !== '+') end++;
    if (end > i + 1) collect(words(argv.slice(i + 1, end)), depth + 1, out, budget);
    i = end;
  }
}

/** The string after `-c` (alone or in a cluster like `-lc`), the code a shell runs; null when there is none. */
function shellCode(argv: readonly string[]): string | null {
  for (let i = 1; i < argv.length - 1; i++) {
    const a = argv[i]!;
    if (a === '--command' || /^-[A-Za-z]*c[A-Za-z]*$/.test(a)) return argv[i + 1]!;
  }
  return null;
}

const GIT_VALUED = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env', '--super-prefix', '--list-cmds']);

/** Where git's subcommand starts after its global options (`git -C x -c a=b --no-pager push` → 5). */
function gitSubcommand(argv: readonly string[]): number {
  let i = 1;
  while (i < argv.length && argv[i]!.startsWith('-')) i += GIT_VALUED.has(argv[i]!) ? 2 : 1;
  return i;
}
