// Claude Code's settings files: which files, which fields, their precedence, and that every broken
// part is a warning naming its file (and line) while the rest still loads.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadClaudeSettings, managedSettingsPath, settingsFiles } from './claude-settings';
import { lineColumn, parseErrorLocation, readJsonFile } from './json-file';
import { createProjectSettings } from './project-settings';

let root: string;
let project: string;
let home: string;
let managed: string;
let env: Record<string, string>;

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-settings-'));
  project = path.join(root, 'project');
  home = path.join(root, 'home');
  managed = path.join(root, 'managed', 'managed-settings.json');
  for (const d of [path.join(project, '.claude'), path.join(home, '.claude'), path.dirname(managed)]) mkdirSync(d, { recursive: true });
  env = { HOME: home, AGENT_DESK_MANAGED_SETTINGS: managed };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const write = (file: string, json: unknown) => writeFileSync(file, typeof json === 'string' ? json : JSON.stringify(json, null, 2));
const user = () => path.join(home, '.claude', 'settings.json');
const proj = () => path.join(project, '.claude', 'settings.json');
const local = () => path.join(project, '.claude', 'settings.local.json');

describe('settingsFiles', () => {
  it('user (HOME or CLAUDE_CONFIG_DIR), project, local, managed (overridable), weakest first', () => {
    expect(settingsFiles('/p', { HOME: '/h' }, 'linux')).toEqual([
      { source: 'userSettings', file: '/h/.claude/settings.json' },
      { source: 'projectSettings', file: '/p/.claude/settings.json' },
      { source: 'localSettings', file: '/p/.claude/settings.local.json' },
      { source: 'policySettings', file: '/etc/claude-code/managed-settings.json' },
    ]);
    expect(settingsFiles('/p', { HOME: '/h', CLAUDE_CONFIG_DIR: '/cfg' }, 'linux')[0]).toEqual({ source: 'userSettings', file: '/cfg/settings.json' });
    expect(settingsFiles('/p', {}, 'linux').map((f) => f.source)).toEqual(['projectSettings', 'localSettings', 'policySettings']);
    expect(managedSettingsPath({}, 'darwin')).toBe('/Library/Application Support/ClaudeCode/managed-settings.json');
    expect(managedSettingsPath({ AGENT_DESK_MANAGED_SETTINGS: '/x.json' }, 'linux')).toBe('/x.json');
  });
});

describe('loadClaudeSettings', () => {
  it('reads rules with their sources (strongest source first), the mode by precedence, env, directories and hooks', async () => {
    write(user(), { permissions: { allow: ['Bash(npm test)'], defaultMode: 'acceptEdits' }, env: { A: 'user', B: 'user' } });
    write(proj(), {
      permissions: { allow: ['Read'], deny: ['Bash(rm:*)'], ask: ['Bash(git push:*)'], additionalDirectories: ['../shared'] },
      env: { B: 'project', N: 3 },
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'check.sh' }] }] },
    });
    write(local(), { permissions: { defaultMode: 'plan', allow: ['Bash(ls)'] }, hooks: { Stop: [{ hooks: [{ type: 'command', command: 'stop.sh', timeout: 5 }] }] } });
    write(managed, { permissions: { deny: ['WebFetch'] } });
    const s = await loadClaudeSettings({ projectDir: project, env });
    expect(s.warnings).toEqual([]);
    expect(s.rules).toEqual({
      allow: [
        { rule: 'Bash(ls)', source: 'localSettings', file: local() },
        { rule: 'Read', source: 'projectSettings', file: proj() },
        { rule: 'Bash(npm test)', source: 'userSettings', file: user() },
      ],
      deny: [
        { rule: 'WebFetch', source: 'policySettings', file: managed },
        { rule: 'Bash(rm:*)', source: 'projectSettings', file: proj() },
      ],
      ask: [{ rule: 'Bash(git push:*)', source: 'projectSettings', file: proj() }],
    });
    expect(s.defaultMode).toBe('plan');
    expect(s.env).toEqual({ A: 'user', B: 'project', N: '3' });
    expect(s.additionalDirectories).toEqual([path.join(root, 'shared')]);
    expect(s.hooks.PreToolUse).toEqual([{ matcher: 'Bash', hooks: [{ type: 'command', command: 'check.sh' }], source: proj() }]);
    expect(s.hooks.Stop).toEqual([{ hooks: [{ type: 'command', command: 'stop.sh', timeout: 5 }], source: local() }]);
  });

  it('no files: empty settings, no warnings', async () => {
    const s = await loadClaudeSettings({ projectDir: project, env });
    expect(s).toMatchObject({ rules: { allow: [], deny: [], ask: [] }, env: {}, additionalDirectories: [], warnings: [] });
    expect(s.defaultMode).toBeUndefined();
  });

  it('a broken file is one warning with its name and line; bad entries are dropped with warnings; the rest loads', async () => {
    write(user(), '{\n  "permissions": {\n    "allow": ["Bash"],,\n  }\n}\n');
    write(proj(), {
      permissions: { allow: ['Read', 42, 'Bash(npm test'], deny: 'Bash', defaultMode: 'yolo' },
      env: { OK: 'yes', BAD: { nested: true } },
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '' }] }], Nope: [] },
    });
    write(local(), '[1, 2]');
    const s = await loadClaudeSettings({ projectDir: project, env });
    expect(s.rules.allow).toEqual([{ rule: 'Read', source: 'projectSettings', file: proj() }]);
    expect(s.env).toEqual({ OK: 'yes' });
    expect(s.defaultMode).toBeUndefined();
    expect(s.warnings).toEqual([
      expect.stringMatching(new RegExp(`^Settings file ${user().replace(/\./g, '\\.')} is not valid JSON at line 3, column 23 \\([^()]+\\); it was ignored\\.$`)),
      `${proj()}: permissions.allow[1] must be a string (got 42); ignored.`,
      expect.stringMatching(new RegExp(`^${proj().replace(/\./g, '\\.')}: permissions\\.allow\\[2\\] "Bash\\(npm test": .+; ignored\\.$`)),
      `${proj()}: permissions.deny must be an array of rules; ignored.`,
      `${proj()}: permissions.defaultMode "yolo" is not one of default, acceptEdits, plan, bypassPermissions; ignored.`,
      `${proj()}: env.BAD must be a string; ignored.`,
      `Settings file ${local()} must hold a JSON object; it was ignored.`,
      expect.stringContaining(`${proj()}: hooks.PreToolUse[0].hooks[0]`),
      expect.stringContaining(`${proj()}: hooks.Nope: unknown hook event`),
    ]);
  });

  it('disableAllHooks in any file turns every hook off', async () => {
    write(proj(), { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x' }] }] } });
    write(local(), { disableAllHooks: true });
    expect((await loadClaudeSettings({ projectDir: project, env })).hooks.Stop).toEqual([]);
  });
});

describe('json-file', () => {
  it('locates JSON.parse errors by line and column from any V8 message form', () => {
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(parseErrorLocation('Expected \':\' after property name in JSON at position 5', '{"a" 1}')).toEqual({ line: 1, column: 6 });
    expect(parseErrorLocation('Unexpected token in JSON at line 4 column 2', 'x')).toEqual({ line: 4, column: 2 });
    expect(parseErrorLocation('Unexpected end of JSON input', '{\n"a":')).toEqual({ line: 2, column: 5 });
    expect(parseErrorLocation('something else', '{}')).toBeNull();
    // Node 20's V8 names no position for an unexpected token, only the text around it.
    const text = '{\n  "alpha": 1,\n  "beta": }\n';
    let message = '';
    try {
      JSON.parse(text);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(parseErrorLocation(message, text)).toEqual({ line: 3, column: 11 });
  });

  it('missing and empty files are silent; unreadable ones warn', async () => {
    expect(await readJsonFile(path.join(root, 'none.json'))).toEqual({ kind: 'missing' });
    write(path.join(root, 'empty.json'), '  \n');
    expect(await readJsonFile(path.join(root, 'empty.json'))).toEqual({ kind: 'missing' });
    expect(await readJsonFile(root)).toMatchObject({ kind: 'error', warning: expect.stringContaining('is not a regular file') });
  });
});

describe('createProjectSettings', () => {
  it('reloads on every load; a warning is reported once until it goes away and comes back', async () => {
    const seen: string[] = [];
    const ps = createProjectSettings({ env, onWarning: (dir, w) => seen.push(`${dir}: ${w.slice(0, 40)}`) });
    expect(ps.current(project).rules.allow).toEqual([]);
    write(proj(), '{oops');
    await ps.load(project);
    await ps.load(project);
    expect(seen).toHaveLength(1);
    write(proj(), { permissions: { allow: ['Bash'] } });
    expect((await ps.load(project)).rules.allow).toEqual([{ rule: 'Bash', source: 'projectSettings', file: proj() }]);
    expect(ps.current(project).rules.allow).toHaveLength(1);
    write(proj(), '{oops');
    await ps.load(project);
    expect(seen).toHaveLength(2);
  });
});
