// BA9: warnings about git throwing work away or rewriting history, here or on the server.
import { hasOption as has, parseArgs, type ParsedArgs } from '../../commands/argv';
import { anyOrder, opt, prog, SEG } from './raw';
import type { Rule, Run } from './rule';

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

export const GIT_RULES: readonly Rule[] = [
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
];
