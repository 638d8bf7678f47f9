// PL4c tool-name globs, row by row against Claude Code's docs (permissions, "Tool name wildcards";
// "Match all uses of a tool"; "MCP"): which globs deny and ask rules accept, which allow rules skip, and
// the warning the person reads when a settings file holds a skipped one.
import { describe, expect, it } from 'vitest';
import { parseSettingsJson } from '../settings/parse-settings';
import { createSessionRules } from './session-rules';
import { behaviours, cite, decide, rules, type MatchRow } from './test-doc-rows';

const SECTION = 'Tool name wildcards';
const rows: MatchRow[] = [
  {
    cite: { page: 'permissions', section: SECTION, says: 'Deny and ask rules also accept glob patterns in the tool-name position … "*" matches every tool' },
    rule: '*', tool: 'Bash', input: { command: 'ls' }, expect: [false, true, true],
  },
  {
    cite: { page: 'permissions', section: SECTION, says: '"*" matches every tool' },
    rule: '*', tool: 'Read', input: { file_path: '/work/proj/a' }, expect: [false, true, true],
  },
  {
    cite: { page: 'permissions', section: SECTION, says: 'An unanchored allow glob such as "*", "B*", or "mcp__*" is skipped with a warning and doesn\'t auto-approve anything' },
    rule: 'B*', tool: 'Bash', input: { command: 'ls' }, expect: [false, true, true],
  },
  {
    cite: { page: 'permissions', section: SECTION, says: 'The pattern must match the full tool name' },
    rule: 'Web*', tool: 'WebFetch', input: { url: 'https://example.com' }, expect: [false, true, true],
  },
  {
    cite: { page: 'permissions', section: SECTION, says: 'The pattern must match the full tool name' },
    rule: 'Web*', tool: 'WebSearch', input: { query: 'x' }, expect: [false, true, true],
  },
  {
    cite: { page: 'permissions', section: SECTION, says: 'The pattern must match the full tool name' },
    rule: 'Web*', tool: 'Read', input: { file_path: '/work/proj/a' }, expect: [false, false, false],
  },
  {
    cite: { page: 'permissions', section: SECTION, says: 'The pattern must match the full tool name' },
    rule: '*Fetch', tool: 'WebFetchX', input: {}, expect: [false, false, false],
  },
  {
    cite: { page: 'permissions', section: SECTION, says: '"mcp__*" matches every MCP tool across all servers' },
    rule: 'mcp__*', tool: 'mcp__github__create_issue', input: {}, expect: [false, true, true],
  },
  {
    cite: { page: 'permissions', section: SECTION, says: '"mcp__*" matches every MCP tool across all servers' },
    rule: 'mcp__*', tool: 'Bash', input: { command: 'ls' }, expect: [false, false, false],
  },
  {
    cite: { page: 'permissions', section: SECTION, says: 'The server segment must be glob-free so the rule names a specific server you configured' },
    rule: 'mcp__*__delete_*', tool: 'mcp__github__delete_repo', input: {}, expect: [false, true, true],
  },
  {
    cite: { page: 'permissions', section: SECTION, says: 'The pattern must match the full tool name' },
    rule: 'mcp__*__delete_*', tool: 'mcp__github__get_issue', input: {}, expect: [false, false, false],
  },
  {
    cite: { page: 'permissions', section: SECTION, says: 'The server segment must be glob-free' },
    rule: 'mcp__git*', tool: 'mcp__github__get_issue', input: {}, expect: [false, true, true],
  },
  {
    cite: { page: 'permissions', section: SECTION, says: 'mcp__puppeteer__* matches every tool from the puppeteer server' },
    rule: 'mcp__puppeteer__*', tool: 'mcp__puppeteer__puppeteer_navigate', input: {}, expect: [true, true, true],
  },
  {
    cite: { page: 'permissions', section: SECTION, says: 'mcp__github__get_* matches its get_ tools' },
    rule: 'mcp__github__get_*', tool: 'mcp__github__get_issue', input: {}, expect: [true, true, true],
  },
  {
    cite: { page: 'permissions', section: SECTION, says: 'mcp__github__get_* matches its get_ tools' },
    rule: 'mcp__github__get_*', tool: 'mcp__github__create_issue', input: {}, expect: [false, false, false],
  },
  {
    cite: { page: 'permissions', section: SECTION, says: 'Allow rules accept tool-name globs only after a literal mcp__<server>__ prefix', ours: 'a * anywhere after the prefix, not only at the end' },
    rule: 'mcp__github__*_issue', tool: 'mcp__github__close_issue', input: {}, expect: [true, true, true],
  },
  {
    cite: { page: 'permissions', section: SECTION, says: 'The pattern must match the full tool name: mcp__puppeteer__* is not another server' },
    rule: 'mcp__puppeteer__*', tool: 'mcp__puppeteer2__x', input: {}, expect: [false, false, false],
  },
  {
    cite: { page: 'permissions', section: 'MCP', says: 'mcp__puppeteer matches any tool provided by the puppeteer server' },
    rule: 'mcp__puppeteer', tool: 'mcp__puppeteer__puppeteer_navigate', input: {}, expect: [true, true, true],
  },
  {
    cite: { page: 'permissions', section: 'Match all uses of a tool', says: 'Bash(*) is equivalent to Bash and matches all Bash commands' },
    rule: 'Bash(*)', tool: 'Bash', input: { command: 'rm -rf /' }, expect: [true, true, true],
  },
  {
    cite: { page: 'permissions', section: SECTION, says: 'Deny and ask rules also accept glob patterns in the tool-name position', ours: 'a glob with content applies the content with each matched tool\'s own matcher' },
    rule: 'Web*(domain:evil.com)', tool: 'WebFetch', input: { url: 'https://evil.com/x' }, expect: [false, true, true],
  },
  {
    cite: { page: 'permissions', section: SECTION, says: 'Deny and ask rules also accept glob patterns in the tool-name position', ours: 'a glob with content applies the content with each matched tool\'s own matcher' },
    rule: 'Web*(domain:evil.com)', tool: 'WebFetch', input: { url: 'https://good.com/x' }, expect: [false, false, false],
  },
];

describe('PL4c tool-name globs (allow / deny / ask)', () => {
  it.each(rows.map((r) => [cite('PL4c', r.cite), r] as const))('%s', (_name, row) => {
    expect(behaviours(row), `${row.rule} on ${row.tool} as [allow, deny, ask]`).toEqual(row.expect);
  });
});

describe('PL4c what the person is told about a skipped allow glob', () => {
  const sf = { source: 'projectSettings' as const, file: '/work/proj/.claude/settings.json' };

  it(cite('PL4c', { page: 'permissions', section: SECTION, says: 'An unanchored allow glob such as "*", "B*", or "mcp__*" is skipped with a warning' }), () => {
    const p = parseSettingsJson(sf, { permissions: { allow: ['*', 'mcp__*', 'mcp__github__*', 'Bash(npm test)'], deny: ['mcp__*', 'Web*'], ask: ['*'] } }, '/work/proj');
    expect(p.rules.allow.map((e) => e.rule)).toEqual(['mcp__github__*', 'Bash(npm test)']);
    expect(p.rules.deny.map((e) => e.rule)).toEqual(['mcp__*', 'Web*']);
    expect(p.rules.ask.map((e) => e.rule)).toEqual(['*']);
    expect(p.warnings).toEqual([
      expect.stringMatching(/^\/work\/proj\/\.claude\/settings\.json: permissions\.allow\[0\] "\*": a tool-name wildcard in an allow rule needs a literal mcp__<server>__ prefix .*; ignored\.$/),
      expect.stringMatching(/^\/work\/proj\/\.claude\/settings\.json: permissions\.allow\[1\] "mcp__\*": a tool-name wildcard in an allow rule/),
    ]);
  });

  it(cite('PL4c', { page: 'permissions', section: SECTION, says: 'skipped … and doesn\'t auto-approve anything', ours: '"always allow" refuses such a rule too' }), () => {
    const session = createSessionRules();
    expect(session.add('allow', 'mcp__*')).toBe(false);
    expect(session.add('deny', 'mcp__*')).toBe(true);
  });

  it(cite('PL4', { page: 'permissions', section: SECTION, says: 'This configuration denies every MCP tool: "deny": ["mcp__*"]' }), async () => {
    const v = await decide('Read', { file_path: '/work/proj/a.ts' }, { set: rules({ deny: ['*'] }) });
    expect(v).toMatchObject({ behavior: 'deny', reason: { type: 'rule', rule: '*' } });
    // An allow glob would have allowed Bash; skipped, the call asks.
    expect((await decide('Bash', { command: 'make' }, { set: rules({ allow: ['*', 'B*'] }) })).behavior).toBe('ask');
    expect((await decide('Bash', { command: 'make' }, { set: rules({ ask: ['B*'], allow: ['Bash'] }) })).behavior).toBe('ask');
  });
});
