// `agent-desk permissions check` and `explain`, in-process (main() with captured streams), against real
// settings files in a temp project: the same engine as the app, one answer line per case, errors per line.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCommand } from './args';
import { runCli, jsonLine } from './test-cli';

let root: string;
let project: string;
let home: string;
let env: Record<string, string>;

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-cli-perms-')));
  project = path.join(root, 'project');
  home = path.join(root, 'home');
  mkdirSync(path.join(project, '.claude'), { recursive: true });
  mkdirSync(path.join(project, 'src'), { recursive: true });
  mkdirSync(home, { recursive: true });
  env = { HOME: home, AGENT_DESK_MANAGED_SETTINGS: path.join(root, 'managed.json') };
  writeFileSync(
    path.join(project, '.claude', 'settings.json'),
    JSON.stringify({ permissions: { allow: ['Bash(npm test)', 'Edit(/src/**)'], deny: ['Bash(rm:*)', 'Read(./.env)'], ask: ['Bash(git push:*)'] } }),
  );
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const cli = (argv: string[], stdin?: string | string[]) => runCli(argv, env, project, stdin);
const line = jsonLine;

describe('agent-desk permissions check', () => {
  it('answers one line per case, in order, with decision, reason, rule and suggestions', async () => {
    const r = await cli(
      ['permissions', 'check'],
      [
        line({ id: 'a', tool: 'Bash', input: { command: 'npm test' } }),
        line({ id: 'b', tool: 'Bash', input: { command: 'npm publish' } }),
        line({ id: 'c', tool: 'Bash', input: { command: 'ls && rm -rf src' } }),
        line({ id: 'd', tool: 'Bash', input: { command: 'git push origin main' }, mode: 'bypassPermissions' }),
        line({ id: 'e', tool: 'Write', input: { file_path: 'src/new.ts', content: 'x' } }),
        line({ id: 'f', tool: 'Read', input: { file_path: '.env' } }),
        line({ id: 'g', tool: 'Read', input: { file_path: 'README.md' } }),
        line({ id: 'h', tool: 'WebFetch', input: { url: 'https://example.com', prompt: 'What is it about?' }, rules: { allow: ['WebFetch(domain:example.com)'] } }),
        line({ id: 'i', tool: 'Bash', input: { command: 'make' }, mode: 'plan' }),
        line({ id: 'j', tool: 'Write', input: { file_path: 'docs/a.md', content: 'x' }, mode: 'acceptEdits' }),
      ].join(''),
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.lines.map((l) => [l.id, l.decision])).toEqual([
      ['a', 'allow'],
      ['b', 'ask'],
      ['c', 'deny'],
      ['d', 'ask'],
      ['e', 'allow'],
      ['f', 'deny'],
      ['g', 'allow'],
      ['h', 'allow'],
      ['i', 'ask'],
      ['j', 'allow'],
    ]);
    const settingsFile = path.join(project, '.claude', 'settings.json');
    expect(r.lines[0]).toEqual({ id: 'a', decision: 'allow', reason: 'Allowed by the rule `Bash(npm test)` in .claude/settings.json.', rule: 'Bash(npm test)', source: 'projectSettings', file: settingsFile, suggestions: [] });
    expect(r.lines[1]).toEqual({
      id: 'b',
      decision: 'ask',
      reason: 'Asked because no rule allows `npm publish` (rules in .claude/settings.json allow `npm test`).',
      suggestions: ['Bash(npm publish)', 'Bash(npm publish:*)'],
    });
    expect(r.lines[2]).toMatchObject({ rule: 'Bash(rm:*)' });
    expect(r.lines[3]).toMatchObject({ rule: 'Bash(git push:*)', reason: expect.stringContaining('says to ask first') });
    expect(r.lines[7]).toMatchObject({ rule: 'WebFetch(domain:example.com)', source: 'session' });
    expect(r.lines[8]!.reason).toContain('plan mode');
  });

  it('a malformed line is an error line for that id; the rest goes on', async () => {
    const r = await cli(
      ['permissions', 'check'],
      [
        '{"id": "x1", "tool": "Bash", "input": {"command": "npm test"\n',
        line({ id: 'x2', input: {} }),
        line({ id: 'x3', tool: 'Bash', input: { command: 'npm test' }, rules: { allow: ['Bash(oops'] } }),
        line({ id: 'x4', tool: 'Bash', input: { command: 5 } }),
        line({ id: 'x5', tool: 'Bash', input: { command: 'npm test' }, mode: 'yolo' }),
        '\n',
        line({ id: 'x6', tool: 'Bash', input: { command: 'npm test' } }),
      ].join(''),
    );
    expect(r.code).toBe(0);
    expect(r.lines.map((l) => [l.id, 'error' in l ? 'error' : l.decision])).toEqual([
      ['x1', 'error'],
      ['x2', 'error'],
      ['x3', 'allow'],
      ['x4', 'error'],
      ['x5', 'error'],
      ['x6', 'allow'],
    ]);
    // One bad rule of a case is skipped and named in its answer; the settings' rules still decide.
    expect(r.lines[2]!.warnings).toEqual(['rules.allow[0] "Bash(oops": Rule "Bash(oops" is missing its closing ")"; ignored.']);
    expect(r.lines[3]!.error).toContain('command');
  });

  it('streams: a case split across stdin chunks is answered once complete; the last line needs no newline', async () => {
    const r = await cli(['permissions', 'check'], ['{"id":1,"tool":"Ba', 'sh","input":{"command":"npm test"}}\n{"id":2,"tool":"Bash","input":{"command":"x"}}']);
    expect(r.lines.map((l) => [l.id, l.decision])).toEqual([
      [1, 'allow'],
      [2, 'ask'],
    ]);
  });

  it('--settings adds a file above local settings; --cwd picks the project; policy disabling bypass is a note', async () => {
    const flag = path.join(root, 'flag.json');
    writeFileSync(flag, JSON.stringify({ permissions: { deny: ['Bash(npm test)'] } }));
    writeFileSync(path.join(root, 'managed.json'), JSON.stringify({ permissions: { disableBypassPermissionsMode: 'disable' } }));
    const r = await cli(['permissions', 'check', '--cwd', project, '--settings', flag], line({ id: 1, tool: 'Bash', input: { command: 'npm test' } }) + line({ id: 2, tool: 'Bash', input: { command: 'make' }, mode: 'bypassPermissions' }));
    expect(r.lines[0]).toMatchObject({ decision: 'deny', source: 'flagSettings', file: flag });
    expect(r.lines[1]).toMatchObject({ decision: 'ask', note: expect.stringContaining('disabled by policy') });
  });

  it('a broken settings file is a warning on stderr naming file and line; the other rules still apply', async () => {
    writeFileSync(path.join(project, '.claude', 'settings.local.json'), '{\n  "permissions": [,\n}');
    const r = await cli(['permissions', 'check'], line({ id: 1, tool: 'Bash', input: { command: 'npm test' } }));
    expect(r.stderr).toMatch(/warning: Settings file .*settings\.local\.json is not valid JSON at line 2/);
    expect(r.lines[0]).toMatchObject({ decision: 'allow' });
  });

  it('needs piped stdin', async () => {
    expect(await cli(['permissions', 'check'])).toMatchObject({ code: 2, stderr: expect.stringContaining('reads JSON lines on stdin') });
  });
});

describe('agent-desk permissions explain', () => {
  it('prints the decision and why, for a person', async () => {
    const r = await cli(['permissions', 'explain', 'Bash', '{"command":"npm publish"}']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toEqual([
        'Would ask: Bash',
        '',
        'Asked because no rule allows `npm publish` (rules in .claude/settings.json allow `npm test`).',
        '',
        'Allow rules for this tool:',
        `  Bash(npm test)  (projectSettings, ${path.join(project, '.claude', 'settings.json')})`,
        '',
        'Warnings:',
        expect.anything(),
        '',
        'What it will do:',
        '  1. npm publish',
        '     Publishes this package for everyone to download (npm).',
        '     Uses the internet.',
        '     Asks: No rule allows this part yet.',
        '',
        'To allow it, add one of: Bash(npm publish), Bash(npm publish:*)',
        '',
      ]);
    expect(r.stdout.split('\n')[8]).toMatch(/^ {2}! Publishes this package .* \[package-publish\]$/);
  });

  it('BA9 explains a command part by part: what each does, the folder it deletes and how much is in it', async () => {
    mkdirSync(path.join(project, 'build', 'css'), { recursive: true });
    writeFileSync(path.join(project, 'build', 'index.html'), 'x'.repeat(2048));
    writeFileSync(path.join(project, 'build', 'css', 'site.css'), 'y'.repeat(1024));
    try {
      const r = await cli(['permissions', 'explain', 'Bash', 'rm -rf build && git status']);
      expect(r.code).toBe(0);
      const lines = r.stdout.split('\n');
      expect(lines).toContain('What it will do (each part runs only if the one before it worked):');
      expect(lines).toContain('  1. rm -rf build');
      expect(lines).toContain('     - build — deleted, in the project, 2 files, 3 KB');
      expect(lines).toContain('  2. git status');
      expect(lines).toContain('     Shows which files changed since the last commit (git).');
      expect(r.stdout).toMatch(/Warnings:\n {2}! .*\[rm-recursive\]/);
      const j = JSON.parse((await cli(['permissions', 'explain', 'Bash', 'rm -rf build', '--json'])).stdout);
      expect(j.command.parts[0].paths[0]).toMatchObject({ path: 'build', access: 'delete', where: 'project', contents: { kind: 'folder', files: 2, bytes: 3072 } });
    } finally {
      rmSync(path.join(project, 'build'), { recursive: true, force: true });
    }
  });

  it('takes a bare path or command for INPUT, and --json prints the structured explanation', async () => {
    const r = await cli(['permissions', 'explain', 'Read', '.env']);
    expect(r.stdout).toContain('Denied: Read');
    expect(r.stdout).toContain('Rule:   Read(./.env) (deny, projectSettings,');
    const j = await cli(['permissions', 'explain', 'Bash', 'git push', '--json']);
    expect(JSON.parse(j.stdout)).toMatchObject({ decision: 'ask', explanation: { reason: { kind: 'rule', rule: 'Bash(git push:*)', behavior: 'ask' } } });
  });

  it("a tool that asks through its own check: what kind of action asks first and the rule that stops it, not the tool's message", async () => {
    const r = await cli(['permissions', 'explain', 'Config', '{"setting":"model","value":"opus"}']);
    expect(r.stdout.split('\n').slice(0, 3)).toEqual(['Would ask: Config', '', 'Changing a setting always asks first. To let the assistant do it without asking, allow `Config` in the rules.']);
    expect(r.stdout).not.toContain('Set model to');
    const read = await cli(['permissions', 'explain', 'Read', '/etc/hosts']);
    expect(read.stdout).toContain('Reading files outside the project folder always asks first. To let the assistant do it without asking, allow `Read(//etc/**)` in the rules.');
    expect(read.stdout).not.toContain('own check');
  });

  it('usage mistakes are one line and exit 2; a bad input exits 1', async () => {
    expect(parseCommand(['permissions', 'explain', 'Bash'], () => false)).toMatchObject({ kind: 'usage-error' });
    expect(parseCommand(['permissions', 'nope'], () => false)).toMatchObject({ kind: 'usage-error' });
    expect(parseCommand(['permissions', 'check', '--mode', 'yolo'], () => false)).toMatchObject({ kind: 'usage-error' });
    expect(parseCommand(['permissions'], () => false)).toEqual({ kind: 'help', topic: 'permissions' });
    expect(await cli(['permissions', 'explain', 'Bash', 'x', '--cwd', path.join(root, 'missing')])).toMatchObject({ code: 2 });
    expect(await cli(['permissions', 'explain', 'Bash', '{"command": 5}'])).toMatchObject({ code: 1, stderr: expect.stringContaining('command') });
    expect((await cli(['permissions', '--help'])).stdout).toContain('permissions check [--cwd DIR]');
  });
});
