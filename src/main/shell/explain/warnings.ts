// BA9: what a command line may destroy, expose or leave behind, as specific warnings for its approval prompt.
//
// One table: each warning is an id, a sentence for someone who never used a terminal, a test over one
// parsed part and a regex over the raw text. The regexes are for lines the parser could not follow
// (substitutions, process substitution, here-documents): there a false warning costs a second of
// reading and a missed one can cost a home folder, so they are deliberately eager.
import path from 'node:path';
import { hasOption as has, optionValues, parseArgs, programBase, type ParsedArgs } from '../commands/argv';
import type { Separator, SimpleCommand } from '../types';

export interface CommandWarning {
  id: string;
  text: string;
}

export interface ParsedLine {
  /** The effective commands (`effectiveCommand(c).command`), in order. */
  runs: readonly SimpleCommand[];
  /** `separators[i]` joins runs[i] and runs[i + 1]. */
  separators: readonly Separator[];
  /** Per run, `effectiveCommand(c).elevated`: the runs alone no longer show the sudo. */
  elevated?: readonly boolean[];
}

export interface WarningOptions {
  /** The user's home folder, so `/Users/me/.zshrc` is known for ~/.zshrc wherever home is. */
  home?: string;
}

interface Run {
  c: SimpleCommand;
  /** argv[0]'s basename: `/opt/x/bin/rm` may be a copy of rm, and a warning errs towards it being one. */
  name: string;
  args: readonly string[];
  i: number;
  line: ParsedLine;
  home: string | undefined;
}

interface Rule {
  id: string;
  text: string;
  test: (r: Run) => boolean;
  raw: RegExp;
}

const run = (line: ParsedLine, i: number, home: string | undefined): Run => {
  const c = line.runs[i]!;
  return { c, name: programBase(c), args: c.argv.slice(1), i, line, home };
};

/** Options clustered or not (`-rf`, `-fr`, `-r -f`), permuted (GNU), `--` respected. */
const flags = (r: Run, valuedShort = '', valuedLong: readonly string[] = []): ParsedArgs => parseArgs(r.args, { valuedShort, valuedLong });

// git's own options come before the subcommand; these take the next word as their value.
const GIT_VALUED = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--config-env', '--super-prefix']);

/** `git -C x push -f` → { sub: 'push', args: ['-f'] }. */
function git(r: Run): { sub: string; args: readonly string[] } | null {
  if (r.name !== 'git') return null;
  let i = 0;
  while (i < r.args.length && r.args[i]!.startsWith('-')) i += GIT_VALUED.has(r.args[i]!) ? 2 : 1;
  const sub = r.args[i];
  return sub === undefined ? null : { sub, args: r.args.slice(i + 1) };
}

const gitSub = (r: Run, sub: string, valuedShort = '', valuedLong: readonly string[] = []): ParsedArgs | null => {
  const g = git(r);
  return g?.sub === sub ? parseArgs(g.args, { valuedShort, valuedLong }) : null;
};

const PUSH_VALUED = ['--push-option', '--repo', '--receive-pack', '--exec'];
const COMMIT_VALUED = ['--message', '--file', '--author', '--date', '--template', '--reuse-message', '--reedit-message', '--fixup', '--squash', '--trailer', '--cleanup'];

function gitClean(r: Run): 'ignored' | 'untracked' | null {
  const p = gitSub(r, 'clean', 'e', ['--exclude']);
  if (!p || !has(p, '-f', '--force') || has(p, '-n', '--dry-run')) return null;
  return has(p, '-x', '-X') ? 'ignored' : 'untracked';
}

function gitDiscards(r: Run): boolean {
  const g = git(r);
  if (!g) return false;
  if (g.sub === 'checkout') {
    const p = parseArgs(g.args, { valuedShort: 'bB', valuedLong: ['--orphan', '--conflict'] });
    const dashes = g.args.indexOf('--');
    return has(p, '-f', '--force') || (dashes >= 0 && dashes < g.args.length - 1) || p.operands.includes('.');
  }
  if (g.sub === 'restore') {
    const p = parseArgs(g.args, { valuedShort: 's', valuedLong: ['--source'] });
    // `--staged` alone only takes files out of the next commit; the files themselves stay as they are.
    return p.operands.length > 0 && (!has(p, '-S', '--staged') || has(p, '-W', '--worktree'));
  }
  if (g.sub === 'switch') return has(parseArgs(g.args), '-f', '--force', '--discard-changes');
  return false;
}

// —— SQL ——

const SQL_CLIENTS = new Set(['psql', 'mysql', 'mariadb', 'sqlite3', 'sqlite', 'sqlcmd', 'duckdb', 'clickhouse', 'clickhouse-client', 'cockroach', 'cqlsh', 'pgcli', 'mycli', 'litecli', 'usql', 'bq', 'snowsql']);
const SQL_CLIENTS_RAW = String.raw`\b(?:psql|mysql|mariadb|sqlite3?|sqlcmd|duckdb|clickhouse(?:-client)?|cockroach|cqlsh|pgcli|mycli|litecli|usql|bq|snowsql)\b`;
const SQL = {
  drop: /\bdrop\s+(?:table|database|schema)\b/i,
  truncate: /\btruncate\s+(?:table\s+)?[\w"`.[]/i,
  // Up to the statement's end: a WHERE in a later statement does not narrow this one.
  deleteAll: /\bdelete\s+from\b(?![^;]*\bwhere\b)/i,
  updateAll: /\bupdate\s+\S+\s+set\b(?![^;]*\bwhere\b)/i,
};

/**
 * The SQL a part may send: the words after a client's name (also `docker exec db psql -c …`), its
 * here-strings, and what `echo`/`printf` pipe into it.
 */
function sqlTexts(r: Run): string[] {
  const at = r.c.argv.findIndex((w) => SQL_CLIENTS.has(w.slice(w.lastIndexOf('/') + 1)));
  if (at < 0) return [];
  const texts = [...r.c.argv.slice(at + 1), ...r.c.redirects.filter((x) => x.op.startsWith('<<')).map((x) => x.target)];
  for (let k = r.i - 1; k >= 0 && isPipe(r.line.separators[k]); k--) {
    const prev = run(r.line, k, r.home);
    if (prev.name === 'echo' || prev.name === 'printf') texts.push(...prev.args);
  }
  return texts;
}

const sends = (re: RegExp) => (r: Run) => sqlTexts(r).some((t) => re.test(t));

// —— download and run ——

const isPipe = (s: Separator | undefined): boolean => s === '|' || s === '|&';
const DOWNLOADERS = new Set(['curl', 'wget', 'fetch', 'http', 'https', 'xh']);
const SHELLS = /^(?:sh|bash|zsh|dash|ksh|mksh|ash|yash|fish|csh|tcsh)$/;
const INTERPRETERS = /^(?:python[\d.]*|pypy[\d.]*|node|nodejs|perl|ruby|php|lua|pwsh|powershell|source|\.)$/;
const STDIN = new Set(['-', '/dev/stdin']);

/** It runs as code whatever arrives on its standard input (`sh`, `bash -s`, `python3 -`), not a script or `-c` code. */
function runsStdin(r: Run): boolean {
  if (SHELLS.test(r.name)) {
    const p = flags(r, 'oO');
    return !has(p, '-c') && (has(p, '-s') || p.operands.length === 0 || STDIN.has(p.operands[0]!));
  }
  if (!INTERPRETERS.test(r.name)) return false;
  const p = flags(r, 'cemEWXr', ['--eval', '--print', '--require', '--command']);
  // `curl api | python3 -m json.tool` only reads data.
  if (has(p, '-c', '-e', '-E', '-m', '-r', '-p', '--eval', '--print', '--command')) return false;
  return p.operands.length === 0 || STDIN.has(p.operands[0]!);
}

const CURL_VALUED = 'oXdHuFTAeEwrxUKbcCmyYz';
const WGET_VALUED = 'OoPaeiBtTUwQlARDIX';

/** Files a downloader saves to (`curl -o x.sh`, `wget -O x.sh`). */
function savedFiles(r: Run): string[] {
  if (r.name === 'curl') return optionValues(flags(r, CURL_VALUED, ['--output']), '-o', '--output');
  if (r.name === 'wget') return optionValues(flags(r, WGET_VALUED, ['--output-document']), '-O', '--output-document').filter((f) => f !== '-');
  return [];
}

const bare = (f: string): string => path.posix.normalize(f);

function downloadsAndRuns(r: Run): boolean {
  if (runsStdin(r)) {
    for (let k = r.i - 1; k >= 0 && isPipe(r.line.separators[k]); k--) {
      if (DOWNLOADERS.has(run(r.line, k, r.home).name)) return true;
    }
  }
  // `curl -o x.sh URL && sh x.sh`, or `./x.sh` after a chmod.
  const script = SHELLS.test(r.name) || INTERPRETERS.test(r.name) ? flags(r, 'oO').operands[0] : r.c.argv[0];
  if (script === undefined) return false;
  for (let k = 0; k < r.i; k++) {
    if (savedFiles(run(r.line, k, r.home)).some((f) => bare(f) === bare(script))) return true;
  }
  return false;
}

// —— writes to start-up files and credentials ——

const OUTPUT_OPS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);

/** Where a part writes (or removes) files: redirections on any fd, and the destinations of common writers. */
function writes(r: Run): string[] {
  const out = r.c.redirects.filter((x) => OUTPUT_OPS.has(x.op) || (x.op === '>&' && !/^(?:\d+|-)?$/.test(x.target))).map((x) => x.target);
  switch (r.name) {
    case 'tee':
    case 'rm':
    case 'unlink':
    case 'shred':
      out.push(...flags(r).operands);
      break;
    case 'truncate':
      out.push(...flags(r, 'sr', ['--size', '--reference']).operands);
      break;
    case 'cp':
    case 'mv':
    case 'ln':
    case 'install':
    case 'rsync': {
      const p = flags(r, r.name === 'install' ? 'tSmog' : r.name === 'rsync' ? 'e' : 'tS', ['--target-directory', '--suffix', '--mode', '--owner', '--group']);
      const dirs = optionValues(p, '-t', '--target-directory');
      const sources = dirs.length > 0 ? p.operands : p.operands.slice(0, -1);
      const dests = dirs.length > 0 ? dirs : p.operands.length > 1 ? [p.operands.at(-1)!] : [];
      // Into a folder, the file keeps its name: `cp dotfiles/.bashrc ~` writes ~/.bashrc.
      for (const d of dests) out.push(d, ...sources.map((s) => `${d}/${path.posix.basename(s)}`));
      break;
    }
    case 'sed': {
      const p = flags(r, 'efl', ['--expression', '--file', '--line-length']);
      if (!has(p, '-i', '--in-place')) break;
      out.push(...(has(p, '-e', '-f', '--expression', '--file') ? p.operands : p.operands.slice(1)));
      break;
    }
    case 'dd':
      out.push(...r.args.filter((a) => a.startsWith('of=')).map((a) => a.slice(3)));
      break;
    default:
      out.push(...savedFiles(r));
  }
  return out;
}

const HOME_PREFIX = /^(?:~[^/]*|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+|\/root|\/var\/root)(?=\/|$)/;
const STARTUP_IN_HOME = /^(?:\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zprofile|zshenv|zlogin|zlogout|kshrc|mkshrc|cshrc|tcshrc|login)|\.config\/fish\/(?:config\.fish|conf\.d\/.+))$/;
const STARTUP_SYSTEM = /^\/etc\/(?:profile|bash\.bashrc|bashrc|zshrc|zprofile|zshenv|zlogin|environment|profile\.d\/.+|zsh\/.+)$/;
const KEYS_IN_HOME = /^\.ssh\/authorized_keys2?$/;
const SECRETS_IN_HOME = /^(?:\.ssh|\.aws|\.gnupg|\.azure|\.config\/gcloud)(?:\/.*)?$|^\.(?:npmrc|netrc|pypirc|git-credentials|docker\/config\.json|kube\/config|config\/gh\/hosts\.yml)$/;
const SECRETS_SYSTEM = /^\/etc\/(?:sudoers|sudoers\.d\/.+|passwd|shadow)$/;

type Sensitive = 'startup' | 'keys' | 'secrets';

function sensitive(target: string, home: string | undefined): Sensitive | null {
  const p = path.posix.normalize(target).replace(/(.)\/+$/, '$1');
  const h = home?.replace(/(.)\/+$/, '$1');
  let rel: string | null = null;
  if (h && (p === h || p.startsWith(`${h}/`))) rel = p.slice(h.length + 1);
  else {
    const m = HOME_PREFIX.exec(p);
    if (m) rel = p.slice(m[0].length + 1);
  }
  if (rel === null) return STARTUP_SYSTEM.test(p) ? 'startup' : SECRETS_SYSTEM.test(p) ? 'secrets' : null;
  if (STARTUP_IN_HOME.test(rel)) return 'startup';
  if (KEYS_IN_HOME.test(rel)) return 'keys';
  return SECRETS_IN_HOME.test(rel) ? 'secrets' : null;
}

const writesTo = (kind: Sensitive) => (r: Run) => writes(r).some((t) => sensitive(t, r.home) === kind);

// —— the rest ——

const DEVICE = /^\/dev\/(?:sd|hd|vd|xvd|nvme|mmcblk|disk|rdisk|md|mapper\/|loop)/;

function worldWritable(r: Run): boolean {
  if (r.name !== 'chmod') return false;
  const p = parseArgs(r.args, { onlyShort: 'RfvcH' });
  const mode = p.operands[0] ?? '';
  if (/^[0-7]{1,4}$/.test(mode)) return (Number(mode.at(-1)) & 2) !== 0;
  return mode.split(',').some((clause) => /^[ugo]*[ao][ugoa]*[+=][rwxXst]*w/.test(clause));
}

/** The words that are not options: subcommands (`kubectl -n x delete` → delete). */
const words = (r: Run, valuedShort = '', valuedLong: readonly string[] = []): string[] => flags(r, valuedShort, valuedLong).operands;

const DOCKERS = new Set(['docker', 'podman', 'nerdctl']);
const DOCKER_VALUED: [string, string[]] = ['Hcl', ['--host', '--context', '--config', '--log-level']];

function docker(r: Run): { ops: string[]; p: ParsedArgs } | null {
  if (!DOCKERS.has(r.name) && r.name !== 'docker-compose') return null;
  const p = flags(r, ...DOCKER_VALUED);
  return { ops: r.name === 'docker-compose' ? ['compose', ...p.operands] : p.operands, p };
}

const composeDownVolumes = (d: { ops: string[]; p: ParsedArgs }): boolean => d.ops[0] === 'compose' && d.ops.includes('down') && has(d.p, '-v', '--volumes');

const KUBE_VALUED: [string, string[]] = ['ns', ['--namespace', '--context', '--kubeconfig', '--cluster', '--user', '--server', '--kube-context']];

const publishes = (r: Run): boolean => {
  const ops = words(r, 'w', ['--registry', '--otp', '--tag', '--access', '--workspace']);
  const p = flags(r);
  if (has(p, '--dry-run', '-n') && r.name !== 'twine' && r.name !== 'gem') return false;
  if (['npm', 'pnpm', 'bun', 'cargo', 'poetry', 'uv'].includes(r.name)) return ops[0] === 'publish';
  if (r.name === 'yarn') return ops[0] === 'publish' || (ops[0] === 'npm' && ops[1] === 'publish');
  return (r.name === 'twine' && ops[0] === 'upload') || (r.name === 'gem' && ops[0] === 'push');
};

// —— raw-text building blocks (quotes removed first, so `"$HOME/.bashrc"` is `$HOME/.bashrc`) ——

/** The rest of one simple command, roughly. */
const SEG = String.raw`[^;&|\n]*`;
/** A program at the start of a word, in any folder, then `rest`. */
const prog = (names: string, rest = '', flagsRe = ''): RegExp => new RegExp(String.raw`(?:^|[^\w./$-])(?:[\w.~/-]*/)?(?:${names})(?![\w.-])${rest}`, flagsRe);
/** A short letter in any cluster, or a long option. */
const opt = (letters: string, long?: string): string => String.raw`\s(?:-[a-zA-Z]*[${letters}][a-zA-Z]*${long ? `|--(?:${long})` : ''})(?![\w-])`;
const anyOrder = (a: string, b: string): string => String.raw`(?=${SEG}${a})(?=${SEG}${b})`;
/** Both anywhere in the line, matched at whichever comes first. */
const both = (a: string, b: string): RegExp => new RegExp(String.raw`(?:${a})(?=[\s\S]*(?:${b}))|(?:${b})(?=[\s\S]*(?:${a}))`, 'i');
const sqlRaw = (re: RegExp): RegExp => both(SQL_CLIENTS_RAW, re.source);

const DL_RAW = String.raw`\b(?:curl|wget|fetch)\b`;
const RUNNER_RAW = String.raw`(?:(?:sudo|doas)(?:\s+-\S+)*\s+)?(?:env\s+)?(?:[\w./-]*/)?(?:sh|bash|zsh|dash|ksh|fish|python[\d.]*|node|perl|ruby|php|source|\.)(?![\w.-])(?!\s+(?:-[cemE]\b|[^\s;&|)-]))`;
const HOME_RAW = String.raw`(?:~[^/\s]*|\$HOME|\$\{HOME\}|/home/[^/\s]+|/Users/[^/\s]+|/root)`;
const WRITE_RAW = String.raw`(?:>\|?\s*|\b(?:tee|cp|mv|ln|install|rsync|rm|unlink|shred|truncate|curl|wget)\b${SEG}?\s|\bsed\b(?=${SEG}\s(?:-[a-zA-Z]*i|--in-place))${SEG}?\s|\bof=)`;
const END = String.raw`(?![\w.-])`;
const writeRaw = (paths: string): RegExp => new RegExp(`${WRITE_RAW}(?:${paths})`);

const DB_RESET = /(?:^|\s)(?:\S*\/)?(?:rails|rake)\s(?:.*\s)?db:(?:drop|reset|purge|migrate:reset|schema:load)\b|\bprisma\s+(?:migrate\s+reset|db\s+push\b.*--force-reset)|\bmanage\.py\s+(?:flush|reset_db)\b/;

const WARNINGS: readonly Rule[] = [
  {
    id: 'download-run',
    text: 'Downloads a program from the internet and runs it straight away, without showing it to you first. Whoever controls that address decides what runs on this computer.',
    test: downloadsAndRuns,
    raw: new RegExp(String.raw`${DL_RAW}[^;\n]*?\|&?\s*${RUNNER_RAW}|<\(\s*${DL_RAW}|\b(?:sh|bash|zsh|dash|ksh|eval|source|python[\d.]*|node|perl|ruby)\b[^\n]*(?:\$\(|\`)\s*${DL_RAW}`),
  },
  {
    id: 'disk-write',
    text: 'Writes straight onto a disk or device, over whatever is stored there. Files on it can be destroyed.',
    test: (r) => writes(r).some((t) => DEVICE.test(t)),
    raw: new RegExp(String.raw`(?:>\|?\s*|\bof=)/dev/(?:sd|hd|vd|xvd|nvme|mmcblk|disk|rdisk|md|mapper/|loop)`),
  },
  {
    id: 'format-disk',
    text: 'Formats or wipes a disk or partition: everything stored on it is erased.',
    test: (r) => /^(?:mkfs(?:\..+)?|mke2fs|mkswap|wipefs|newfs(?:_.+)?)$/.test(r.name) || (r.name === 'diskutil' && /^(?:erase|zeroDisk|randomDisk|secureErase|partitionDisk)/.test(r.args[0] ?? '')),
    raw: prog(String.raw`mkfs(?:\.\w+)?|mke2fs|mkswap|wipefs|newfs(?:_\w+)?|diskutil\s+(?:erase\w*|zeroDisk|randomDisk|secureErase|partitionDisk)`),
  },
  {
    id: 'rm-recursive',
    text: 'Deletes files and folders and everything inside them, without asking. Deleted files do not go to the Trash.',
    test: (r) => r.name === 'rm' && has(flags(r), '-r', '-R', '--recursive'),
    raw: prog('rm', SEG + opt('rR', 'recursive')),
  },
  {
    id: 'find-delete',
    text: 'Deletes every file the search finds, without asking and without showing the list first. Deleted files do not go to the Trash.',
    test: (r) =>
      r.name === 'find' &&
      r.args.some((a, k) => a === '-delete' || (/^-(?:exec|execdir|ok|okdir)$/.test(a) && /^(?:rm|unlink|shred)$/.test(path.posix.basename(r.args[k + 1] ?? '')))),
    raw: prog('find', String.raw`${SEG}\s(?:-delete\b|-(?:exec|execdir|ok|okdir)\s+(?:\S*/)?(?:rm|unlink|shred)\b)`),
  },
  {
    id: 'shred',
    text: 'Overwrites files several times before deleting them, so that not even recovery tools can bring them back.',
    test: (r) => r.name === 'shred',
    raw: prog('shred'),
  },
  {
    id: 'sql-drop',
    text: 'Deletes a whole database, schema or table with all the data in it. There is no undo.',
    test: (r) => sends(SQL.drop)(r) || r.name === 'dropdb' || (r.name === 'mysqladmin' && words(r, 'uhPS').includes('drop')),
    raw: new RegExp(`${sqlRaw(SQL.drop).source}|${prog(String.raw`dropdb|mysqladmin${SEG}\sdrop\b`).source}`, 'i'),
  },
  {
    id: 'sql-truncate',
    text: 'Empties a database table, deleting every row in it (TRUNCATE). There is no undo.',
    test: sends(SQL.truncate),
    raw: sqlRaw(SQL.truncate),
  },
  {
    id: 'sql-delete-all',
    text: 'Deletes every row of a database table: this DELETE has no WHERE to pick out which rows. There is no undo.',
    test: sends(SQL.deleteAll),
    raw: sqlRaw(SQL.deleteAll),
  },
  {
    id: 'sql-update-all',
    text: 'Changes every row of a database table: this UPDATE has no WHERE to pick out which rows. The old values are lost.',
    test: sends(SQL.updateAll),
    raw: sqlRaw(SQL.updateAll),
  },
  {
    id: 'db-reset',
    text: "Deletes the project's database and all the data in it (it may then be created again, empty).",
    test: (r) => DB_RESET.test(r.c.argv.join(' ')),
    raw: /(?:\b(?:rails|rake)\b[^;&|\n]*\sdb:(?:drop|reset|purge|migrate:reset|schema:load)\b|\bprisma\s+(?:migrate\s+reset|db\s+push\b[^;&|\n]*--force-reset)|\bmanage\.py\s+(?:flush|reset_db)\b)/,
  },
  {
    id: 'infra-destroy',
    text: 'Destroys the cloud resources this project manages (servers, databases, storage), with the data in them.',
    test: (r) => {
      const sub = r.args.find((a) => !a.startsWith('-'));
      if (['terraform', 'tofu', 'terragrunt'].includes(r.name)) return sub === 'destroy' || (sub === 'apply' && r.args.some((a) => a === '-destroy' || a === '--destroy'));
      return ['pulumi', 'cdk', 'cdktf'].includes(r.name) && sub === 'destroy';
    },
    raw: prog('terraform|tofu|terragrunt|pulumi|cdk|cdktf', String.raw`${SEG}\s(?:destroy\b|apply\b${SEG}\s--?destroy\b)`),
  },
  {
    id: 'kubectl-delete',
    text: 'Deletes things running in a Kubernetes cluster. Services can stop for everyone who uses them, and data stored in them can be lost.',
    test: (r) => (r.name === 'kubectl' || r.name === 'oc') && words(r, ...KUBE_VALUED)[0] === 'delete',
    raw: prog('kubectl|oc', String.raw`${SEG}\sdelete\b`),
  },
  {
    id: 'helm-uninstall',
    text: 'Removes an app installed in a Kubernetes cluster. Its services stop, and data stored with it can be lost.',
    test: (r) => r.name === 'helm' && ['uninstall', 'delete', 'del', 'un'].includes(words(r, ...KUBE_VALUED)[0] ?? ''),
    raw: prog('helm', String.raw`${SEG}\s(?:uninstall|delete|del|un)\b`),
  },
  {
    id: 'cloud-storage-delete',
    text: 'Deletes files stored in cloud storage (such as Amazon S3 or Google Cloud Storage). Cloud storage has no Trash.',
    test: (r) => {
      const ops = words(r, '', ['--profile', '--region', '--output', '--endpoint-url']);
      if (r.name === 'aws') return ops[0] === 's3' && ((ops[1] === 'rm' && has(flags(r), '--recursive')) || ops[1] === 'rb' || (ops[1] === 'sync' && has(flags(r), '--delete')));
      if (r.name === 'gsutil') return ['rm', 'rb'].includes(ops[0] ?? '') || (ops[0] === 'rsync' && has(flags(r), '-d'));
      return r.name === 'gcloud' && ops[0] === 'storage' && ['rm', 'buckets'].includes(ops[1] ?? '') && (ops[1] === 'rm' || ops.includes('delete'));
    },
    raw: new RegExp(`${prog('aws', String.raw`${SEG}\ss3\s+(?:rm\b${SEG}\s--recursive\b|rb\b|sync\b${SEG}\s--delete\b)`).source}|${prog('gsutil', String.raw`${SEG}\s(?:rm|rb)\b`).source}|${prog('gcloud', String.raw`${SEG}\sstorage\s+(?:rm|buckets\s+delete)\b`).source}`),
  },
  {
    id: 'cloud-delete',
    text: 'Deletes something in a cloud account (a server, database or other resource). Its data can be lost, and others may depend on it.',
    test: (r) => {
      const ops = words(r, '', ['--profile', '--region', '--output', '--endpoint-url', '--project', '--subscription', '--resource-group']);
      if (r.name === 'aws') return ops[0] !== 's3' && /^(?:delete|terminate|remove|deregister)-/.test(ops[1] ?? '');
      return ['gcloud', 'az', 'doctl'].includes(r.name) && ops[0] !== 'storage' && ops.includes('delete');
    },
    raw: new RegExp(`${prog('aws', String.raw`${SEG}\s(?:delete|terminate|remove|deregister)-\w`).source}|${prog('gcloud|az|doctl', String.raw`${SEG}\sdelete\b`).source}`),
  },
  {
    id: 'docker-volume-rm',
    text: 'Deletes Docker volumes and the data stored in them, such as a local database.',
    test: (r) => {
      const d = docker(r);
      if (!d) return false;
      const [a, b] = d.ops;
      return (a === 'volume' && ['rm', 'remove', 'prune'].includes(b ?? '')) || (a === 'system' && b === 'prune' && has(d.p, '--volumes')) || composeDownVolumes(d);
    },
    raw: new RegExp(
      `${prog('docker|podman|nerdctl', String.raw`${SEG}\s(?:volume\s+(?:rm|remove|prune)\b|system\s+prune\b${SEG}\s--volumes\b)`).source}|${prog('docker-compose|docker\\s+compose', String.raw`${SEG}\sdown\b${SEG}${opt('v', 'volumes')}`).source}`,
    ),
  },
  {
    id: 'docker-prune',
    text: 'Deletes stopped containers, unused images and other Docker data in one go. Anything kept only in those containers is lost.',
    test: (r) => {
      const d = docker(r);
      return d !== null && d.ops[1] === 'prune' && d.ops[0] !== 'volume';
    },
    raw: prog('docker|podman|nerdctl', String.raw`${SEG}\s(?!volume)\w+\s+prune\b`),
  },
  {
    id: 'docker-rm-force',
    text: 'Stops and deletes containers even while they are running. Anything stored only inside them is lost.',
    test: (r) => {
      const d = docker(r);
      return d !== null && (d.ops[0] === 'rm' || (d.ops[0] === 'container' && ['rm', 'remove'].includes(d.ops[1] ?? ''))) && has(d.p, '-f', '--force');
    },
    raw: prog('docker|podman|nerdctl', String.raw`${SEG}\s(?:container\s+)?(?:rm|remove)\b${SEG}${opt('f', 'force')}`),
  },
  {
    id: 'git-reset-hard',
    text: 'Throws away all changes to files that were not yet saved in a commit. That work cannot be got back.',
    test: (r) => {
      const p = gitSub(r, 'reset');
      return p !== null && has(p, '--hard');
    },
    raw: prog('git', String.raw`${SEG}\sreset\b${SEG}\s--hard\b`),
  },
  {
    id: 'git-discard-changes',
    text: 'Throws away changes to files that were not yet saved in a commit, putting the files back as they were. That work cannot be got back.',
    test: gitDiscards,
    raw: prog('git', String.raw`${SEG}\s(?:(?:checkout|restore)\b${SEG}\s(?:--|\.)(?=\s|$)|checkout\b${SEG}${opt('f', 'force')}|restore\b(?!${SEG}\s(?:-S|--staged)\b)|restore\b${SEG}\s(?:-W|--worktree)\b|switch\b${SEG}\s(?:-f|--force|--discard-changes)\b)`),
  },
  {
    id: 'git-clean-ignored',
    text: 'Deletes every file git does not track, ignored ones included: build output, downloaded packages, local settings and .env files that often hold passwords. They do not go to the Trash.',
    test: (r) => gitClean(r) === 'ignored',
    raw: prog('git', String.raw`${SEG}\sclean\b${anyOrder(opt('f', 'force'), opt('xX'))}`),
  },
  {
    id: 'git-clean',
    text: 'Deletes files git does not track yet, such as new files never added to a commit. They do not go to the Trash.',
    test: (r) => gitClean(r) === 'untracked',
    raw: prog('git', String.raw`${SEG}\sclean\b(?=${SEG}${opt('f', 'force')})(?!${SEG}${opt('xX')})`),
  },
  {
    id: 'git-force-push',
    text: "Replaces the project's history on the server with the one on this computer (a force push). Work others sent to the server in the meantime can be lost for everyone.",
    test: (r) => {
      const p = gitSub(r, 'push', 'o', PUSH_VALUED);
      return p !== null && (has(p, '-f', '--force', '--force-with-lease', '--mirror') || p.operands.some((o) => o.startsWith('+')));
    },
    raw: prog('git', String.raw`${SEG}\spush\b${SEG}(?:${opt('f', 'force|force-with-lease(?:=\\S*)?|mirror')}|\s\+\S)`),
  },
  {
    id: 'git-push-delete',
    text: 'Deletes a branch or tag on the server, for everyone who uses it.',
    test: (r) => {
      const p = gitSub(r, 'push', 'o', PUSH_VALUED);
      return p !== null && (has(p, '-d', '--delete', '--prune') || p.operands.slice(1).some((o) => /^:[^:]/.test(o)));
    },
    raw: prog('git', String.raw`${SEG}\spush\b${SEG}(?:${opt('d', 'delete|prune')}|\s:[^\s:])`),
  },
  {
    id: 'git-branch-delete',
    text: 'Deletes a branch even if its work was never merged anywhere. Commits that exist only on that branch can be lost.',
    test: (r) => {
      const p = gitSub(r, 'branch');
      return p !== null && (has(p, '-D') || (has(p, '-d', '--delete') && has(p, '-f', '--force')));
    },
    raw: prog('git', String.raw`${SEG}\sbranch\b(?:${SEG}${opt('D')}|${anyOrder(opt('d', 'delete'), opt('f', 'force'))})`),
  },
  {
    id: 'git-stash-drop',
    text: 'Deletes changes that were put aside with git stash. They cannot easily be got back.',
    test: (r) => {
      const g = git(r);
      return g?.sub === 'stash' && ['drop', 'clear'].includes(g.args[0] ?? '');
    },
    raw: prog('git', String.raw`${SEG}\sstash\s+(?:drop|clear)\b`),
  },
  {
    id: 'git-amend',
    text: 'Rewrites the last commit instead of adding a new one. If that commit was already sent to the server, the two histories no longer match.',
    test: (r) => {
      const p = gitSub(r, 'commit', 'mFCct', COMMIT_VALUED);
      return p !== null && has(p, '--amend');
    },
    raw: prog('git', String.raw`${SEG}\scommit\b${SEG}\s--amend\b`),
  },
  {
    id: 'git-no-verify',
    text: "Skips the checks the project runs before saving or sending changes (such as tests, formatting or a scan for leaked passwords).",
    test: (r) => {
      const g = git(r);
      if (!g) return false;
      const p = g.sub === 'commit' ? parseArgs(g.args, { valuedShort: 'mFCct', valuedLong: COMMIT_VALUED }) : parseArgs(g.args);
      return has(p, '--no-verify') || (g.sub === 'commit' && has(p, '-n'));
    },
    raw: prog('git', String.raw`${SEG}\s(?:\w[\w-]*\b${SEG}\s--no-verify\b|commit\b${SEG}${opt('n')})`),
  },
  {
    id: 'ssh-authorized-keys',
    text: 'Changes who may log in to this computer over the network (~/.ssh/authorized_keys). A key added here lets its owner in without a password.',
    test: writesTo('keys'),
    raw: writeRaw(String.raw`${HOME_RAW}/\.ssh/authorized_keys2?${END}`),
  },
  {
    id: 'credentials-write',
    text: 'Changes a file that holds passwords, keys or access tokens (such as ~/.ssh, ~/.aws/credentials or ~/.npmrc). This can lock you out of services, or let someone else in as you.',
    test: writesTo('secrets'),
    raw: writeRaw(
      String.raw`${HOME_RAW}/\.(?:ssh(?!/authorized_keys)|aws|gnupg|azure|config/gcloud)${END}|${HOME_RAW}/\.(?:npmrc|netrc|pypirc|git-credentials|docker/config\.json|kube/config|config/gh/hosts\.yml)${END}|/etc/(?:sudoers|sudoers\.d|passwd|shadow)${END}`,
    ),
  },
  {
    id: 'startup-file-write',
    text: 'Changes a file the terminal runs every time it opens (such as ~/.bashrc or ~/.zshrc). Whatever is put there runs again in every new terminal, long after this task.',
    test: writesTo('startup'),
    raw: writeRaw(
      String.raw`${HOME_RAW}/\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zprofile|zshenv|zlogin|zlogout|kshrc|mkshrc|cshrc|tcshrc|login)${END}|${HOME_RAW}/\.config/fish/|/etc/(?:profile|bash\.bashrc|bashrc|zshrc|zprofile|zshenv|zlogin|environment)${END}|/etc/(?:profile\.d|zsh)/`,
    ),
  },
  {
    id: 'crontab',
    text: 'Changes the list of programs this computer runs on a schedule. What is put there keeps running by itself; with -r the whole list is deleted.',
    test: (r) => r.name === 'crontab' && !has(flags(r, 'u'), '-l', '-V'),
    raw: prog('crontab', String.raw`(?!${SEG}\s-l\b)`),
  },
  {
    id: 'chmod-recursive',
    text: 'Changes who may read, change or run every file and folder inside, all at once. Undoing it by hand is hard, and it can lock programs or people out.',
    test: (r) => ['chmod', 'chown', 'chgrp'].includes(r.name) && has(r.name === 'chmod' ? parseArgs(r.args, { onlyShort: 'RfvcH' }) : flags(r), '-R', '--recursive'),
    raw: prog('chmod|chown|chgrp', SEG + opt('R', 'recursive')),
  },
  {
    id: 'chmod-world-writable',
    text: 'Lets every user and program on this computer change these files.',
    test: worldWritable,
    raw: prog('chmod', String.raw`${SEG}\s(?:0?[0-7]?[0-7][0-7][2367]|[ugo]*[ao][ugoa]*[+=][rxXst]*w\w*)(?![\w-])`),
  },
  {
    id: 'npm-unpublish',
    text: 'Removes a published version of a package from the npm registry. Projects that depend on it can stop installing.',
    test: (r) => ['npm', 'pnpm', 'yarn'].includes(r.name) && words(r, 'w', ['--registry', '--otp']).includes('unpublish'),
    raw: prog('npm|pnpm|yarn', String.raw`${SEG}\sunpublish\b`),
  },
  {
    id: 'package-publish',
    text: 'Publishes this package to a public registry, where anyone can download it. Whatever is in it becomes public, and its version number cannot be used again.',
    test: publishes,
    raw: prog('npm|pnpm|yarn|bun|cargo|poetry|uv|twine|gem', String.raw`${SEG}\s(?:publish|upload|push)\b(?!${SEG}--dry-run)`),
  },
  {
    id: 'rm-force',
    text: 'Deletes files without asking, even write-protected ones. Deleted files do not go to the Trash.',
    test: (r) => r.name === 'rm' && has(flags(r), '-f', '--force') && !has(flags(r), '-r', '-R', '--recursive'),
    raw: prog('rm', String.raw`(?=${SEG}${opt('f', 'force')})(?!${SEG}${opt('rR', 'recursive')})`),
  },
  {
    id: 'truncate',
    text: 'Cuts files down to a given size; whatever is beyond it (with size 0, everything in them) is lost.',
    test: (r) => r.name === 'truncate',
    raw: prog('truncate'),
  },
  {
    id: 'elevated',
    text: 'Runs with administrator rights (sudo), so nothing on this computer is off limits to it: it can change or delete system files and other people’s files.',
    test: (r) => r.line.elevated?.[r.i] === true,
    raw: /(?:^|[;&|(\n`{]|\$\(|\b(?:do|then|else|time)\s)\s*(?:\w+=\S*\s+)*(?:[\w./-]*\/)?(?:sudo|doas|pkexec|su)(?![\w.-])/,
  },
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
