// One bad rule never voids the others: an unparseable or unsupported rule is skipped with a warning that
// names the file, the rule and why, while every other rule of that file and of every other source still
// applies. A settings file that repeats a key in one object (JSON.parse keeps the last, so a second
// `permissions` block silently replaces the first) is a warning naming the file and the line.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evaluateRules } from '../permissions/evaluate';
import { loadClaudeSettings, loadClaudeSettingsSync } from './claude-settings';
import { duplicateKeys } from './json-duplicates';
import { parseJsonText } from './json-file';

let root: string;
let project: string;
let home: string;
let env: Record<string, string>;
const projectFile = () => path.join(project, '.claude', 'settings.json');
const userFile = () => path.join(home, '.claude', 'settings.json');
const policyFile = () => path.join(root, 'managed-settings.json');

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-bad-rules-')));
  project = path.join(root, 'project');
  home = path.join(root, 'home');
  mkdirSync(path.join(project, '.claude'), { recursive: true });
  mkdirSync(path.join(home, '.claude'), { recursive: true });
  env = { HOME: home, AGENT_DESK_MANAGED_SETTINGS: policyFile() };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const decide = (rules: Parameters<typeof evaluateRules>[2], tool: string, input: unknown) =>
  evaluateRules(tool, input, rules, { paths: { cwd: project, projectDir: project, home } })?.behavior ?? 'none';

describe('PL4 one bad rule never voids the others', () => {
  it('each bad rule is skipped with a warning naming file, rule and why; the rest of the file and every other source apply', async () => {
    writeFileSync(
      projectFile(),
      JSON.stringify({
        permissions: {
          allow: ['Bash(npm test)', 'Bash(oops', 42, '*', 'Write(/docs/**)', 'Read([abc)', 'Edit(/src/**)'],
          deny: ['Bash(rm:*)', 'Bash(', 'mcp__*'],
          ask: ['Bash(git push:*)', ')'],
        },
      }),
    );
    writeFileSync(userFile(), JSON.stringify({ permissions: { allow: ['Bash(ls)', 'mcp__*__x('], deny: ['Read(~/.ssh/**)'] } }));
    writeFileSync(policyFile(), JSON.stringify({ permissions: { deny: ['WebFetch(domain:pastebin.com)', 'Web*(', 'Bash(curl *)'] } }));

    for (const s of [await loadClaudeSettings({ projectDir: project, env }), loadClaudeSettingsSync({ projectDir: project, env })]) {
      const pf = projectFile();
      expect(s.warnings).toEqual([
        `${userFile()}: permissions.allow[1] "mcp__*__x(": Rule "mcp__*__x(" is missing its closing ")"; ignored.`,
        `${pf}: permissions.allow[1] "Bash(oops": Rule "Bash(oops" is missing its closing ")"; ignored.`,
        `${pf}: permissions.allow[2] must be a string (got 42); ignored.`,
        expect.stringMatching(new RegExp(`^${pf.replace(/[.\\/]/g, '\\$&')}: permissions\\.allow\\[3\\] "\\*": a tool-name wildcard in an allow rule needs a literal mcp__<server>__ prefix`)),
        `${pf}: permissions.allow[4] "Write(/docs/**)": file permission checks consult only Read(path) and Edit(path) rules, so this rule allows nothing; write Edit(/docs/**) instead; ignored.`,
        expect.stringMatching(/permissions\.allow\[5\] "Read\(\[abc\)": not a valid path pattern .*; ignored\.$/),
        `${pf}: permissions.deny[1] "Bash(": Rule "Bash(" is missing its closing ")"; ignored.`,
        `${pf}: permissions.ask[1] ")": Rule ")" has ")" without a matching "("; ignored.`,
        `${policyFile()}: permissions.deny[1] "Web*(": Rule "Web*(" is missing its closing ")"; ignored.`,
      ]);
      // Every good rule, from every source, still decides.
      expect(decide(s.rules, 'Bash', { command: 'npm test' })).toBe('allow');
      expect(decide(s.rules, 'Bash', { command: 'ls' })).toBe('allow');
      expect(decide(s.rules, 'Edit', { file_path: path.join(project, 'src/a.ts') })).toBe('allow');
      expect(decide(s.rules, 'Bash', { command: 'rm -rf x' })).toBe('deny');
      expect(decide(s.rules, 'mcp__github__create_issue', {})).toBe('deny');
      expect(decide(s.rules, 'Bash', { command: 'git push origin' })).toBe('ask');
      expect(decide(s.rules, 'Read', { file_path: path.join(home, '.ssh/id_rsa') })).toBe('deny');
      expect(decide(s.rules, 'WebFetch', { url: 'https://pastebin.com/x' })).toBe('deny');
      expect(decide(s.rules, 'Bash', { command: 'curl https://x' })).toBe('deny');
      // The skipped ones allow nothing.
      expect(decide(s.rules, 'Write', { file_path: path.join(project, 'docs/a.md') })).toBe('none');
      expect(decide(s.rules, 'Bash', { command: 'make' })).toBe('none');
      // The per-source view the rule workbench lists holds the good rules and that file's warnings.
      const proj = s.sources!.find((x) => x.source === 'projectSettings')!;
      expect(proj.rules).toEqual({ allow: ['Bash(npm test)', 'Edit(/src/**)'], deny: ['Bash(rm:*)', 'mcp__*'], ask: ['Bash(git push:*)'] });
      expect(proj.warnings).toHaveLength(7);
    }
  });

  it('a broken file elsewhere costs only that file: the other sources still apply', async () => {
    writeFileSync(projectFile(), '{ "permissions": { "allow": ["Bash(npm test)",] } }');
    writeFileSync(userFile(), JSON.stringify({ permissions: { allow: ['Bash(ls)'] } }));
    const s = await loadClaudeSettings({ projectDir: project, env });
    expect(s.warnings).toEqual([expect.stringMatching(new RegExp(`^Settings file ${projectFile().replace(/[.\\/]/g, '\\$&')} is not valid JSON at line 1`))]);
    expect(decide(s.rules, 'Bash', { command: 'ls' })).toBe('allow');
  });
});

describe('PL4 a key repeated in one object is a warning naming the file and the line', () => {
  it('a second permissions block: the later one counts (as JSON.parse has it) and the person is told where', async () => {
    writeFileSync(
      projectFile(),
      ['{', '  "permissions": {', '    "deny": ["Bash(rm:*)"]', '  },', '  "env": { "A": "1" },', '  "permissions": {', '    "allow": ["Bash(npm test)"]', '  }', '}', ''].join('\n'),
    );
    const s = await loadClaudeSettings({ projectDir: project, env });
    expect(s.warnings).toEqual([
      `${projectFile()}: line 6: "permissions" appears again in the same object (first at line 2); only this later one counts, the earlier one is ignored.`,
    ]);
    expect(decide(s.rules, 'Bash', { command: 'rm -rf x' })).toBe('none');
    expect(decide(s.rules, 'Bash', { command: 'npm test' })).toBe('allow');
    expect(s.sources!.find((x) => x.source === 'projectSettings')!.warnings).toHaveLength(1);
  });

  it('a repeated list inside permissions names its path', () => {
    const text = '{\n  "permissions": {\n    "allow": ["Read"],\n    "allow": ["Bash"]\n  }\n}';
    const r = parseJsonText('/p/settings.json', text);
    expect(r).toEqual({
      kind: 'ok',
      value: { permissions: { allow: ['Bash'] } },
      warnings: ['/p/settings.json: line 4: "permissions.allow" appears again in the same object (first at line 3); only this later one counts, the earlier one is ignored.'],
    });
  });

  it('the scan: the same key in different objects is fine; strings with quotes, braces and escapes do not confuse it', () => {
    expect(duplicateKeys('{"a": {"x": 1}, "b": {"x": 2}, "c": [{"x": 1}, {"x": 2}]}')).toEqual([]);
    expect(duplicateKeys('{"a": "}{\\"a\\": 1,", "b": ["a", "a"], "c": "\\\\"}')).toEqual([]);
    expect(duplicateKeys('{\n"hooks": {"PreToolUse": [{"matcher": "Bash", "matcher": "Edit"}]}\n}')).toEqual([{ path: 'hooks.PreToolUse.[].matcher', firstLine: 2, line: 2 }]);
    expect(duplicateKeys('{"\\u0061": 1, "a": 2}')).toEqual([{ path: 'a', firstLine: 1, line: 1 }]);
    expect(duplicateKeys('{"a": 1,\n\n "a": 2,\n "a": 3}')).toEqual([
      { path: 'a', firstLine: 1, line: 3 },
      { path: 'a', firstLine: 1, line: 4 },
    ]);
  });
});
