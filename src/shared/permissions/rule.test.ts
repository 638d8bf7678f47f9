// The permission-rule grammar, table-driven: parse, format, round trip, errors, MCP names (PL4, AS2).
import { describe, expect, it } from 'vitest';
import {
  escapeRuleContent,
  formatRule,
  mcpInfoFromName,
  parseRule,
  ruleCoversWholeTool,
  type PermissionRuleValue,
  type RuleParseErrorCode,
} from './rule';

const valid: Array<[string, PermissionRuleValue]> = [
  ['Bash', { toolName: 'Bash' }],
  ['Bash(git commit:*)', { toolName: 'Bash', ruleContent: 'git commit:*' }],
  ['Bash(npm install)', { toolName: 'Bash', ruleContent: 'npm install' }],
  ['Bash(git *)', { toolName: 'Bash', ruleContent: 'git *' }],
  ['Read(src/**)', { toolName: 'Read', ruleContent: 'src/**' }],
  ['WebFetch(domain:example.com)', { toolName: 'WebFetch', ruleContent: 'domain:example.com' }],
  ['mcp__server', { toolName: 'mcp__server' }],
  ['mcp__server__tool', { toolName: 'mcp__server__tool' }],
  ['mcp__my-server__*', { toolName: 'mcp__my-server__*' }],
  // Claude Code: `*` may end an MCP rule's tool part (`mcp__github__get_*`), never the server name.
  ['mcp__github__get_*', { toolName: 'mcp__github__get_*' }],
  ['mcp__my_server__list*', { toolName: 'mcp__my_server__list*' }],
  ['mcp__server__tool(arg)', { toolName: 'mcp__server__tool', ruleContent: 'arg' }],
  // Escapes: \( \) \\ become ( ) \ ; any other backslash stays.
  ['Bash(echo \\(x\\))', { toolName: 'Bash', ruleContent: 'echo (x)' }],
  ['Bash(echo a\\\\b)', { toolName: 'Bash', ruleContent: 'echo a\\b' }],
  ['Bash(printf \\n)', { toolName: 'Bash', ruleContent: 'printf \\n' }],
  // Unescaped parens inside the content: it runs to the last unescaped ")" (Claude Code compatible).
  ['Bash(python -c "print(1)")', { toolName: 'Bash', ruleContent: 'python -c "print(1)"' }],
  // `Tool()` and `Tool(*)` cover the whole tool.
  ['Bash()', { toolName: 'Bash' }],
  ['Bash(*)', { toolName: 'Bash' }],
  ['  Edit  ', { toolName: 'Edit' }],
];

const invalid: Array<[unknown, RuleParseErrorCode]> = [
  ['', 'empty'],
  ['   ', 'empty'],
  ['(npm test)', 'missing_tool_name'],
  ['Bash(npm test', 'unclosed_paren'],
  ['Bash(echo \\)', 'unclosed_paren'],
  ['Bash(npm test) extra', 'trailing_text'],
  ['Bash(a)b', 'trailing_text'],
  ['Bash)', 'unexpected_close_paren'],
  ['Bash Tool', 'invalid_tool_name'],
  ['Ba$h(x)', 'invalid_tool_name'],
  ['*', 'invalid_tool_name'],
  ['mcp__git*', 'invalid_tool_name'],
  ['mcp__github__*_issue', 'invalid_tool_name'],
  ['Bash*', 'invalid_tool_name'],
  [42, 'not_a_string'],
  [null, 'not_a_string'],
];

describe('parseRule', () => {
  it.each(valid)('PL4 parses %j', (input, expected) => {
    expect(parseRule(input)).toEqual({ ok: true, value: expected });
  });

  it.each(invalid)('PL4 %j is a typed error (%s), never a throw', (input, code) => {
    const result = parseRule(input as string);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe(code);
      expect(result.error.message.length).toBeGreaterThan(0);
      expect(result.error.rule).toBe(String(input));
    }
  });
});

describe('formatRule', () => {
  const cases: Array<[PermissionRuleValue, string]> = [
    [{ toolName: 'Bash' }, 'Bash'],
    [{ toolName: 'Bash', ruleContent: '' }, 'Bash'],
    [{ toolName: 'Bash', ruleContent: 'git commit:*' }, 'Bash(git commit:*)'],
    [{ toolName: 'Bash', ruleContent: 'echo (x)' }, 'Bash(echo \\(x\\))'],
    [{ toolName: 'Bash', ruleContent: 'a\\b' }, 'Bash(a\\\\b)'],
    [{ toolName: 'mcp__server' }, 'mcp__server'],
  ];
  it.each(cases)('PL4 formats %j as %j', (value, text) => expect(formatRule(value)).toBe(text));

  const roundTrip: PermissionRuleValue[] = [
    { toolName: 'Bash', ruleContent: 'echo (x) \\ (y' },
    { toolName: 'Bash', ruleContent: ')(' },
    { toolName: 'Bash', ruleContent: 'trailing backslash \\' },
    { toolName: 'Read', ruleContent: '/etc/**' },
    { toolName: 'mcp__srv__tool', ruleContent: 'x' },
  ];
  it.each(roundTrip)('PL4 round-trips %j through formatRule → parseRule', (value) => {
    expect(parseRule(formatRule(value))).toEqual({ ok: true, value });
  });

  it('escapes only backslash and parens', () => {
    expect(escapeRuleContent('a(b)c\\d *:?')).toBe('a\\(b\\)c\\\\d *:?');
  });
});

describe('mcpInfoFromName', () => {
  const cases: Array<[string, ReturnType<typeof mcpInfoFromName>]> = [
    ['mcp__server', { serverName: 'server' }],
    ['mcp__server__tool', { serverName: 'server', toolName: 'tool' }],
    ['mcp__server__tool__with__parts', { serverName: 'server', toolName: 'tool__with__parts' }],
    ['mcp__server__*', { serverName: 'server', toolName: '*' }],
    ['mcp__', null],
    ['Bash', null],
    ['mcpserver__tool', null],
  ];
  it.each(cases)('%j → %j', (name, info) => expect(mcpInfoFromName(name)).toEqual(info));
});

describe('ruleCoversWholeTool (AS2 blanket rules)', () => {
  const cases: Array<[PermissionRuleValue, { name: string; aliases?: string[] }, boolean]> = [
    [{ toolName: 'Bash' }, { name: 'Bash' }, true],
    [{ toolName: 'Bash', ruleContent: 'rm:*' }, { name: 'Bash' }, false],
    [{ toolName: 'Bash' }, { name: 'Read' }, false],
    [{ toolName: 'Task' }, { name: 'Agent', aliases: ['Task'] }, true],
    [{ toolName: 'mcp__github' }, { name: 'mcp__github__create_issue' }, true],
    [{ toolName: 'mcp__github__*' }, { name: 'mcp__github__create_issue' }, true],
    [{ toolName: 'mcp__github' }, { name: 'mcp__gitlab__create_issue' }, false],
    [{ toolName: 'mcp__github__create_issue' }, { name: 'mcp__github__create_issue' }, true],
    [{ toolName: 'mcp__github__create_issue' }, { name: 'mcp__github__list_issues' }, false],
    [{ toolName: 'mcp__github' }, { name: 'Bash' }, false],
    [{ toolName: 'mcp__github__get_*' }, { name: 'mcp__github__get_issue' }, true],
    [{ toolName: 'mcp__github__get_*' }, { name: 'mcp__github__list_issues' }, false],
    [{ toolName: 'mcp__github__get_*' }, { name: 'mcp__github' }, false],
    [{ toolName: 'mcp__github' }, { name: 'mcp__github2__x' }, false],
    // PL4c tool-name globs in deny rules hide every tool they name.
    [{ toolName: 'Web*' }, { name: 'WebFetch' }, true],
    [{ toolName: 'Web*' }, { name: 'Read' }, false],
    [{ toolName: '*' }, { name: 'Bash' }, true],
    [{ toolName: 'mcp__*' }, { name: 'mcp__github__create_issue' }, true],
    [{ toolName: 'mcp__*' }, { name: 'Bash' }, false],
    [{ toolName: '*Edit' }, { name: 'NotebookEdit' }, true],
    [{ toolName: '*Edit' }, { name: 'Editor' }, false],
    [{ toolName: 'mcp__*__delete_*' }, { name: 'mcp__files__delete_file' }, true],
    [{ toolName: 'mcp__*__delete_*' }, { name: 'mcp__files__read_file' }, false],
    [{ toolName: 'Web*', ruleContent: 'domain:x.com' }, { name: 'WebFetch' }, false],
  ];
  it.each(cases)('AS2 %j covers %j: %s', (rule, tool, expected) => expect(ruleCoversWholeTool(rule, tool)).toBe(expected));
});
