// BA9: the download-and-run warning: a program fetched from the internet and run unseen.
import path from 'node:path';
import { hasOption as has, optionValues } from '../../commands/argv';
import { flags, isPipe, run, type Rule, type Run } from './rule';

const DOWNLOADERS = new Set(['curl', 'wget', 'fetch', 'http', 'https', 'xh']);
export const SHELLS = /^(?:sh|bash|zsh|dash|ksh|mksh|ash|yash|fish|csh|tcsh)$/;
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
export function savedFiles(r: Run): string[] {
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

const DL_RAW = String.raw`\b(?:curl|wget|fetch)\b`;
const RUNNER_RAW = String.raw`(?:(?:sudo|doas)(?:\s+-\S+)*\s+)?(?:env\s+)?(?:[\w./-]*/)?(?:sh|bash|zsh|dash|ksh|fish|python[\d.]*|node|perl|ruby|php|source|\.)(?![\w.-])(?!\s+(?:-[cemE]\b|[^\s;&|)-]))`;

export const NETWORK_RULES: readonly Rule[] = [
  {
    id: 'download-run',
    text: 'Downloads a program from the internet and runs it straight away, without showing it to you first. Whoever controls that address decides what runs on this computer.',
    test: downloadsAndRuns,
    raw: new RegExp(String.raw`${DL_RAW}[^;\n]*?\|&?\s*${RUNNER_RAW}|<\(\s*${DL_RAW}|\b(?:sh|bash|zsh|dash|ksh|eval|source|python[\d.]*|node|perl|ruby)\b[^\n]*(?:\$\(|\`)\s*${DL_RAW}`),
  },
];
