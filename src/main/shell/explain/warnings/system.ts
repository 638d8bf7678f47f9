// BA9: warnings about the computer's own settings: scheduled programs, file permissions, administrator rights.
import { hasOption as has, parseArgs } from '../../commands/argv';
import { opt, prog, SEG } from './raw';
import { flags, type Rule, type Run } from './rule';

function worldWritable(r: Run): boolean {
  if (r.name !== 'chmod') return false;
  const p = parseArgs(r.args, { onlyShort: 'RfvcH' });
  const mode = p.operands[0] ?? '';
  if (/^[0-7]{1,4}$/.test(mode)) return (Number(mode.at(-1)) & 2) !== 0;
  return mode.split(',').some((clause) => /^[ugo]*[ao][ugoa]*[+=][rwxXst]*w/.test(clause));
}


export const SYSTEM_RULES: readonly Rule[] = [
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
];

// Last of all: what the command itself does says more than that it runs as administrator.
export const ELEVATED_RULE: Rule = {
  id: 'elevated',
  text: 'Runs with administrator rights (sudo), so nothing on this computer is off limits to it: it can change or delete system files and other people’s files.',
  test: (r) => r.line.elevated?.[r.i] === true,
  raw: /(?:^|[;&|(\n`{]|\$\(|\b(?:do|then|else|time)\s)\s*(?:\w+=\S*\s+)*(?:[\w./-]*\/)?(?:sudo|doas|pkexec|su)(?![\w.-])/,
};
