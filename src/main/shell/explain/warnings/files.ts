// BA9: warnings about deleting or emptying files: rm, find -delete, shred, truncate.
import path from 'node:path';
import { hasOption as has } from '../../commands/argv';
import { opt, prog, SEG } from './raw';
import { flags, type Rule } from './rule';

/** Removals that take whole folders or leave nothing to recover. */
export const FILE_RULES: readonly Rule[] = [
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
];

// Checked after all the others, so a part's more specific warning (a git clean, a secrets file) comes first.
export const LATE_FILE_RULES: readonly Rule[] = [
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
];
