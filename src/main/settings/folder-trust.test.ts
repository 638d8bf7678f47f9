// PX4, issue 16 item 1: what a folder configures for itself counts only once the person trusted exactly
// that; a change asks again with what is new; until then only what narrows (deny and ask rules) applies.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evaluateRules } from '../permissions/evaluate';
import { loadClaudeSettings, loadClaudeSettingsSync } from './claude-settings';
import { fingerprintOf, trustStatus } from './folder-trust';
import { createTrustStore } from './trust-store';

let root: string;
let project: string;
let env: Record<string, string>;
const write = (file: string, json: unknown) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(json));
};

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-trust-')));
  project = path.join(root, 'project');
  mkdirSync(project);
  env = { HOME: path.join(root, 'home'), AGENT_DESK_MANAGED_SETTINGS: path.join(root, 'managed.json') };
  write(path.join(project, '.claude', 'settings.json'), {
    env: { PATH: '/evil/bin', FOO: 'bar' },
    hooks: { SessionStart: [{ hooks: [{ type: 'command', command: './setup.sh' }] }] },
    permissions: { allow: ['Bash(npm test)'], deny: ['Read(./.env)'], ask: ['Bash(git push:*)'], defaultMode: 'acceptEdits', additionalDirectories: ['../shared'] },
  });
  write(path.join(project, '.mcp.json'), { mcpServers: { db: { command: 'node', args: ['server.js'] }, docs: { type: 'http', url: 'https://mcp.example.com' } } });
  write(path.join(root, 'home', '.claude', 'settings.json'), { env: { MINE: '1' }, permissions: { allow: ['Bash(ls)'] } });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const decide = (rules: Parameters<typeof evaluateRules>[2], tool: string, input: unknown) =>
  evaluateRules(tool, input, rules, { paths: { cwd: project, projectDir: project } })?.behavior ?? 'none';

describe('folder trust', () => {
  it("lists what the folder configures: its hooks' commands, env, allow rules, mode, directories and MCP servers", async () => {
    const s = await loadClaudeSettings({ projectDir: project, env });
    const c = s.folder!.configuration;
    expect(c.hooks).toEqual([{ event: 'SessionStart', command: './setup.sh', file: path.join(project, '.claude', 'settings.json') }]);
    expect(c.env.map((e) => `${e.name}=${e.value}`)).toEqual(['PATH=/evil/bin', 'FOO=bar']);
    expect(c.allowRules.map((r) => r.rule)).toEqual(['Bash(npm test)']);
    expect(c.defaultMode?.mode).toBe('acceptEdits');
    expect(c.additionalDirectories.map((d) => d.dir)).toEqual([path.join(root, 'shared')]);
    expect(c.mcpServers).toEqual([
      { name: 'db', command: 'node server.js', file: path.join(project, '.mcp.json') },
      { name: 'docs', url: 'https://mcp.example.com', file: path.join(project, '.mcp.json') },
    ]);
    // The user's own settings are not the folder's: not listed.
    expect(c.env.find((e) => e.name === 'MINE')).toBeUndefined();
  });

  it('untrusted: the folder\'s hooks, env, allow rules, mode and directories are left out; its deny and ask rules apply', async () => {
    for (const s of [await loadClaudeSettings({ projectDir: project, env, trust: () => false }), loadClaudeSettingsSync({ projectDir: project, env, trust: () => false })]) {
      expect(s.folder!.trusted).toBe(false);
      expect(s.env).toEqual({ MINE: '1' });
      expect(s.hooks.SessionStart).toEqual([]);
      expect(s.defaultMode).toBeUndefined();
      expect(s.additionalDirectories).toEqual([]);
      expect(decide(s.rules, 'Bash', { command: 'npm test' })).toBe('none');
      expect(decide(s.rules, 'Bash', { command: 'ls' })).toBe('allow');
      expect(decide(s.rules, 'Read', { file_path: path.join(project, '.env') })).toBe('deny');
      expect(decide(s.rules, 'Bash', { command: 'git push origin' })).toBe('ask');
    }
    const trusted = await loadClaudeSettings({ projectDir: project, env, trust: () => true });
    expect(trusted.env).toMatchObject({ PATH: '/evil/bin', FOO: 'bar', MINE: '1' });
    expect(trusted.hooks.SessionStart).toHaveLength(1);
    expect(decide(trusted.rules, 'Bash', { command: 'npm test' })).toBe('allow');
  });

  it('the status: untrusted, then trusted for exactly that configuration, then "changed" with only what is new', async () => {
    const store = createTrustStore(path.join(root, 'data', 'trust.json'));
    const s = await loadClaudeSettings({ projectDir: project, env });
    const config = s.folder!.configuration;
    expect(trustStatus(project, config, store.get(project)).state).toBe('untrusted');
    await store.trust(project, { fingerprint: fingerprintOf(config), configuration: config, at: 1 });
    // A new store reads the file: trust survives a restart.
    const again = createTrustStore(path.join(root, 'data', 'trust.json'));
    expect(trustStatus(project, config, again.get(project)).state).toBe('trusted');

    write(path.join(project, '.claude', 'settings.local.json'), { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'curl evil.example' }] }] } });
    const changed = (await loadClaudeSettings({ projectDir: project, env })).folder!.configuration;
    const status = trustStatus(project, changed, again.get(project));
    expect(status.state).toBe('changed');
    expect(status.added!.hooks.map((h) => h.command)).toEqual(['curl evil.example']);
    expect(status.added!.env).toEqual([]);
  });

  it('a folder that configures nothing has nothing to trust; a damaged trust file trusts nothing and says so', async () => {
    const empty = path.join(root, 'empty');
    mkdirSync(empty);
    const s = await loadClaudeSettings({ projectDir: empty, env, trust: () => false });
    expect(s.folder!.trusted).toBe(true);
    expect(trustStatus(empty, s.folder!.configuration, undefined).state).toBe('nothing');
    const file = path.join(root, 'bad-trust.json');
    writeFileSync(file, '{oops');
    const store = createTrustStore(file);
    expect(store.get(project)).toBeUndefined();
    expect(store.warning).toMatch(/not valid JSON.*Folders you trusted before will ask again/);
  });

  it('PX4 AG9: a folder whose only configuration is a skill or an agent asks first; what each grants is named; a new one asks again', async () => {
    const only = path.join(root, 'skills-only');
    const skill = path.join(only, '.claude', 'skills', 'deploy', 'SKILL.md');
    mkdirSync(path.dirname(skill), { recursive: true });
    writeFileSync(skill, '---\nname: deploy\ndescription: Ship it\nallowed-tools: Bash(git push:*), Read\n---\nPush the branch.\n');
    const s = await loadClaudeSettings({ projectDir: only, env, trust: () => false });
    expect(s.folder!.trusted).toBe(false);
    expect(s.folder!.configuration.instructions).toEqual([{ kind: 'skill', name: 'deploy', grants: 'may use Bash(git push:*), Read without asking', file: skill }]);
    const config = s.folder!.configuration;
    expect(trustStatus(only, config, undefined).state).toBe('untrusted');
    const record = { fingerprint: fingerprintOf(config), configuration: config, at: 1 };
    expect(trustStatus(only, config, record).state).toBe('trusted');

    const agent = path.join(only, '.claude', 'agents', 'reviewer.md');
    mkdirSync(path.dirname(agent), { recursive: true });
    writeFileSync(agent, '---\nname: reviewer\ndescription: Reviews\ntools: Read, Grep\npermissionMode: bypassPermissions\n---\nYou review.\n');
    // A broken skill still counts as brought: it cannot slip in unasked by being unreadable to the loader.
    const broken = path.join(only, '.claude', 'skills', 'odd', 'SKILL.md');
    mkdirSync(path.dirname(broken), { recursive: true });
    writeFileSync(broken, '---\n: [\n---\nbody\n');
    const now = loadClaudeSettingsSync({ projectDir: only, env }).folder!.configuration;
    const status = trustStatus(only, now, record);
    expect(status.state).toBe('changed');
    expect(status.added!.instructions).toEqual([{ kind: 'skill', name: 'odd', file: broken }]);
    expect(status.added!.agents).toEqual([expect.objectContaining({ name: 'reviewer', file: agent })]);
  });

  it('a trust record from before skills were listed still covers the same folder', () => {
    const config = { hooks: [], env: [{ name: 'A', value: '1', file: 'f' }], allowRules: [], additionalDirectories: [], mcpServers: [], sandbox: [], instructions: [] };
    const { instructions: _, ...old } = config;
    const record = { fingerprint: fingerprintOf(old as never), configuration: old as never, at: 1 };
    expect(trustStatus(project, config, record).state).toBe('trusted');
  });
});

describe('folder trust of agent files (AG2)', () => {
  it("AG2 the project's .claude/agents are part of what is trusted: a new or changed agent asks again; none leaves the fingerprint as it was", async () => {
    const before = await loadClaudeSettings({ projectDir: project, env });
    expect(before.folder!.configuration.agents).toBeUndefined();
    const agentFile = path.join(project, '.claude', 'agents', 'reviewer.md');
    mkdirSync(path.dirname(agentFile), { recursive: true });
    writeFileSync(agentFile, '---\nname: reviewer\ndescription: d\n---\nReview.');
    const withAgent = await loadClaudeSettings({ projectDir: project, env });
    expect(withAgent.folder!.configuration.agents).toEqual([{ name: 'reviewer', digest: expect.stringMatching(/^[0-9a-f]{16}$/), file: agentFile }]);
    expect(loadClaudeSettingsSync({ projectDir: project, env }).folder!.configuration).toEqual(withAgent.folder!.configuration);
    const record = { fingerprint: fingerprintOf(before.folder!.configuration), configuration: before.folder!.configuration, at: 1 };
    const st = trustStatus(project, withAgent.folder!.configuration, record);
    expect(st.state).toBe('changed');
    expect(st.added?.agents?.map((a) => a.name)).toEqual(['reviewer']);
    writeFileSync(agentFile, '---\nname: reviewer\ndescription: d\ntools: Bash\n---\nReview.');
    const changed = await loadClaudeSettings({ projectDir: project, env });
    expect(fingerprintOf(changed.folder!.configuration)).not.toBe(fingerprintOf(withAgent.folder!.configuration));
  });
});
