// The rule workbench's channels end to end through the dispatcher (DK2): permissions:list, add, remove,
// update, test and recent, backed by real settings files and session transcripts in temp folders.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RuleListing } from '../../shared/permissions/rule-store';
import { createHandlers } from '../app/handlers';
import { createLogger } from '../base/log';
import type { AuthService, HostPort, SessionService } from '../app/ports';
import { createDispatcher, type Dispatcher } from '../ipc/dispatch';
import { createSessionStore } from '../sessions/store';
import { createProjectSettings, type ProjectSettings } from '../settings/project-settings';
import { evaluateRules } from '../permissions/evaluate';
import { createPermissionService } from './rules-service';

let root: string;
let project: string;
let home: string;
let managed: string;
let dispatcher: Dispatcher;
let settings: ProjectSettings;

const ctx = () => ({ host: 'web' as const, clientId: 'c1', projectDir: project });
const invoke = async (channel: string, payload: unknown) => dispatcher.invoke(channel, payload, ctx());
const value = async <T>(channel: string, payload: unknown): Promise<T> => {
  const r = await invoke(channel, payload);
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.value as T;
};

beforeEach(async () => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-perm-service-')));
  project = path.join(root, 'project');
  home = path.join(root, 'home');
  managed = path.join(root, 'managed.json');
  mkdirSync(path.join(project, '.claude'), { recursive: true });
  mkdirSync(home, { recursive: true });
  const env = { HOME: home, AGENT_DESK_MANAGED_SETTINGS: managed };
  const dataDir = path.join(root, 'data');
  const store = createSessionStore({ dataDir });
  await store.append(project, 'sess-old', {
    meta: { type: 'meta', version: 1, id: 'sess-old', projectDir: project, createdAt: 1, title: 'old' },
    messages: [{ id: 'm1', role: 'assistant', createdAt: 10, content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'npm test' } }] }],
  });
  await store.append(project, 'sess-new', {
    meta: { type: 'meta', version: 1, id: 'sess-new', projectDir: project, createdAt: 2, title: 'new' },
    messages: [
      {
        id: 'm2',
        role: 'assistant',
        createdAt: 20,
        content: [
          { type: 'tool_use', id: 't2', name: 'Bash', input: { command: 'npm run lint' } },
          { type: 'tool_use', id: 't3', name: 'Read', input: { file_path: '/x' } },
          { type: 'tool_use', id: 't4', name: 'Bash', input: { command: 'npm test && rm -rf dist' } },
          { type: 'tool_use', id: 't5', name: 'Bash', input: { command: 'npm test' } },
        ],
      },
    ],
  });
  settings = createProjectSettings({ env });
  const permissions = createPermissionService({ settings, env, store, cliRules: () => ({ allow: [{ rule: 'Bash(ls)', source: 'cliArg' }], deny: [], ask: [] }) });
  const handlers = createHandlers({
    sessions: {} as SessionService,
    auth: {} as AuthService,
    host: { kind: 'web', version: 't', recentProjects: () => [] } as HostPort,
    log: createLogger({ level: 'silent' }),
    permissions,
  });
  dispatcher = createDispatcher({ ...handlers, log: createLogger({ level: 'silent' }) });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('permissions:* channels (rule workbench API)', () => {
  it('list: every source strongest first, with its file, writability and warnings', async () => {
    writeFileSync(managed, JSON.stringify({ permissions: { deny: ['WebFetch'], disableBypassPermissionsMode: 'disable' } }));
    writeFileSync(path.join(project, '.claude', 'settings.json'), '{ "permissions": { "allow": ["Read"], } }');
    const l = await value<RuleListing>('permissions:list', {});
    expect(l.sources.map((s) => [s.source, s.writable, s.exists])).toEqual([
      ['policySettings', false, true],
      ['cliArg', false, true],
      ['localSettings', true, false],
      ['projectSettings', true, true],
      ['userSettings', true, false],
    ]);
    expect(l.sources[0]).toMatchObject({ file: managed, deny: ['WebFetch'], label: 'Managed policy' });
    expect(l.sources[1]).toMatchObject({ file: null, allow: ['Bash(ls)'] });
    expect(l.sources[3]!.warnings).toEqual([expect.stringContaining('line 1')]);
    expect(l.bypassDisabled).toBe(true);
    // No package.json: no test commands are known (the preset falls back to the usual ones).
    expect(l.testCommands).toBeUndefined();
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ scripts: { test: 'vitest', 'test:e2e': 'playwright test' } }));
    expect((await value<RuleListing>('permissions:list', {})).testCommands).toEqual(['npm test', 'npm run test:e2e']);
  });

  it('issue 19 list: the registered tools by every name and alias with their kind, for the rule box', async () => {
    const { tools } = await value<RuleListing>('permissions:list', {});
    const names = ['AskUserQuestion', 'EnterPlanMode', 'ExitPlanMode', 'EnterWorktree', 'ExitWorktree', 'SendUserMessage', 'Brief', 'Config', 'TodoWrite', 'ToolSearch', 'Skill', 'Agent', 'Task', 'TaskOutput', 'TaskStop', 'KillShell'];
    expect(tools!.map((t) => t.name)).toEqual(expect.arrayContaining(names));
    expect(tools).toEqual(expect.arrayContaining([
      { name: 'Config', kind: 'other' },
      { name: 'AskUserQuestion', kind: 'other' },
      { name: 'Edit', kind: 'edit' },
      { name: 'SendUserMessage', kind: 'other' },
      { name: 'Brief', kind: 'other' },
      { name: 'KillShell', kind: expect.any(String) },
    ]));
  });

  it('add / update / remove write the chosen file, and the next decision sees it', async () => {
    await settings.load(project);
    const added = await value<RuleListing>('permissions:add', { source: 'localSettings', behavior: 'allow', rule: 'Bash(npm test)' });
    expect(added.sources.find((s) => s.source === 'localSettings')).toMatchObject({ exists: true, allow: ['Bash(npm test)'] });
    const local = path.join(project, '.claude', 'settings.local.json');
    expect(JSON.parse(readFileSync(local, 'utf8'))).toEqual({ permissions: { allow: ['Bash(npm test)'] } });
    expect(evaluateRules('Bash', { command: 'npm test' }, settings.current(project).rules)).toMatchObject({ behavior: 'allow', source: 'localSettings', file: local });

    await value('permissions:update', { source: 'localSettings', behavior: 'allow', rule: 'Bash(npm test)', newRule: 'Bash(npm test:*)', newBehavior: 'ask' });
    expect(JSON.parse(readFileSync(local, 'utf8')).permissions).toEqual({ allow: [], ask: ['Bash(npm test:*)'] });
    await value('permissions:remove', { source: 'localSettings', behavior: 'ask', rule: 'Bash(npm test:*)' });
    expect(evaluateRules('Bash', { command: 'npm test' }, settings.current(project).rules)).toBeNull();

    await value('permissions:add', { source: 'userSettings', behavior: 'deny', rule: 'Read(~/.ssh/**)' });
    expect(JSON.parse(readFileSync(path.join(home, '.claude', 'settings.json'), 'utf8'))).toEqual({ permissions: { deny: ['Read(~/.ssh/**)'] } });
  });

  it('edits fail with typed errors: a bad rule, a missing rule, a broken file, a read-only source', async () => {
    expect(await invoke('permissions:add', { source: 'localSettings', behavior: 'allow', rule: 'Bash(oops' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await invoke('permissions:remove', { source: 'projectSettings', behavior: 'allow', rule: 'Bash(x)' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    writeFileSync(path.join(project, '.claude', 'settings.json'), '{oops');
    expect(await invoke('permissions:add', { source: 'projectSettings', behavior: 'allow', rule: 'Read' })).toMatchObject({
      ok: false,
      error: { code: 'unsupported', message: expect.stringContaining('not valid JSON') },
    });
    expect(readFileSync(path.join(project, '.claude', 'settings.json'), 'utf8')).toBe('{oops');
    expect(await invoke('permissions:add', { source: 'policySettings', behavior: 'allow', rule: 'Read' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await dispatcher.invoke('permissions:list', {}, { ...ctx(), projectDir: null })).toMatchObject({ ok: false, error: { code: 'no_project' } });
  });

  it('test: match / no match in plain words, before the rule is saved', async () => {
    expect(await value('permissions:test', { rule: 'Bash(npm test:*)', input: { command: 'npm test -- --watch' } })).toMatchObject({
      matches: true,
      text: '`Bash(npm test:*)` would allow `npm test -- --watch`.',
      explanation: { decision: 'allow', reason: { kind: 'rule' } },
    });
    expect(await value('permissions:test', { rule: 'Bash(npm test:*)', input: 'npm test && rm -rf /' })).toMatchObject({
      matches: false,
      text: expect.stringContaining('never covers a line that chains commands'),
    });
    expect(await value('permissions:test', { rule: 'Bash(npm test:*)', behavior: 'deny', input: 'npm test && rm -rf /' })).toMatchObject({ matches: true });
    expect(await value('permissions:test', { rule: 'Edit(/src/**)', tool: 'Write', input: path.join(project, 'src/a.ts') })).toMatchObject({ matches: true, text: '`Edit(/src/**)` would allow writing src/a.ts.' });
    expect(await value('permissions:test', { rule: 'WebFetch(domain:example.com)', input: 'https://api.example.com' })).toMatchObject({ matches: false });
    expect(await value('permissions:test', { rule: 'Bash(oops', input: 'x' })).toMatchObject({ matches: false, error: expect.any(String) });
  });

  it("recent: this project's recent Bash commands, newest first, once each, marked by the rule", async () => {
    const r = await value<{ commands: Array<{ command: string; matches: boolean; sessionId: string }>; matched: number }>('permissions:recent', { rule: 'Bash(npm test:*)' });
    expect(r.commands.map((c) => [c.command, c.matches, c.sessionId])).toEqual([
      ['npm test', true, 'sess-new'],
      ['npm test && rm -rf dist', false, 'sess-new'],
      ['npm run lint', false, 'sess-new'],
    ]);
    expect(r.matched).toBe(1);
    expect((await value<{ commands: unknown[] }>('permissions:recent', { rule: 'Bash(npm:*)', limit: 1 })).commands).toHaveLength(1);
    expect(await value('permissions:recent', { rule: 'Bash(' })).toMatchObject({ commands: [], error: expect.any(String) });
  });

  it('without a PermissionService (a host that has none) the channels answer unsupported', async () => {
    const h = createHandlers({ sessions: {} as SessionService, auth: {} as AuthService, host: {} as HostPort, log: createLogger({ level: 'silent' }) });
    const d = createDispatcher({ ...h, log: createLogger({ level: 'silent' }) });
    expect(await d.invoke('permissions:list', {}, ctx())).toMatchObject({ ok: false, error: { code: 'unsupported' } });
  });
});
