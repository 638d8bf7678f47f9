// Request kinds and rule words for the approval dialog.
import { describe, expect, it } from 'vitest';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import { describeRule, requestKindFor, ruleKindFor } from './registry';

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
    expect(ruleKindFor('Bash').question(bash)).toBe('Allow Agent Desk to run a command?');
    expect(ruleKindFor('Bash').summary(bash)).toBe('Run a command in your project');
    expect(ruleKindFor('Bash').purpose(bash)).toBe('Run the tests');
    const other = req('FancyTool', { x: 1 });
    expect(ruleKindFor('FancyTool').question(other)).toBe('Allow Agent Desk to use FancyTool?');
    expect(ruleKindFor('mcp__github__create_issue').question(req('mcp__github__create_issue', {}))).toBe(
      'Allow Agent Desk to use “create_issue” from github?',
    );
    expect(ruleKindFor('toString')).toBe(ruleKindFor('Unknown')); // no prototype lookups
  });

  it('Read, Grep and Glob say whether the file is outside the project, never "in your project" for it', () => {
    const env = { projectDir: '/home/me/shop' };
    const outside = req('Read', { file_path: '/tmp/notes/a.txt' });
    expect(ruleKindFor('Read').question(outside)).toBe('Allow Agent Desk to read this file?');
    expect(ruleKindFor('Read').summary(outside, env)).toBe('Read a file outside the project');
    expect(ruleKindFor('Read').summary(req('Read', { file_path: '/home/me/shop/.env' }), env)).toBe('Read a file in your project');
    expect(ruleKindFor('Grep').summary(req('Grep', { pattern: 'x', path: '/etc' }), env)).toBe('Search files outside the project');
    expect(ruleKindFor('Glob').question(req('Glob', { pattern: '**/*' }))).toBe('Allow Agent Desk to search these files?');
    expect(ruleKindFor('Glob').summary(req('Glob', { pattern: '**/*' }), env)).toBe('Search files in the current folder');
  });

  it('a fetch names the site; an MCP tool names its service; both keep their own words for rules', () => {
    const fetch = req('WebFetch', { url: 'https://docs.example.com/a?b=1', prompt: 'Find the install steps' });
    expect(ruleKindFor('WebFetch').question(fetch)).toBe('Allow Agent Desk to fetch a web page?');
    expect(ruleKindFor('WebFetch').summary(fetch)).toBe('Fetch a page from docs.example.com');
    expect(ruleKindFor('WebFetch').purpose(fetch)).toBe('Find the install steps');
    expect(ruleKindFor('WebFetch').summary(req('WebFetch', { url: 'not a url' }))).toBe('Fetch a page from the web');
    const mcp = req('mcp__github__create_issue', { title: 'x' });
    expect(ruleKindFor('mcp__github__create_issue').summary(mcp)).toBe('Use the tool “create_issue” of the connected service “github”');
    expect(ruleKindFor('mcp__github__list_prs')).toBe(ruleKindFor('mcp__other__x'));
    expect(ruleKindFor('mcp__github__x')).not.toBe(ruleKindFor('FancyTool'));
  });

  const rules: [string, string][] = [
    ['Bash(npm test)', 'Only the exact command “npm test”'],
    ['Bash(git commit:*)', 'Any command that starts with “git commit”'],
    ['Bash(git *)', 'Any command like “git *” (* stands for anything)'],
    ['Bash', 'Every command, without asking'],
    ['Read(./src/**)', 'Reading files matching “./src/**”, without asking'],
    ['Read', 'Reading any file, without asking'],
    ['Grep(//etc/**)', 'Searching files matching “//etc/**”, without asking'],
    ['WebFetch', 'Any web page, without asking'],
    ['WebFetch(domain:example.com)', 'Pages from example.com, without asking'],
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

