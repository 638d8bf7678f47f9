import { describe, expect, it } from 'vitest';
import { evaluateRules, mergeRuleSets } from './evaluate';
import type { RuleEntry, RuleSet } from './types';

const e = (rule: string, source: RuleEntry['source'] = 'userSettings'): RuleEntry => ({ rule, source });
const rules = (r: Partial<Record<'allow' | 'deny' | 'ask', RuleEntry[]>>): RuleSet => ({ allow: [], deny: [], ask: [], ...r });

describe('PL4c evaluateRules', () => {
  it('a bare tool name covers the whole tool, any input', () => {
    expect(evaluateRules('Bash', { command: 'anything' }, rules({ allow: [e('Bash')] }))).toEqual({
      behavior: 'allow',
      rule: 'Bash',
      source: 'userSettings',
    });
    expect(evaluateRules('Read', { file_path: '/x' }, rules({ allow: [e('Bash')] }))).toBeNull();
  });

  it('deny beats ask beats allow, whatever the specificity or source', () => {
    const all = rules({
      allow: [e('Bash(aws s3 ls)', 'session')],
      ask: [e('Bash(aws s3:*)', 'projectSettings')],
      deny: [e('Bash(aws *)', 'policySettings')],
    });
    expect(evaluateRules('Bash', { command: 'aws s3 ls' }, all)).toEqual({ behavior: 'deny', rule: 'Bash(aws *)', source: 'policySettings' });
    const noDeny = { ...all, deny: [] };
    expect(evaluateRules('Bash', { command: 'aws s3 ls' }, noDeny)).toEqual({ behavior: 'ask', rule: 'Bash(aws s3:*)', source: 'projectSettings' });
    expect(evaluateRules('Bash', { command: 'aws s3 ls' }, { ...noDeny, ask: [] })?.behavior).toBe('allow');
  });

  it('carries every source as data', () => {
    for (const source of ['session', 'cliArg', 'localSettings', 'userSettings', 'projectSettings', 'policySettings', 'flagSettings'] as const) {
      expect(evaluateRules('Bash', { command: 'ls' }, rules({ allow: [e('Bash(ls)', source)] }))?.source).toBe(source);
    }
  });

  const table: Array<[rule: string, tool: string, input: unknown, matches: boolean]> = [
    ['Bash(npm test)', 'Bash', { command: 'npm test' }, true],
    ['Bash(npm test)', 'Bash', { command: 'npm test -- --watch' }, false],
    ['Bash(git commit:*)', 'Bash', { command: 'git commit -am wip' }, true],
    ['Bash(git *)', 'Bash', { command: 'git status' }, true],
    ['Bash(git *)', 'Bash', { command: 'npm test' }, false],
    ['Bash()', 'Bash', { command: 'x' }, true],
    ['Bash(*)', 'Bash', { command: 'x' }, true],
    ['Bash(npm test)', 'Read', { file_path: 'npm test' }, false],
    ['mcp__github', 'mcp__github__create_issue', {}, true],
    ['mcp__github', 'mcp__githubx__create_issue', {}, false],
    ['mcp__github__*', 'mcp__github__list', {}, true],
    ['mcp__github__create_issue', 'mcp__github__create_issue', {}, true],
    ['mcp__github__create_issue', 'mcp__github__delete_repo', {}, false],
    ['Read(//etc/*)', 'Read', { file_path: '/etc/passwd' }, true],
    ['Read(//etc/*)', 'Read', { file_path: '/home/me/x' }, false],
    ['Bash(unclosed', 'Bash', { command: 'unclosed' }, false],
    ['', 'Bash', { command: 'x' }, false],
  ];
  it.each(table)('allow %j on %s %j → %s', (rule, tool, input, matches) => {
    expect(evaluateRules(tool, input, rules({ allow: [e(rule)] })) !== null).toBe(matches);
  });

  it('a rule written for an alias applies to the tool', () => {
    expect(evaluateRules('Agent', {}, rules({ deny: [e('Task')] }), { aliases: ['Task'] })?.behavior).toBe('deny');
  });

  it('a Bash call without a command string matches no content rule', () => {
    expect(evaluateRules('Bash', { command: 5 }, rules({ deny: [e('Bash(rm:*)')] }))).toBeNull();
    expect(evaluateRules('Bash', null, rules({ deny: [e('Bash(rm:*)')] }))).toBeNull();
  });

  it('mergeRuleSets concatenates per behaviour', () => {
    const m = mergeRuleSets(rules({ allow: [e('A')] }), rules({ allow: [e('B')], deny: [e('C')] }));
    expect(m.allow.map((r) => r.rule)).toEqual(['A', 'B']);
    expect(m.deny.map((r) => r.rule)).toEqual(['C']);
  });
});
