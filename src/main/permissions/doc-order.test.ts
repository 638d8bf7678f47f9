// PL4 the decision order, hooks, sources and modes, and the Bash rule forms, row by row against Claude
// Code's docs (permissions: "Manage permissions", "Extend permissions with hooks", "Settings
// precedence", "Bash"; permission-modes: "Available modes", "Auto-approve file edits with acceptEdits
// mode"), decided by the real decider over the app's own tools.
import { describe, expect, it } from 'vitest';
import { createAcceptEditsPolicy } from './accept-edits';
import { behaviours, cite, decide, PROJECT, rules, type Cite, type DecideOptions, type MatchRow } from './test-doc-rows';
import type { RuleEntry } from './types';

const PR = (section: string, says: string, ours?: string): Cite => ({ page: 'permissions', section, says, ...(ours ? { ours } : {}) });
const PM = (section: string, says: string, ours?: string): Cite => ({ page: 'modes', section, says, ...(ours ? { ours } : {}) });
const from = (rule: string, source: RuleEntry['source']): RuleEntry => ({ rule, source });
const P = (rel: string) => `${PROJECT}/${rel}`;
const acceptEdits = (extra: string[] = []) => createAcceptEditsPolicy(() => ({ cwd: PROJECT, workingDirectories: [PROJECT, ...extra] }));
const aws = { command: 'aws s3 ls' };

type Row = [Cite, tool: string, input: unknown, opts: DecideOptions, expected: 'allow' | 'ask' | 'deny'];
const rows: Row[] = [
  [PR('Manage permissions', 'A broad deny rule like Bash(aws *) blocks every matching call, including calls that also match a narrower allow rule like Bash(aws s3 ls)'), 'Bash', aws, { set: rules({ deny: ['Bash(aws *)'], allow: ['Bash(aws s3 ls)'] }) }, 'deny'],
  [PR('Manage permissions', 'a matching ask rule prompts even when a more specific allow rule also matches the same call'), 'Bash', aws, { set: rules({ ask: ['Bash(aws *)'], allow: ['Bash(aws s3 ls)'] }) }, 'ask'],
  [PR('Manage permissions', 'Allow rules let Claude Code use the specified tool without manual approval'), 'Bash', aws, { set: rules({ allow: ['Bash(aws s3 ls)'] }) }, 'allow'],
  [PR('Extend permissions with hooks', 'a matching deny rule blocks the call … even when the hook returned "allow"'), 'Bash', aws, { set: rules({ deny: ['Bash(aws *)'] }), hook: { decision: 'allow' } }, 'deny'],
  [PR('Extend permissions with hooks', 'a matching ask rule still prompts even when the hook returned "allow" or "ask"'), 'Bash', aws, { set: rules({ ask: ['Bash(aws *)'] }), hook: { decision: 'allow' } }, 'ask'],
  [PR('Extend permissions with hooks', 'The hook output can deny the tool call, force a prompt, or skip the prompt to let the call proceed'), 'Bash', aws, { hook: { decision: 'allow' } }, 'allow'],
  [PR('Extend permissions with hooks', 'The hook output can … force a prompt'), 'Read', { file_path: P('a.ts') }, { hook: { decision: 'ask' } }, 'ask'],
  [PR('Extend permissions with hooks', 'A hook that exits with code 2 stops the tool call before permission rules are evaluated, so the block applies even when an allow rule would otherwise let the call proceed'), 'Bash', aws, { set: rules({ allow: ['Bash'] }), hook: { blocked: { message: 'no' } } }, 'deny'],
  [PR('Settings precedence', "a managed settings deny can't be overridden by --allowedTools"), 'Bash', aws, { set: rules({ deny: [from('Bash(aws *)', 'policySettings')], allow: [from('Bash(aws s3 ls)', 'cliArg')] }) }, 'deny'],
  [PR('Settings precedence', 'a user-level deny blocks a project-level allow, because deny rules from any scope are evaluated before allow rules'), 'Bash', aws, { set: rules({ deny: [from('Bash(aws *)', 'userSettings')], allow: [from('Bash(aws s3 ls)', 'projectSettings')] }) }, 'deny'],
  [PR('Settings precedence', '--disallowedTools can add restrictions beyond what managed settings define'), 'Bash', aws, { set: rules({ deny: [from('Bash(aws *)', 'cliArg')], allow: [from('Bash', 'policySettings')] }) }, 'deny'],
  [PM('Available modes', 'Deny rules block in every mode, including bypassPermissions'), 'Bash', aws, { mode: 'bypassPermissions', set: rules({ deny: ['Bash(aws *)'] }) }, 'deny'],
  [PM('Actions no mode auto-approves', "Claude Code doesn't auto-approve the following in any mode, including bypassPermissions: Tools matched by an explicit ask rule"), 'Bash', aws, { mode: 'bypassPermissions', set: rules({ ask: ['Bash(aws *)'] }) }, 'ask'],
  [PM('Actions no mode auto-approves', 'Tools matched by an explicit ask rule'), 'Write', { file_path: P('src/a.ts'), content: 'x' }, { mode: 'acceptEdits', acceptEdits: acceptEdits(), set: rules({ ask: ['Edit(/src/**)'] }) }, 'ask'],
  [PM('Skip all checks with bypassPermissions mode', 'bypassPermissions mode disables permission prompts and safety checks so tool calls execute immediately'), 'Bash', aws, { mode: 'bypassPermissions' }, 'allow'],
  [PM('Available modes', 'default: Reads only'), 'Bash', aws, {}, 'ask'],
  [PR('Permission system', 'Read-only: File reads, Grep — No, within the working directory and additional directories'), 'Read', { file_path: P('src/a.ts') }, {}, 'allow'],
  [PR('Permission system', 'Read-only … No [approval], within the working directory and additional directories'), 'Read', { file_path: '/etc/hosts' }, {}, 'ask'],
  [PR('Permission system', 'File modification: Edit/write files — Yes'), 'Write', { file_path: P('src/a.ts'), content: 'x' }, {}, 'ask'],
  [PM('Auto-approve file edits with acceptEdits mode', 'acceptEdits mode lets Claude create and edit files in your working directory without prompting'), 'Write', { file_path: P('src/a.ts'), content: 'x' }, { mode: 'acceptEdits', acceptEdits: acceptEdits() }, 'allow'],
  [PM('Auto-approve file edits with acceptEdits mode', 'auto-approval applies only to paths inside your working directory or additionalDirectories'), 'Write', { file_path: '/tmp/elsewhere/a.ts', content: 'x' }, { mode: 'acceptEdits', acceptEdits: acceptEdits() }, 'ask'],
  [PM('Auto-approve file edits with acceptEdits mode', '… or additionalDirectories'), 'Write', { file_path: '/work/shared/a.ts', content: 'x' }, { mode: 'acceptEdits', acceptEdits: acceptEdits(['/work/shared']), workingDirectories: [PROJECT, '/work/shared'] }, 'allow'],
  [PM('Auto-approve file edits with acceptEdits mode', 'acceptEdits mode auto-approves common filesystem Bash commands: mkdir, touch, rm, rmdir, mv, cp, and sed'), 'Bash', { command: 'mkdir -p build' }, { mode: 'acceptEdits', acceptEdits: acceptEdits() }, 'allow'],
  [PM('Auto-approve file edits with acceptEdits mode', '… only to paths inside your working directory or additionalDirectories'), 'Bash', { command: 'mkdir -p /tmp/build' }, { mode: 'acceptEdits', acceptEdits: acceptEdits() }, 'ask'],
];

describe('PL4 the decision order, hooks, sources and modes', () => {
  it.each(rows.map(([c, ...rest]) => [cite('PL4', c), ...rest] as const))('%s — %s', async (_name, tool, input, opts, expected) => {
    expect((await decide(tool, input, opts)).behavior).toBe(expected);
  });
});

const B = (says: string, ours?: string): Cite => PR('Bash', says, ours);
const bash = (c: Cite, rule: string, command: string, expect: MatchRow['expect']): MatchRow => ({ cite: c, rule, tool: 'Bash', input: { command }, expect });
const bashRows: MatchRow[] = [
  bash(B('Bash(npm run build) matches the exact Bash command npm run build'), 'Bash(npm run build)', 'npm run build', [true, true, true]),
  bash(B('Bash(npm run test *) matches Bash commands starting with npm run test'), 'Bash(npm run test *)', 'npm run test --watch', [true, true, true]),
  bash(B('Bash(npm *) matches any command starting with npm '), 'Bash(npm *)', 'npm install', [true, true, true]),
  bash(B('Bash(* install) matches any command ending with  install'), 'Bash(* install)', 'pip install', [true, true, true]),
  bash(B('Bash(git * main) matches … git push origin main as well as git merge main'), 'Bash(git * main)', 'git push origin main', [true, true, true]),
  bash(B('Bash(ls *) matches ls -la but not lsof'), 'Bash(ls *)', 'lsof', [false, false, false]),
  bash(B('Bash(ls*) without a space matches both ls -la and lsof'), 'Bash(ls*)', 'lsof', [true, true, true]),
  bash(B('the prefix [must be] followed by a space or end-of-string'), 'Bash(ls *)', 'ls', [true, true, true]),
  bash(B('The :* suffix is an equivalent way to write a trailing wildcard, so Bash(ls:*) matches the same commands as Bash(ls *)'), 'Bash(ls:*)', 'ls -la', [true, true, true]),
  bash(B("In a pattern like Bash(git:* push), the colon is treated as a literal character and won't match git commands"), 'Bash(git:* push)', 'git commit push', [false, false, false]),
  bash(B("a rule like Bash(safe-cmd *) won't give it permission to run the command safe-cmd && other-cmd"), 'Bash(safe-cmd *)', 'safe-cmd && other-cmd', [false, true, true]),
  bash(B('The recognized command separators are &&, ||, ;, |, |&, &, and newlines', 'deny and ask rules match any one part'), 'Bash(rm *)', 'ls |& rm -rf x', [false, true, true]),
  bash(B('A deny or ask rule matches past any leading assignment, so Bash(rm *) in deny still matches FOO=bar rm -rf tmp/'), 'Bash(rm *)', 'FOO=bar rm -rf tmp/', [false, true, true]),
  bash(B("An allow rule won't match past an assignment of any other variable"), 'Bash(npm test *)', 'FOO=bar npm test', [false, true, true]),
  bash(B('Claude Code strips a fixed set of wrappers, so a rule like Bash(npm test *) also matches timeout 30 npm test', 'allow rules stay strict until the Bash-analysis issue; deny and ask rules see through the wrappers'), 'Bash(rm *)', 'timeout 30 rm -rf x', [false, true, true]),
  bash(B('The stripped wrappers are timeout, time, nice, nohup, and stdbuf, plus the shell builtins command and builtin, and zsh\'s noglob'), 'Bash(rm *)', 'nice -n 10 nohup command rm -rf x', [false, true, true]),
  bash(B('Bare xargs is also stripped, so Bash(grep *) matches xargs grep pattern'), 'Bash(grep *)', 'xargs grep pattern', [false, true, true]),
  bash(
    B('an invocation like xargs -n1 grep pattern is matched as an xargs command', 'so no grep rule allows it; a deny or ask rule also sees the grep it runs, so wrapping never escapes one (bash-attack-corpus.test.ts)'),
    'Bash(grep *)', 'xargs -n1 grep pattern', [false, true, true],
  ),
  bash(B('the query form command -v, which looks up a command rather than running one[, is not stripped]'), 'Bash(rm *)', 'command -v rm', [false, false, false]),
];

describe('PL4c Bash rule forms (allow / deny / ask)', () => {
  it.each(bashRows.map((r) => [cite('PL4c', r.cite), r] as const))('%s', (_name, row) => {
    expect(behaviours(row), `${row.rule} on ${JSON.stringify(row.input)} as [allow, deny, ask]`).toEqual(row.expect);
  });
});
