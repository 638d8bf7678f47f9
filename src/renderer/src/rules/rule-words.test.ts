// The rule workbench's words (issue 5 item 8): what a rule covers in any list, why a source is
// read-only, whether its file exists, the settings beside the rules, and the recent-commands tally.
import { describe, expect, it } from 'vitest';
import type { RuleListing, RuleSourceListing } from '../../../shared/permissions/rule-store';
import { bypassWords, defaultTarget, fileLabel, fileState, modeWords, readOnlyReason, recentSummary, ruleCount, ruleMeaning, ruleSentence, writableTargets } from './rule-words';

const source = (over: Partial<RuleSourceListing>): RuleSourceListing => ({
  source: 'localSettings',
  label: 'Only me, in this project',
  file: '/p/.claude/settings.local.json',
  exists: true,
  writable: true,
  allow: [],
  deny: [],
  ask: [],
  warnings: [],
  ...over,
});

describe('rule words', () => {
  it('a rule means the same in any list: "without asking" belongs to Allow only', () => {
    expect(ruleMeaning('Bash')).toEqual({ ok: true, words: 'Every command', toolName: 'Bash' });
    expect(ruleMeaning('Bash(git commit:*)')).toEqual({ ok: true, words: 'Any command that starts with “git commit”', toolName: 'Bash' });
    expect(ruleMeaning('Edit(/docs/**)')).toMatchObject({ ok: true, words: 'Changing files matching “/docs/**”' });
    expect(ruleMeaning('Bash(npm test')).toEqual({ ok: false, error: 'Rule "Bash(npm test" is missing its closing ")"' });
  });

  it('the sentence under the rule being typed says what its list does', () => {
    expect(ruleSentence('allow', 'Any command that starts with “npm test”')).toBe('Allowed without asking: any command that starts with “npm test”.');
    expect(ruleSentence('ask', 'Every command')).toBe('Asks you first: every command.');
    expect(ruleSentence('deny', 'Read for “./.env”')).toBe('Never allowed: Read for “./.env”.');
  });

  it('policy, --settings and command-line rules are read-only, each saying why; the three settings files are not', () => {
    expect(readOnlyReason('policySettings')).toMatch(/^Read-only: set by your organisation/);
    expect(readOnlyReason('flagSettings')).toMatch(/--settings/);
    expect(readOnlyReason('cliArg')).toMatch(/--allowedTools/);
    for (const s of ['localSettings', 'projectSettings', 'userSettings', 'session'] as const) expect(readOnlyReason(s)).toBeNull();
  });

  it('whether the file is there, in words for writable and read-only sources', () => {
    expect(fileState(source({}))).toBe('File exists');
    expect(fileState(source({ exists: false }))).toBe('Not created yet: adding a rule here creates it');
    expect(fileState(source({ source: 'policySettings', exists: false, writable: false }))).toBe('No such file: nothing is set here');
    expect(fileState(source({ source: 'cliArg', file: null, writable: false }))).toBeNull();
    expect(fileLabel('/p/.claude/settings.local.json', '/p')).toBe('.claude/settings.local.json');
    expect(fileLabel('/home/me/.claude/settings.json', '/p')).toBe('/home/me/.claude/settings.json');
  });

  it('counts rules across the three lists', () => {
    expect(ruleCount(source({}))).toBe('No rules');
    expect(ruleCount(source({ allow: ['Bash'] }))).toBe('1 rule');
    expect(ruleCount(source({ allow: ['Bash'], deny: ['Read(./.env)'], ask: ['WebFetch'] }))).toBe('3 rules');
  });

  it('defaultMode and the bypass switch in words', () => {
    expect(modeWords(null)).toMatch(/^Not set/);
    expect(modeWords('acceptEdits')).toBe('Accept file changes in the project without asking (acceptEdits)');
    expect(modeWords('plan')).toBe('Plan only: look around, change nothing (plan)');
    expect(modeWords('somethingNew')).toBe('somethingNew');
    expect(modeWords('toString')).toBe('toString'); // no prototype lookups
    expect(bypassWords(true)).toMatch(/^Turned off/);
    expect(bypassWords(false)).toBe('Allowed');
  });

  it('a rule can be added to the writable files only; "only me, in this project" is the default', () => {
    const listing: RuleListing = {
      sources: [
        source({ source: 'policySettings', label: 'Managed policy', writable: false, file: '/etc/claude-code/managed-settings.json' }),
        source({ source: 'cliArg', label: 'Command line', writable: false, file: null }),
        source({}),
        source({ source: 'projectSettings', label: 'This project (shared with the team)', file: '/p/.claude/settings.json' }),
        source({ source: 'userSettings', label: 'All my projects', file: '/home/me/.claude/settings.json' }),
      ],
      defaultMode: null,
      bypassDisabled: false,
      additionalDirectories: [],
    };
    const targets = writableTargets(listing);
    expect(targets.map((t) => t.source)).toEqual(['localSettings', 'projectSettings', 'userSettings']);
    expect(defaultTarget(targets)).toBe('localSettings');
    expect(defaultTarget(targets.slice(1))).toBe('projectSettings');
    expect(defaultTarget([])).toBeNull();
    expect(writableTargets(null)).toEqual([]);
  });

  it('the recent-commands tally names the list and the count', () => {
    const commands = [
      { command: 'npm test', sessionId: 's', at: 2, matches: true },
      { command: 'rm -rf build', sessionId: 's', at: 1, matches: false },
    ];
    expect(recentSummary({ commands, matched: 1 }, 'allow')).toBe('This rule would have allowed 1 of 2 recent commands in this project.');
    expect(recentSummary({ commands, matched: 1 }, 'deny')).toBe('This rule would have blocked 1 of 2 recent commands in this project.');
    expect(recentSummary({ commands: commands.slice(0, 1), matched: 0 }, 'ask')).toBe('This rule would have asked about 0 of 1 recent command in this project.');
    expect(recentSummary({ commands: [], matched: 0 }, 'allow')).toMatch(/^No commands have been run/);
  });
});
