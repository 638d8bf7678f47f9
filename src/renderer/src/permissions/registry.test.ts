// Request kinds and rule words for the approval dialog; the key guard against typed-ahead answers.
import { describe, expect, it } from 'vitest';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import { createKeyGuard } from './key-guard';
import { describeRule, requestKindFor } from './registry';

const req = (toolName: string, input: unknown): PermissionRequestView => ({
  requestId: 'r1',
  sessionId: 's',
  toolUseId: 't',
  toolName,
  input,
  message: 'm',
  suggestions: [],
  destructive: false,
});

describe('request kinds (PL4e, DK4: plain-language summary first)', () => {
  it('Bash is a command; any other tool falls back to the generic kind', () => {
    const bash = req('Bash', { command: 'npm test', description: 'Run the tests' });
    expect(requestKindFor('Bash').question(bash)).toBe('Allow Agent Desk to run a command?');
    expect(requestKindFor('Bash').summary(bash)).toBe('Run a command in your project');
    expect(requestKindFor('Bash').purpose(bash)).toBe('Run the tests');
    const other = req('FancyTool', { x: 1 });
    expect(requestKindFor('FancyTool').question(other)).toBe('Allow Agent Desk to use FancyTool?');
    expect(requestKindFor('mcp__github__create_issue').question(req('mcp__github__create_issue', {}))).toBe(
      'Allow Agent Desk to use “create_issue” from github?',
    );
    expect(requestKindFor('toString')).toBe(requestKindFor('Unknown')); // no prototype lookups
  });

  const rules: [string, string][] = [
    ['Bash(npm test)', 'Only the exact command “npm test”'],
    ['Bash(git commit:*)', 'Any command that starts with “git commit”'],
    ['Bash(git *)', 'Any command like “git *” (* stands for anything)'],
    ['Bash', 'Every command, without asking'],
    ['Read(./src/**)', 'Read for “./src/**”, without asking'],
    ['WebFetch', 'Every use of WebFetch, without asking'],
    ['mcp__github', 'Every tool of github, without asking'],
    ['mcp__github__create_issue', 'Every use of “create_issue” from github, without asking'],
  ];
  for (const [rule, words] of rules) {
    it(`rule ${rule} in words`, () => expect(describeRule(rule)).toMatchObject({ ok: true, words }));
  }
  it('a broken rule says what is wrong', () => {
    expect(describeRule('Bash(npm test')).toEqual({ ok: false, error: 'Rule "Bash(npm test" is missing its closing ")"' });
    expect(describeRule('  ')).toMatchObject({ ok: false });
  });
});

describe('key guard (shortcuts wait for a quiet moment)', () => {
  it('refuses keys right after opening, and each early key restarts the wait', () => {
    const g = createKeyGuard(1_000, 600);
    expect(g.allow(1_100)).toBe(false);
    expect(g.allow(1_650)).toBe(false); // still typing: wait restarts from 1650
    expect(g.allow(2_200)).toBe(false);
    expect(g.allow(2_800)).toBe(true);
    expect(g.allow(2_801)).toBe(true);
  });
  it('a key after the quiet time acts at once', () => {
    expect(createKeyGuard(0, 600).allow(600)).toBe(true);
  });
});
