// PL4c sources, read from real files: user, project, local, --settings and the managed policy, with
// Claude Code's precedence; the policy cannot be overridden; a broken file warns (file and line) and
// the rest loads; a file changed on disk is seen by the next decision without a restart.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadClaudeSettings, settingsFiles } from '../settings/claude-settings';
import { createProjectSettings } from '../settings/project-settings';
import { evaluateRules } from './evaluate';
import { effectiveMode } from './modes';

let root: string;
let project: string;
let home: string;
let managed: string;
let flag: string;
let env: Record<string, string>;

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-sources-')));
  project = path.join(root, 'project');
  home = path.join(root, 'home');
  managed = path.join(root, 'etc', 'managed-settings.json');
  flag = path.join(root, 'flag.json');
  for (const d of [path.join(project, '.claude'), path.join(home, '.claude'), path.dirname(managed)]) mkdirSync(d, { recursive: true });
  env = { HOME: home, AGENT_DESK_MANAGED_SETTINGS: managed };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const write = (file: string, json: unknown) => writeFileSync(file, typeof json === 'string' ? json : JSON.stringify(json, null, 2));
const files = {
  user: () => path.join(home, '.claude', 'settings.json'),
  project: () => path.join(project, '.claude', 'settings.json'),
  local: () => path.join(project, '.claude', 'settings.local.json'),
};
const paths = () => ({ cwd: project, projectDir: project, home });
const decide = async (command: string) => {
  const s = await loadClaudeSettings({ projectDir: project, env, flagFile: flag });
  return evaluateRules('Bash', { command }, s.rules, { paths: paths() });
};

describe('PL4c settings sources and precedence', () => {
  it('the managed policy is found at the platform path (overridable for tests), --settings sits between local and policy', () => {
    expect(settingsFiles('/p', { HOME: '/h' }, 'linux', '/x/flag.json').map((f) => `${f.source} ${f.file}`)).toEqual([
      'userSettings /h/.claude/settings.json',
      'projectSettings /p/.claude/settings.json',
      'localSettings /p/.claude/settings.local.json',
      'flagSettings /x/flag.json',
      'policySettings /etc/claude-code/managed-settings.json',
    ]);
    expect(settingsFiles('/p', {}, 'win32').at(-1)!.file).toBe('C:\\ProgramData\\ClaudeCode\\managed-settings.json');
  });

  const cases: Array<[behaviour: string, setup: () => void, command: string, expected: { behavior: string; source: string } | null]> = [
    ['user settings apply in every project', () => write(files.user(), { permissions: { allow: ['Bash(ls)'] } }), 'ls', { behavior: 'allow', source: 'userSettings' }],
    ['project settings apply', () => write(files.project(), { permissions: { allow: ['Bash(ls)'] } }), 'ls', { behavior: 'allow', source: 'projectSettings' }],
    ['local settings apply', () => write(files.local(), { permissions: { allow: ['Bash(ls)'] } }), 'ls', { behavior: 'allow', source: 'localSettings' }],
    ['--settings applies (flagSettings)', () => write(flag, { permissions: { allow: ['Bash(ls)'] } }), 'ls', { behavior: 'allow', source: 'flagSettings' }],
    ['the managed policy applies', () => write(managed, { permissions: { allow: ['Bash(ls)'] } }), 'ls', { behavior: 'allow', source: 'policySettings' }],
    [
      'a user deny beats a policy allow (deny beats allow across all sources)',
      () => (write(managed, { permissions: { allow: ['Bash(ls:*)'] } }), write(files.user(), { permissions: { deny: ['Bash(ls -la)'] } })),
      'ls -la',
      { behavior: 'deny', source: 'userSettings' },
    ],
    [
      'a policy deny cannot be overridden by any allow',
      () => (
        write(managed, { permissions: { deny: ['Bash(curl:*)'] } }),
        write(files.local(), { permissions: { allow: ['Bash(curl example.com)'] } }),
        write(flag, { permissions: { allow: ['Bash'] } })
      ),
      'curl example.com',
      { behavior: 'deny', source: 'policySettings' },
    ],
    [
      'an ask anywhere beats an allow anywhere',
      () => (write(files.project(), { permissions: { ask: ['Bash(git push:*)'] } }), write(files.local(), { permissions: { allow: ['Bash(git push origin main)'] } })),
      'git push origin main',
      { behavior: 'ask', source: 'projectSettings' },
    ],
    [
      'when two allow rules match, the stronger source is named',
      () => (write(files.user(), { permissions: { allow: ['Bash(ls)'] } }), write(files.local(), { permissions: { allow: ['Bash(ls)'] } })),
      'ls',
      { behavior: 'allow', source: 'localSettings' },
    ],
    [
      "the policy's allowManagedPermissionRulesOnly drops everyone else's allow rules",
      () => (write(managed, { allowManagedPermissionRulesOnly: true, permissions: { allow: ['Bash(npm ci)'] } }), write(files.project(), { permissions: { allow: ['Bash(ls)'] } })),
      'ls',
      null,
    ],
    [
      'allowManagedPermissionRulesOnly means nothing outside the policy',
      () => write(files.project(), { allowManagedPermissionRulesOnly: true, permissions: { allow: ['Bash(ls)'] } }),
      'ls',
      { behavior: 'allow', source: 'projectSettings' },
    ],
  ];
  it.each(cases)('%s', async (_why, setup, command, expected) => {
    setup();
    const hit = await decide(command);
    if (expected === null) expect(hit).toBeNull();
    else expect(hit).toMatchObject(expected);
  });

  it('each rule carries the file it came from', async () => {
    write(files.project(), { permissions: { deny: ['Bash(rm:*)'] } });
    expect(await decide('rm x')).toEqual({ behavior: 'deny', rule: 'Bash(rm:*)', source: 'projectSettings', file: files.project() });
  });

  it('the policy wins for single values: defaultMode; and disableBypassPermissionsMode refuses bypass from any file', async () => {
    write(files.local(), { permissions: { defaultMode: 'bypassPermissions' } });
    write(managed, { permissions: { defaultMode: 'default', disableBypassPermissionsMode: 'disable' } });
    const s = await loadClaudeSettings({ projectDir: project, env });
    expect(s.defaultMode).toBe('default');
    expect(s.bypassDisabled).toBe(true);
    expect(effectiveMode('bypassPermissions', s.bypassDisabled === true)).toEqual({ mode: 'default', refused: expect.stringContaining('disabled by policy') });
    expect(effectiveMode('acceptEdits', true)).toEqual({ mode: 'acceptEdits' });
  });

  it('a broken file warns with its name and line; every other file still loads', async () => {
    write(files.project(), '{\n  "permissions": {\n    "allow": ["Bash(ls)"]\n    "deny": []\n  }\n}\n');
    write(files.local(), { permissions: { allow: ['Bash(pwd)'] } });
    write(managed, { permissions: { deny: ['Bash(rm:*)'] } });
    const s = await loadClaudeSettings({ projectDir: project, env });
    expect(s.warnings).toEqual([expect.stringMatching(new RegExp(`^Settings file ${files.project().replace(/[.]/g, '\\.')} is not valid JSON at line 4, column \\d+`))]);
    expect(s.rules.allow.map((r) => r.rule)).toEqual(['Bash(pwd)']);
    expect(s.rules.deny.map((r) => r.rule)).toEqual(['Bash(rm:*)']);
    expect(s.sources?.find((x) => x.source === 'projectSettings')).toMatchObject({ exists: true, warnings: [expect.stringContaining('line 4')] });
  });

  it('a file rule whose path pattern cannot compile is a warning, not a rule that silently matches nothing', async () => {
    write(files.project(), { permissions: { deny: ['Read([abc)', 'Read(./ok)'] } });
    const s = await loadClaudeSettings({ projectDir: project, env });
    expect(s.rules.deny.map((r) => r.rule)).toEqual(['Read(./ok)']);
    expect(s.warnings).toEqual([expect.stringMatching(/permissions\.deny\[0\] "Read\(\[abc\)": not a valid path pattern \(.*unclosed.*\); ignored\.$/)]);
  });
});

/** Settings files are looked at once per event-loop turn (project-settings.ts): a change shows from the next. */
const nextTurn = () => new Promise<void>((r) => setImmediate(r));

describe('settings files are watched: a change is seen by the next decision, without a restart', () => {
  it('current() re-reads a file whose contents changed, and keeps the snapshot otherwise', async () => {
    const warnings: string[] = [];
    const ps = createProjectSettings({ env, onWarning: (_d, w) => warnings.push(w) });
    write(files.project(), { permissions: { allow: ['Bash(ls)'] } });
    await nextTurn();
    await ps.load(project);
    const first = ps.current(project);
    expect(ps.current(project)).toBe(first);
    write(files.local(), { permissions: { deny: ['Bash(ls)'] } });
    await nextTurn();
    const second = ps.current(project);
    expect(second).not.toBe(first);
    expect(evaluateRules('Bash', { command: 'ls' }, second.rules, { paths: paths() })).toMatchObject({ behavior: 'deny', source: 'localSettings' });
    // Broken mid-edit: one warning naming the file, the other files still apply.
    write(files.local(), '{ "permissions": ');
    await nextTurn();
    const third = ps.current(project);
    expect(third.rules.allow.map((r) => r.rule)).toEqual(['Bash(ls)']);
    expect(warnings).toEqual([expect.stringContaining(files.local())]);
    expect(ps.current(project)).toBe(third);
    expect(warnings).toHaveLength(1);
    // Fixed: the rule is back; deleted: it is gone.
    write(files.local(), { permissions: { ask: ['Bash(ls)'] } });
    await nextTurn();
    expect(evaluateRules('Bash', { command: 'ls' }, ps.current(project).rules, { paths: paths() })?.behavior).toBe('ask');
    rmSync(files.local());
    await nextTurn();
    expect(evaluateRules('Bash', { command: 'ls' }, ps.current(project).rules, { paths: paths() })?.behavior).toBe('allow');
  });

  it('the decisions of one event-loop turn share one look at the files; the next turn looks again', async () => {
    const ps = createProjectSettings({ env });
    write(files.project(), { permissions: { allow: ['Bash(ls)'] } });
    await ps.load(project);
    const first = ps.current(project);
    write(files.local(), { permissions: { deny: ['Bash(ls)'] } });
    // Same turn: a burst of tool calls deciding together does not stat every file for each of them.
    expect(ps.current(project)).toBe(first);
    await nextTurn();
    expect(ps.current(project).rules.deny.map((r) => r.rule)).toEqual(['Bash(ls)']);
  });

  it('the managed policy and the --settings file are watched too', async () => {
    const ps = createProjectSettings({ env, flagFile: flag });
    await ps.load(project);
    write(managed, { permissions: { deny: ['Bash(ls)'] } });
    await nextTurn();
    expect(ps.current(project).rules.deny).toEqual([{ rule: 'Bash(ls)', source: 'policySettings', file: managed }]);
    write(flag, { permissions: { ask: ['Bash(pwd)'] } });
    await nextTurn();
    expect(ps.current(project).rules.ask).toEqual([{ rule: 'Bash(pwd)', source: 'flagSettings', file: flag }]);
    expect(ps.files(project)).toEqual([files.user(), files.project(), files.local(), flag, managed]);
  });
});
