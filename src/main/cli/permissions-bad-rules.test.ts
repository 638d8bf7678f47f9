// `agent-desk permissions check` and `explain` with bad rules: a rule that does not parse or is not
// supported (in a settings file or in a case's own rules) is named in the answer — file, rule, why —
// and the call is still decided by every other rule. A settings file that repeats a key is named too.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonLine, runCli } from './test-cli';

let root: string;
let project: string;
let env: Record<string, string>;
const settingsFile = () => path.join(project, '.claude', 'settings.json');

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-cli-bad-rules-')));
  project = path.join(root, 'project');
  mkdirSync(path.join(project, '.claude'), { recursive: true });
  mkdirSync(path.join(root, 'home'), { recursive: true });
  env = { HOME: path.join(root, 'home'), AGENT_DESK_MANAGED_SETTINGS: path.join(root, 'managed.json') };
  writeFileSync(
    settingsFile(),
    [
      '{',
      '  "permissions": { "allow": ["Bash(npm test)"] },',
      '  "permissions": {',
      '    "allow": ["Bash(npm test)", "Bash(oops", "mcp__*"],',
      '    "deny": ["Bash(rm:*)", "Write(/secrets/**)"]',
      '  }',
      '}',
    ].join('\n'),
  );
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const cli = (argv: string[], stdin?: string) => runCli(argv, env, project, stdin);
const line = jsonLine;

describe('PL4 permissions check: bad rules are reported in the answer, the others still decide', () => {
  it('names each skipped settings rule (file, rule, why) and the repeated key (file, line) in every answer', async () => {
    const r = await cli(
      ['permissions', 'check'],
      [
        line({ id: 'a', tool: 'Bash', input: { command: 'npm test' } }),
        line({ id: 'b', tool: 'Bash', input: { command: 'rm -rf build' } }),
        line({ id: 'c', tool: 'Write', input: { file_path: 'secrets/k', content: 'x' }, mode: 'acceptEdits' }),
        line({ id: 'd', tool: 'mcp__github__create_issue', input: {} }),
      ].join(''),
    );
    expect(r.code).toBe(0);
    expect(r.lines.map((l) => [l.id, l.decision])).toEqual([
      ['a', 'allow'],
      ['b', 'deny'],
      ['c', 'deny'],
      ['d', 'ask'],
    ]);
    const f = settingsFile();
    const warnings = [
      `${f}: line 3: "permissions" appears again in the same object (first at line 2); only this later one counts, the earlier one is ignored.`,
      `${f}: permissions.allow[1] "Bash(oops": Rule "Bash(oops" is missing its closing ")"; ignored.`,
      expect.stringContaining(`${f}: permissions.allow[2] "mcp__*": a tool-name wildcard in an allow rule needs a literal mcp__<server>__ prefix`),
      expect.stringContaining(`${f}: permissions.deny[1] "Write(/secrets/**)": Claude Code does not consult Write(path) rules`),
    ];
    for (const l of r.lines) expect(l.warnings).toEqual(warnings);
    expect(r.lines[2]).toMatchObject({ rule: 'Write(/secrets/**)', source: 'projectSettings', file: f });
    // And once on stderr, as before.
    expect(r.stderr.split('\n').filter((x) => x.startsWith('agent-desk: warning: '))).toHaveLength(4);
  });

  it("a case's own bad rule is skipped and named in that answer; its good rules and the settings' still apply", async () => {
    const r = await cli(
      ['permissions', 'check'],
      line({ id: 'x', tool: 'Bash', input: { command: 'make' }, rules: { allow: ['Bash(make', 'Bash(make)', 'B*'], deny: ['Bash(rm:*'] } }) +
        line({ id: 'y', tool: 'Bash', input: { command: 'rm x' }, rules: { deny: ['Bash(rm:*'] } }),
    );
    expect(r.lines.map((l) => [l.id, l.decision])).toEqual([
      ['x', 'allow'],
      ['y', 'deny'],
    ]);
    const own = (r.lines[0]!.warnings as string[]).filter((w) => w.startsWith('rules.'));
    expect(own).toEqual([
      'rules.allow[0] "Bash(make": Rule "Bash(make" is missing its closing ")"; ignored.',
      expect.stringContaining('rules.allow[2] "B*": a tool-name wildcard in an allow rule'),
      'rules.deny[0] "Bash(rm:*": Rule "Bash(rm:*" is missing its closing ")"; ignored.',
    ]);
    expect(r.lines[1]).toMatchObject({ rule: 'Bash(rm:*)', source: 'projectSettings' });
  });

  it('explain --json carries the same warnings', async () => {
    const r = await cli(['permissions', 'explain', 'Bash', '{"command":"npm test"}', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { decision: string; warnings: string[] };
    expect(out.decision).toBe('allow');
    expect(out.warnings).toHaveLength(4);
  });
});
