// BA8 data: how ~40 common commands name files (POSIX `--` honoured), and the commands that name none.
import path from 'node:path';
import { hasOption, optionValues, parseArgs, type OptionSpec, type ParsedArgs } from './argv';
import type { Access, CommandPaths } from './paths-types';

/**
 * How one command names files. `operands`: what its operands are — `read`, `write`, `copy` (the last
 * of two or more is written, the others read: cp, uniq), `move` (all written: mv), `link` (the
 * last is created, the others read: ln), `none`.
 */
interface PathSpec {
  options?: OptionSpec;
  operands: 'read' | 'write' | 'copy' | 'move' | 'link' | 'none';
  /** Leading operands that are not paths: chmod's mode, chown's owner, grep's pattern. */
  skip?: number;
  /** …unless one of these options supplies it (grep -e PATTERN, chmod --reference=FILE). */
  skipUnless?: readonly string[];
  /** The paths meant when no operand names one (`ls` lists `.`). */
  defaults?: (p: ParsedArgs) => string[];
  /** Options whose value is a path. */
  optionPaths?: Readonly<Record<string, Access>>;
  /** `-t DIR`: every operand is a source, DIR is written. */
  targetDir?: readonly string[];
}

const here = (): string[] => ['.'];
const TARGET_DIR = ['-t', '--target-directory'];
const GREP_OPTIONS: OptionSpec = {
  valuedShort: 'efmABCdD',
  valuedLong: ['--regexp', '--file', '--max-count', '--after-context', '--before-context', '--context', '--label', '--binary-files', '--devices', '--directories', '--exclude', '--include', '--exclude-dir', '--exclude-from', '--group-separator'],
};
const GREP: PathSpec = {
  options: GREP_OPTIONS,
  operands: 'read',
  skip: 1,
  skipUnless: ['-e', '--regexp', '-f', '--file'],
  optionPaths: { '-f': 'read', '--file': 'read', '--exclude-from': 'read' },
  defaults: (p) => (hasOption(p, '-r', '-R', '--recursive', '--dereference-recursive') ? ['.'] : []),
};
const READ_ONLY_OPERANDS: PathSpec = { operands: 'read' };
const CHECKSUM: PathSpec = { operands: 'read' };

export const PATH_TABLE: Readonly<Record<string, PathSpec>> = {
  ls: { operands: 'read', defaults: here, options: { valuedShort: 'IwT', valuedLong: ['--ignore', '--hide', '--width', '--tabsize', '--block-size', '--format', '--time-style', '--sort', '--time', '--indicator-style', '--quoting-style'] } },
  tree: { operands: 'read', defaults: here, options: { valuedShort: 'LPIHTo', valuedLong: ['--gitfile', '--infofile', '--charset', '--filelimit', '--timefmt', '--sort', '--hintro', '--houtro'] }, optionPaths: { '-o': 'write', '--gitfile': 'read', '--infofile': 'read', '--hintro': 'read', '--houtro': 'read' } },
  du: { operands: 'read', defaults: here, options: { valuedShort: 'dBtX', valuedLong: ['--max-depth', '--block-size', '--threshold', '--exclude', '--exclude-from', '--files0-from', '--time-style'] }, optionPaths: { '-X': 'read', '--exclude-from': 'read', '--files0-from': 'read' } },
  df: { operands: 'read', options: { valuedShort: 'BtxF', valuedLong: ['--block-size', '--type', '--exclude-type', '--output'] } },
  cat: READ_ONLY_OPERANDS,
  head: { operands: 'read', options: { valuedShort: 'nc', valuedLong: ['--lines', '--bytes'] } },
  tail: { operands: 'read', options: { valuedShort: 'ncs', valuedLong: ['--lines', '--bytes', '--sleep-interval', '--pid', '--max-unchanged-stats'] } },
  wc: { operands: 'read', options: { valuedLong: ['--files0-from'] }, optionPaths: { '--files0-from': 'read' } },
  stat: { operands: 'read', options: { valuedShort: 'cft', valuedLong: ['--format', '--printf'] } },
  file: { operands: 'read', options: { valuedShort: 'emfFP', valuedLong: ['--exclude', '--exclude-quiet', '--files-from', '--magic-file', '--separator', '--parameter'] }, optionPaths: { '-m': 'read', '--magic-file': 'read', '-f': 'read', '--files-from': 'read' } },
  diff: {
    operands: 'read',
    options: { valuedShort: 'CUIFDSWxX', valuedLong: ['--ignore-matching-lines', '--show-function-line', '--ifdef', '--label', '--starting-file', '--width', '--exclude', '--exclude-from', '--from-file', '--to-file', '--line-format', '--old-line-format', '--new-line-format', '--unchanged-line-format', '--tabsize', '--horizon-lines'] },
    optionPaths: { '-X': 'read', '--exclude-from': 'read', '--from-file': 'read', '--to-file': 'read' },
  },
  cmp: { operands: 'read', options: { valuedShort: 'in', valuedLong: ['--ignore-initial', '--bytes'] } },
  comm: { operands: 'read', options: { valuedLong: ['--output-delimiter'] } },
  sort: {
    operands: 'read',
    options: { valuedShort: 'kotST', valuedLong: ['--key', '--output', '--field-separator', '--temporary-directory', '--buffer-size', '--sort', '--parallel', '--batch-size', '--compress-program', '--files0-from', '--random-source'] },
    optionPaths: { '-o': 'write', '--output': 'write', '-T': 'write', '--temporary-directory': 'write', '--files0-from': 'read', '--random-source': 'read' },
  },
  // uniq INPUT OUTPUT: the second operand is written.
  uniq: { operands: 'copy', options: { valuedShort: 'fsw', valuedLong: ['--skip-fields', '--skip-chars', '--check-chars'] } },
  cut: { operands: 'read', options: { valuedShort: 'bcdf', valuedLong: ['--bytes', '--characters', '--delimiter', '--fields', '--output-delimiter'] } },
  nl: { operands: 'read', options: { valuedShort: 'bdfhilnsvw' } },
  tac: { operands: 'read', options: { valuedShort: 's', valuedLong: ['--separator'] } },
  rev: READ_ONLY_OPERANDS,
  strings: { operands: 'read', options: { valuedShort: 'ntTe', valuedLong: ['--bytes', '--radix', '--encoding', '--target'] } },
  od: { operands: 'read', options: { valuedShort: 'AjNtwS', valuedLong: ['--address-radix', '--skip-bytes', '--read-bytes', '--format', '--width', '--strings'] } },
  hexdump: { operands: 'read', options: { valuedShort: 'nseLf' }, optionPaths: { '-f': 'read' } },
  base64: { operands: 'read', options: { valuedShort: 'wbio', valuedLong: ['--wrap', '--break', '--input', '--output'] }, optionPaths: { '-i': 'read', '--input': 'read', '-o': 'write', '--output': 'write' } },
  md5sum: CHECKSUM,
  sha1sum: CHECKSUM,
  sha256sum: CHECKSUM,
  realpath: { operands: 'read', options: { valuedLong: ['--relative-to', '--relative-base'] }, optionPaths: { '--relative-to': 'read', '--relative-base': 'read' } },
  readlink: READ_ONLY_OPERANDS,
  cd: { operands: 'read', options: { onlyShort: 'LPe@' }, defaults: () => ['~'] },
  rm: { operands: 'write' },
  rmdir: { operands: 'write' },
  mkdir: { operands: 'write', options: { valuedShort: 'm', valuedLong: ['--mode'] } },
  touch: { operands: 'write', options: { valuedShort: 'dtr', valuedLong: ['--date', '--reference', '--time'] }, optionPaths: { '-r': 'read', '--reference': 'read' } },
  truncate: { operands: 'write', options: { valuedShort: 'sr', valuedLong: ['--size', '--reference'] }, optionPaths: { '-r': 'read', '--reference': 'read' } },
  shred: { operands: 'write', options: { valuedShort: 'ns', valuedLong: ['--iterations', '--size', '--random-source'] }, optionPaths: { '--random-source': 'read' } },
  tee: { operands: 'write' },
  mv: { operands: 'move', options: { valuedShort: 'tS', valuedLong: ['--target-directory', '--suffix'] }, targetDir: TARGET_DIR },
  cp: { operands: 'copy', options: { valuedShort: 'tS', valuedLong: ['--target-directory', '--suffix', '--sparse'] }, targetDir: TARGET_DIR },
  ln: { operands: 'link', options: { valuedShort: 'tS', valuedLong: ['--target-directory', '--suffix'] }, targetDir: TARGET_DIR },
  // A mode may start with a dash (`chmod -w f`): only -R -c -f -v are options.
  chmod: { operands: 'write', skip: 1, skipUnless: ['--reference'], options: { onlyShort: 'Rcfv', valuedLong: ['--reference'] }, optionPaths: { '--reference': 'read' } },
  chown: { operands: 'write', skip: 1, skipUnless: ['--reference'], options: { valuedLong: ['--reference', '--from'] }, optionPaths: { '--reference': 'read' } },
  chgrp: { operands: 'write', skip: 1, skipUnless: ['--reference'], options: { valuedLong: ['--reference'] }, optionPaths: { '--reference': 'read' } },
  grep: GREP,
  egrep: GREP,
  fgrep: GREP,
  rg: {
    operands: 'read',
    skip: 1,
    // --files and --type-list take no pattern: every operand is a path.
    skipUnless: ['-e', '--regexp', '-f', '--file', '--files', '--type-list'],
    defaults: here,
    options: {
      valuedShort: 'efgtTmdABCrMjE',
      valuedLong: ['--regexp', '--file', '--glob', '--iglob', '--type', '--type-not', '--max-count', '--max-depth', '--after-context', '--before-context', '--context', '--replace', '--max-columns', '--threads', '--encoding', '--sort', '--sortr', '--color', '--colors', '--context-separator', '--field-match-separator', '--field-context-separator', '--path-separator', '--type-add', '--type-clear', '--pre', '--pre-glob', '--ignore-file', '--max-filesize', '--dfa-size-limit', '--regex-size-limit', '--engine'],
    },
    optionPaths: { '-f': 'read', '--file': 'read', '--ignore-file': 'read' },
  },
  // Programs whose options name where they write: a prefix rule for them (`Bash(curl:*)`) still
  // asks before a write outside the project (`curl -o ~/.bashrc …`).
  curl: {
    operands: 'none',
    options: { valuedShort: 'oTKDcbdeEFHuUAXmrwxyYzC', valuedLong: ['--output', '--upload-file', '--config', '--dump-header', '--cookie-jar', '--trace', '--trace-ascii', '--stderr', '--output-dir', '--header', '--data', '--data-binary', '--data-raw', '--user', '--request', '--user-agent', '--referer', '--form'] },
    optionPaths: { '-o': 'write', '--output': 'write', '--output-dir': 'write', '-D': 'write', '--dump-header': 'write', '-c': 'write', '--cookie-jar': 'write', '--trace': 'write', '--trace-ascii': 'write', '--stderr': 'write', '-T': 'read', '--upload-file': 'read', '-K': 'read', '--config': 'read' },
  },
  wget: {
    operands: 'none',
    options: { valuedShort: 'OPoaiqeUt', valuedLong: ['--output-document', '--directory-prefix', '--output-file', '--append-output', '--input-file', '--user-agent', '--tries', '--header'] },
    optionPaths: { '-O': 'write', '--output-document': 'write', '-P': 'write', '--directory-prefix': 'write', '-o': 'write', '--output-file': 'write', '-a': 'write', '--append-output': 'write', '-i': 'read', '--input-file': 'read' },
  },
  tar: { operands: 'read', options: { valuedShort: 'CfTXb', valuedLong: ['--directory', '--file', '--files-from', '--exclude-from', '--exclude', '--transform', '--blocking-factor'] }, optionPaths: { '-C': 'write', '--directory': 'write', '-f': 'write', '--file': 'write', '-T': 'read', '--files-from': 'read', '-X': 'read', '--exclude-from': 'read' } },
  unzip: { operands: 'read', options: { valuedShort: 'dx', valuedLong: [] }, optionPaths: { '-d': 'write' } },
  install: { operands: 'copy', options: { valuedShort: 'gmotS', valuedLong: ['--group', '--mode', '--owner', '--target-directory', '--suffix'] }, targetDir: TARGET_DIR },
  date: { operands: 'none', options: { valuedShort: 'dfr', valuedLong: ['--date', '--file', '--reference', '--rfc-3339'] }, optionPaths: { '-f': 'read', '--file': 'read', '-r': 'read', '--reference': 'read' } },
};

/** Commands that name no file at all (their words are text, names or numbers). */
export const NO_PATHS = new Set([
  'echo', 'printf', 'pwd', 'true', 'false', ':', 'whoami', 'id', 'uname', 'env', 'printenv', 'which', 'whereis', 'type',
  'basename', 'dirname', 'sleep', 'seq', 'expr', 'test', '[', 'hostname', 'nproc', 'uptime', 'cal', 'groups', 'locale',
  'free', 'yes', 'tr',
]);

export function fromSpec(spec: PathSpec, args: readonly string[]): CommandPaths {
  const p = parseArgs(args, spec.options);
  const read: string[] = [];
  const write: string[] = [];
  for (const o of p.options) {
    const access = spec.optionPaths?.[o.name];
    if (access && o.value !== undefined) (access === 'read' ? read : write).push(o.value);
  }
  const skip = spec.skip && !hasOption(p, ...(spec.skipUnless ?? [])) ? spec.skip : 0;
  let operands = p.operands.slice(skip);
  if (operands.length === 0 && spec.defaults) operands = spec.defaults(p);
  const targetDir = spec.targetDir ? optionValues(p, ...spec.targetDir) : [];
  switch (spec.operands) {
    case 'none':
      break;
    case 'read':
      read.push(...operands, ...p.maybePaths);
      break;
    case 'write':
      write.push(...operands, ...p.maybePaths);
      break;
    case 'move':
      write.push(...operands, ...targetDir, ...p.maybePaths);
      break;
    case 'copy':
    case 'link': {
      read.push(...p.maybePaths);
      if (targetDir.length > 0) {
        read.push(...operands);
        write.push(...targetDir);
      } else if (operands.length >= 2) {
        read.push(...operands.slice(0, -1));
        write.push(operands.at(-1)!);
      } else if (spec.operands === 'link' && operands.length === 1) {
        // `ln -s /etc/passwd` creates ./passwd.
        read.push(operands[0]!);
        write.push(path.basename(operands[0]!));
      } else read.push(...operands);
      break;
    }
  }
  return { read, write };
}
