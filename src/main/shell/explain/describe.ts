// One simple command in a plain sentence, for a person who never used a terminal ("Deletes build and
// everything inside it"), and whether it reaches other computers. A table of programs; anything it
// does not know is "Runs the program “x”", never a guess.
import { hasOption, optionValues, parseArgs, programBase, type OptionSpec, type ParsedArgs } from '../commands/argv';
import type { SimpleCommand } from '../types';

type Describer = (p: ParsedArgs, c: SimpleCommand) => string;

const quote = (w: string): string => `“${w.length > 60 ? `${w.slice(0, 57)}…` : w}”`;

/** "a, b and c"; the first few only. */
function list(words: readonly string[], none: string, max = 3): string {
  if (words.length === 0) return none;
  const shown = words.slice(0, max);
  const rest = words.length - shown.length;
  const items = rest > 0 ? [...shown, `${rest} more`] : shown;
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const files = (p: ParsedArgs, none = 'the input it is given'): string => list(p.operands, none);
const here = (p: ParsedArgs): string => list(p.operands, 'the current folder');

/** What the line writes with `>`/`>>`: said after the sentence ("…, into out.txt"). */
function outputWords(c: SimpleCommand): string {
  const targets = c.redirects.filter((r) => /^(?:\d*>>?|&>>?|>\|)$/.test(`${r.fd ?? ''}${r.op}`) && !/^(?:&?\d+|-|\/dev\/null)$/.test(r.target));
  if (targets.length === 0) return '';
  const appends = targets.every((r) => r.op.endsWith('>>'));
  return `, ${appends ? 'adding the result to the end of' : 'writing the result into'} ${list(targets.map((r) => r.target), '')}`;
}

const recursive = (p: ParsedArgs): boolean => hasOption(p, '-r', '-R', '--recursive');

const SPECS: Readonly<Record<string, OptionSpec>> = {
  grep: { valuedShort: 'eEfmABCd', valuedLong: ['--regexp', '--file', '--max-count', '--include', '--exclude', '--exclude-dir'] },
  rg: { valuedShort: 'egtTmABCM', valuedLong: ['--regexp', '--glob', '--type', '--max-count'] },
  head: { valuedShort: 'nc' },
  tail: { valuedShort: 'nc' },
  curl: { valuedShort: 'oXdHuFTAeEw', valuedLong: ['--output', '--request', '--data', '--header', '--user', '--form', '--upload-file'] },
  wget: { valuedShort: 'OoP', valuedLong: ['--output-document', '--directory-prefix'] },
  chmod: { onlyShort: 'RfvcH' },
};

const DESCRIBE: Readonly<Record<string, Describer>> = {
  // What deletion means (no Trash, no asking) is the warning's to say.
  rm: (p) => `Deletes ${files(p, 'nothing')}${recursive(p) ? ' and everything inside' : ''}`,
  rmdir: (p) => `Removes the empty folder ${files(p, 'named')}`,
  unlink: (p) => `Deletes the file ${files(p, 'named')}`,
  shred: (p) => `Overwrites ${files(p, 'the file')} so it can never be recovered`,
  mv: (p) => (p.operands.length >= 2 ? `Moves or renames ${list(p.operands.slice(0, -1), '')} to ${p.operands.at(-1)}` : 'Moves files'),
  cp: (p) => (p.operands.length >= 2 ? `Copies ${list(p.operands.slice(0, -1), '')}${recursive(p) ? ' with everything inside' : ''} to ${p.operands.at(-1)}` : 'Copies files'),
  ln: (p) => (p.operands.length >= 2 ? `Creates ${p.operands.at(-1)} as a link to ${p.operands[0]}` : 'Creates a link'),
  mkdir: (p) => `Creates the folder ${files(p, 'named')}`,
  touch: (p) => `Creates ${files(p, 'the file')} if missing, or updates its date`,
  ls: (p) => `Lists what is in ${here(p)}`,
  tree: (p) => `Lists ${here(p)} and every folder inside it`,
  du: (p) => `Measures how much space ${here(p)} takes`,
  df: () => 'Shows how much disk space is free',
  pwd: () => 'Shows which folder it is in',
  cd: (p) => `Moves into the folder ${p.operands[0] ?? 'home'}`,
  cat: (p) => `Shows what is in ${files(p)}`,
  less: (p) => `Shows what is in ${files(p)}`,
  more: (p) => `Shows what is in ${files(p)}`,
  head: (p) => `Shows the first lines of ${files(p)}`,
  tail: (p) => (hasOption(p, '-f', '-F', '--follow') ? `Shows the end of ${files(p)} and keeps watching it` : `Shows the last lines of ${files(p)}`),
  wc: (p) => `Counts the lines, words and characters of ${files(p)}`,
  sort: (p) => `Sorts the lines of ${files(p)}`,
  uniq: (p) => `Leaves out repeated lines of ${files(p)}`,
  diff: (p) => `Compares ${list(p.operands, 'two files')}`,
  stat: (p) => `Shows facts about ${files(p)} (size, dates)`,
  file: (p) => `Tells what kind of file ${files(p)} is`,
  jq: (p) => `Reads JSON${p.operands.length > 1 ? ` from ${list(p.operands.slice(1), '')}` : ''}`,
  grep: (p) => {
    const patterns = optionValues(p, '-e', '--regexp');
    const pattern = patterns[0] ?? p.operands[0];
    const where = patterns.length > 0 ? p.operands : p.operands.slice(1);
    return `Searches ${list(where, recursive(p) ? 'the current folder' : 'the input it is given')} for ${pattern !== undefined ? quote(pattern) : 'text'}`;
  },
  rg: (p) => {
    const pattern = optionValues(p, '-e', '--regexp')[0] ?? p.operands[0];
    return `Searches ${list(p.operands.slice(1), 'the current folder')} for ${pattern !== undefined ? quote(pattern) : 'text'}`;
  },
  find: (p, c) => {
    const args = c.argv.slice(1);
    const start = args.filter((w, i) => !w.startsWith('-') && !w.startsWith('(') && !w.startsWith('!') && args.slice(0, i).every((x) => !x.startsWith('-')));
    const names = args.flatMap((w, i) => (w === '-name' || w === '-iname' ? [args[i + 1] ?? ''] : []));
    const what = names.length > 0 ? `files named ${list(names.map(quote), '')}` : 'files';
    const exec = args.findIndex((w) => w === '-exec' || w === '-execdir' || w === '-ok');
    const tail = args.includes('-delete') ? ' and deletes every one it finds' : exec >= 0 ? ` and runs ${quote(args[exec + 1] ?? 'a program')} on each one` : '';
    return `Looks for ${what} in ${list(start, 'the current folder')}${tail}`;
  },
  echo: () => 'Prints text',
  printf: () => 'Prints text',
  true: () => 'Does nothing (succeeds)',
  sleep: (p) => `Waits ${p.operands[0] ?? 'a moment'}${/^\d+$/.test(p.operands[0] ?? '') ? ' seconds' : ''}`,
  which: (p) => `Finds where the program ${files(p, 'named')} is installed`,
  chmod: (p) => `Changes who may read, change or run ${list(p.operands.slice(1), 'the files')}${recursive(p) ? ' and everything inside' : ''}`,
  chown: (p) => `Changes who owns ${list(p.operands.slice(1), 'the files')}${recursive(p) ? ' and everything inside' : ''}`,
  tar: (p, c) => {
    const flags = (c.argv[1] ?? '') + p.options.map((o) => o.name).join('');
    if (/x|--extract/.test(flags)) return 'Unpacks an archive';
    if (/c|--create/.test(flags)) return 'Packs files into an archive';
    return 'Works with an archive';
  },
  unzip: (p) => `Unpacks ${files(p, 'an archive')}`,
  zip: (p) => `Packs files into ${p.operands[0] ?? 'an archive'}`,
  curl: (p) => {
    const url = p.operands.find((w) => /^[a-z]+:\/\//i.test(w)) ?? p.operands[0] ?? 'an address';
    const sends = hasOption(p, '-d', '--data', '-F', '--form', '-T', '--upload-file') || /^(POST|PUT|PATCH|DELETE)$/i.test(optionValues(p, '-X', '--request')[0] ?? '');
    const out = optionValues(p, '-o', '--output')[0] ?? (hasOption(p, '-O', '--remote-name') ? 'a file named after it' : undefined);
    return sends ? `Sends data to ${url}` : `Downloads ${url}${out ? ` and saves it as ${out}` : ''}`;
  },
  wget: (p) => `Downloads ${p.operands[0] ?? 'an address'}${optionValues(p, '-O', '--output-document')[0] === '-' ? ' and prints it' : ''}`,
  ssh: (p) => `Connects to the computer ${p.operands[0] ?? 'named'}${p.operands.length > 1 ? ' and runs a command there' : ''}`,
  scp: (p) => `Copies files between this computer and another (${list(p.operands, '')})`,
  rsync: (p) => `Copies ${list(p.operands.slice(0, -1), 'files')} to ${p.operands.at(-1) ?? 'another place'}`,
  kill: () => 'Stops a running program',
  pkill: (p) => `Stops the running programs named ${files(p, 'given')}`,
  killall: (p) => `Stops the running programs named ${files(p, 'given')}`,
  ps: () => 'Lists the programs running on this computer',
  make: (p) => `Builds ${p.operands.length > 0 ? list(p.operands.map(quote), '') : 'the project'} with make`,
  tsc: () => 'Checks and compiles the TypeScript code',
  open: (p) => `Opens ${files(p, 'a file')} with its usual app`,
  'xdg-open': (p) => `Opens ${files(p, 'a file')} with its usual app`,
  export: () => 'Sets a setting (an environment variable) for the commands after it',
  source: (p) => `Runs the commands in ${files(p, 'a file')} in this shell`,
  crontab: () => 'Changes the list of commands this computer runs on a schedule',
  dd: (_p, c) => `Copies raw data${c.argv.find((w) => w.startsWith('of=')) ? ` into ${c.argv.find((w) => w.startsWith('of='))!.slice(3)}` : ''}`,
  tee: (p) => `Writes its input into ${files(p, 'a file')}${hasOption(p, '-a', '--append') ? ' (adding to the end)' : ''} and shows it`,
};

/** Subcommands of program families: the first word after the program (and its global options). */
const GIT: Readonly<Record<string, (rest: ParsedArgs) => string>> = {
  status: () => 'Shows which files changed since the last commit (git)',
  diff: () => 'Shows the changes not yet committed (git)',
  log: () => 'Shows the history of commits (git)',
  show: () => 'Shows one commit and its changes (git)',
  blame: (r) => `Shows who last changed each line of ${files(r, 'a file')} (git)`,
  add: (r) => `Marks ${files(r, 'changes')} to be saved in the next commit (git)`,
  commit: (r) => (hasOption(r, '--amend') ? 'Rewrites the last commit (git)' : 'Saves the marked changes as a commit in the project’s history (git)'),
  push: (r) => `Uploads commits to ${r.operands[0] ?? 'the server'}${hasOption(r, '-f', '--force', '--force-with-lease') ? ', replacing what is there' : ''} (git)`,
  pull: () => 'Downloads changes from the server and merges them in (git)',
  fetch: () => 'Downloads changes from the server without merging them (git)',
  clone: (r) => `Downloads a copy of the repository ${r.operands[0] ?? ''}`.trimEnd() + ' (git)',
  checkout: (r) => (r.operands.includes('--') || r.operands[0] === '.' ? 'Throws away changes to files (git)' : `Switches to ${r.operands[0] ?? 'another branch'} (git)`),
  switch: (r) => `Switches to the branch ${r.operands[0] ?? ''} (git)`,
  restore: (r) => `Throws away changes to ${files(r, 'files')} (git)`,
  reset: (r) => (hasOption(r, '--hard') ? 'Throws away every change not yet committed (git)' : 'Unmarks changes, or moves the branch back (git)'),
  clean: () => 'Deletes files git does not track (git)',
  branch: (r) => (hasOption(r, '-d', '-D', '--delete') ? `Deletes the branch ${r.operands[0] ?? ''} (git)` : r.operands.length > 0 ? `Creates the branch ${r.operands[0]} (git)` : 'Lists the branches (git)'),
  merge: (r) => `Merges ${r.operands[0] ?? 'another branch'} into this one (git)`,
  rebase: () => 'Replays this branch’s commits on top of another (git)',
  stash: (r) => (r.operands[0] === 'drop' || r.operands[0] === 'clear' ? 'Throws away changes that were put aside (git)' : 'Puts changes aside for later (git)'),
  rm: (r) => `Deletes ${files(r, 'files')} and tells git (git)`,
  mv: (r) => `Moves or renames ${files(r, 'files')} (git)`,
  tag: () => 'Lists or creates tags (git)',
  remote: () => 'Lists or changes the servers this repository talks to (git)',
  init: () => 'Starts a git repository here',
  grep: (r) => `Searches the repository for ${r.operands[0] !== undefined ? quote(r.operands[0]) : 'text'} (git)`,
};

const NPM_LIKE = new Set(['npm', 'pnpm', 'yarn', 'bun']);
function npmSentence(tool: string, sub: string | undefined, rest: ParsedArgs): string {
  if (sub === undefined && tool !== 'yarn') return `Runs ${tool}`;
  if (sub === undefined || sub === 'install' || sub === 'i' || sub === 'ci' || sub === 'add') {
    return rest.operands.length > 0 && sub !== undefined ? `Downloads and installs the packages ${list(rest.operands, '')} (${tool})` : `Downloads and installs the project’s packages (${tool})`;
  }
  if (sub === 'run' || sub === 'run-script') return `Runs the project’s ${quote(rest.operands[0] ?? 'script')} script (${tool})`;
  if (sub === 'test' || sub === 't') return `Runs the project’s tests (${tool})`;
  if (sub === 'start') return `Starts the project (${tool})`;
  if (sub === 'publish') return `Publishes this package for everyone to download (${tool})`;
  if (sub === 'uninstall' || sub === 'remove' || sub === 'rm') return `Removes the packages ${list(rest.operands, '')} (${tool})`;
  if (sub === 'exec' || sub === 'dlx' || sub === 'x') return `Runs ${quote(rest.operands[0] ?? 'a package')}, downloading it first if needed (${tool})`;
  if (tool === 'yarn' && !['list', 'info', 'why', 'config'].includes(sub)) return `Runs the project’s ${quote(sub)} script (yarn)`;
  return `Runs ${tool} ${sub}`;
}

const INTERPRETERS: Readonly<Record<string, string>> = { node: 'JavaScript', python: 'Python', python3: 'Python', ruby: 'Ruby', perl: 'Perl', deno: 'JavaScript', php: 'PHP' };
const SHELL_NAMES = new Set(['sh', 'bash', 'zsh', 'dash', 'fish']);

/** The first word after the program that is not an option, and the words after it. */
function subcommand(args: readonly string[]): { sub: string | undefined; rest: readonly string[] } {
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-')) i += args[i] === '-C' || args[i] === '-c' ? 2 : 1;
  return { sub: args[i], rest: args.slice(i + 1) };
}

/** A sentence for one simple command, with what its redirections write. */
export function describeCommand(c: SimpleCommand): string {
  const name = programBase(c);
  if (!name) return c.env.length > 0 ? `Sets ${list(c.env.map((e) => e.name), '')} for the commands after it` : 'Does nothing';
  const args = c.argv.slice(1);
  let sentence: string;
  if (name === 'git') {
    const { sub, rest } = subcommand(args);
    const own = sub !== undefined && Object.hasOwn(GIT, sub) ? GIT[sub] : undefined;
    sentence = own ? own(parseArgs(rest)) : `Runs git ${sub ?? ''}`.trimEnd();
  } else if (NPM_LIKE.has(name)) {
    const { sub, rest } = subcommand(args);
    sentence = npmSentence(name, sub, parseArgs(rest));
  } else if (name === 'npx' || name === 'bunx') {
    const p = parseArgs(args);
    sentence = `Runs ${quote(p.operands[0] ?? 'a package')}, downloading it first if needed`;
  } else if (name === 'pip' || name === 'pip3' || (name.startsWith('python') && args[0] === '-m' && args[1] === 'pip')) {
    sentence = args.includes('install') ? 'Downloads and installs Python packages' : 'Works with Python packages';
  } else if (Object.hasOwn(INTERPRETERS, name)) {
    const p = parseArgs(args);
    sentence = hasOption(p, '-e', '-c', '--eval', '-p', '--print')
      ? `Runs ${INTERPRETERS[name]} code written in the command`
      : p.operands[0] !== undefined
        ? `Runs the ${INTERPRETERS[name]} program ${p.operands[0]}`
        : `Starts ${INTERPRETERS[name]}`;
  } else if (SHELL_NAMES.has(name)) {
    const p = parseArgs(args);
    sentence = hasOption(p, '-c') ? 'Runs shell commands written in the command' : p.operands[0] !== undefined ? `Runs the script ${p.operands[0]}` : 'Runs the shell commands it is given';
  } else if (name === 'sed') {
    const inPlace = args.some((w) => /^-[a-zA-Z]*i/.test(w) || w.startsWith('--in-place'));
    const p = parseArgs(args, { valuedShort: 'ef' });
    sentence = inPlace ? `Edits ${list(p.operands.slice(1), 'files')} in place` : `Changes text from ${list(p.operands.slice(1), 'the input it is given')} and shows the result`;
  } else if (name === 'docker' || name === 'kubectl' || name === 'terraform' || name === 'cargo' || name === 'go' || name === 'gh') {
    const { sub } = subcommand(args);
    sentence = `Runs ${name}${sub ? ` ${sub}` : ''}`;
  } else if (Object.hasOwn(DESCRIBE, name)) {
    sentence = DESCRIBE[name]!(parseArgs(args, SPECS[name]), c);
  } else {
    sentence = `Runs the program ${quote(c.argv[0]!)}`;
  }
  return sentence + outputWords(c);
}

// Programs (and subcommands) that reach other computers.
const NETWORK_PROGRAMS = new Set(['curl', 'wget', 'ssh', 'scp', 'sftp', 'ftp', 'telnet', 'nc', 'ncat', 'ping', 'dig', 'nslookup', 'host', 'http', 'https', 'npx', 'bunx', 'gh', 'aws', 'gcloud', 'az', 'kubectl', 'helm']);
const NETWORK_SUBCOMMANDS: Readonly<Record<string, ReadonlySet<string>>> = {
  git: new Set(['push', 'pull', 'fetch', 'clone', 'ls-remote', 'submodule']),
  npm: new Set(['install', 'i', 'ci', 'add', 'update', 'publish', 'unpublish', 'exec', 'x', 'view', 'info', 'outdated', 'audit', 'login']),
  pnpm: new Set(['install', 'i', 'add', 'update', 'publish', 'dlx', 'outdated']),
  yarn: new Set(['install', 'add', 'upgrade', 'publish', 'dlx']),
  bun: new Set(['install', 'i', 'add', 'update', 'x']),
  pip: new Set(['install', 'download']),
  pip3: new Set(['install', 'download']),
  cargo: new Set(['install', 'fetch', 'update', 'publish', 'build', 'add']),
  go: new Set(['get', 'install', 'mod']),
  docker: new Set(['pull', 'push', 'login', 'build', 'run']),
  brew: new Set(['install', 'update', 'upgrade']),
  'apt-get': new Set(['install', 'update', 'upgrade']),
  apt: new Set(['install', 'update', 'upgrade']),
  terraform: new Set(['init', 'plan', 'apply', 'destroy']),
};

export function usesNetwork(c: SimpleCommand): boolean {
  const name = programBase(c);
  if (NETWORK_PROGRAMS.has(name)) return true;
  if (name === 'rsync') return c.argv.slice(1).some((w) => /^[^/\s]+:/.test(w) || w.startsWith('rsync://'));
  if (name === 'yarn' && c.argv.length === 1) return true;
  const own = NETWORK_SUBCOMMANDS[name];
  if (!own) return false;
  const { sub } = subcommand(c.argv.slice(1));
  return sub !== undefined && own.has(sub);
}
