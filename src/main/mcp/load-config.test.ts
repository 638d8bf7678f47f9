import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { approvalFrom, loadMcpConfig, projectServerBlock } from './load-config';

let root: string;
let home: string;
let project: string;
let env: Record<string, string>;
const write = (file: string, value: unknown) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'mcp-config-'));
  home = path.join(root, 'home');
  project = path.join(root, 'project');
  mkdirSync(project, { recursive: true });
  env = { HOME: home, AGENT_DESK_MANAGED_SETTINGS: path.join(root, 'etc', 'managed-settings.json') };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const names = (r: { servers: Array<{ name: string; scope: string; disabledReason?: string }> }) => r.servers.map((s) => `${s.name}:${s.scope}${s.disabledReason ? ':off' : ''}`);

describe('loadMcpConfig (MC5: scopes)', () => {
  it('reads user and local scope from ~/.claude.json and the project .mcp.json; local > project > user', async () => {
    write(path.join(home, '.claude.json'), {
      mcpServers: { shared: { command: 'user-version' }, u: { command: 'u' } },
      projects: { [project]: { mcpServers: { shared: { command: 'local-version' }, l: { command: 'l' } } } },
    });
    write(path.join(project, '.mcp.json'), { mcpServers: { shared: { command: 'project-version' }, p: { command: 'p' } } });
    const r = await loadMcpConfig({ projectDir: project, env, trusted: true });
    expect(r.warnings).toEqual([]);
    expect(names(r)).toEqual(['shared:local', 'l:local', 'p:project', 'u:user']);
    expect(r.servers[0]!.config).toMatchObject({ command: 'local-version' });
  });

  it("an untrusted folder's servers are listed but do not start (PX4)", async () => {
    write(path.join(project, '.mcp.json'), { mcpServers: { p: { command: 'p' } } });
    const r = await loadMcpConfig({ projectDir: project, env, trusted: false });
    expect(names(r)).toEqual(['p:project:off']);
    expect(r.servers[0]!.disabledReason).toMatch(/not trusted/);
  });

  it('disabledMcpjsonServers and enabledMcpjsonServers in settings choose which project servers start', async () => {
    write(path.join(project, '.mcp.json'), { mcpServers: { a: { command: 'a' }, b: { command: 'b' }, c: { command: 'c' } } });
    write(path.join(project, '.claude', 'settings.local.json'), { enabledMcpjsonServers: ['a', 'b'], disabledMcpjsonServers: ['b'] });
    expect(names(await loadMcpConfig({ projectDir: project, env, trusted: true }))).toEqual(['a:project', 'b:project:off', 'c:project:off']);
    write(path.join(home, '.claude', 'settings.json'), { enableAllProjectMcpServers: true });
    expect(names(await loadMcpConfig({ projectDir: project, env, trusted: true }))).toEqual(['a:project', 'b:project:off', 'c:project']);
  });

  it('a broken file is one warning naming it; the other scopes still load', async () => {
    write(path.join(project, '.mcp.json'), '{"mcpServers": {');
    write(path.join(home, '.claude.json'), { mcpServers: { u: { command: 'u' } } });
    const r = await loadMcpConfig({ projectDir: project, env, trusted: true });
    expect(names(r)).toEqual(['u:user']);
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toContain(path.join(project, '.mcp.json'));
  });

  it('--mcp-config takes files and JSON strings (dynamic, above the others); --strict-mcp-config keeps only them', async () => {
    write(path.join(home, '.claude.json'), { mcpServers: { u: { command: 'u' }, d: { command: 'user-d' } } });
    write(path.join(project, 'extra.json'), { mcpServers: { d: { command: 'file-d' } } });
    const extraConfigs = ['extra.json', '{"mcpServers": {"j": {"type": "http", "url": "http://127.0.0.1:1/mcp"}}}'];
    expect(names(await loadMcpConfig({ projectDir: project, env, trusted: true, extraConfigs }))).toEqual(['d:dynamic', 'j:dynamic', 'u:user']);
    expect(names(await loadMcpConfig({ projectDir: project, env, trusted: true, extraConfigs, strict: true }))).toEqual(['d:dynamic', 'j:dynamic']);
    const missing = await loadMcpConfig({ projectDir: project, env, trusted: true, extraConfigs: ['nope.json'], strict: true });
    expect(missing.warnings).toEqual([`--mcp-config ${path.join(project, 'nope.json')}: no such file.`]);
  });

  it('managed-mcp.json next to the managed settings takes exclusive control', async () => {
    write(path.join(root, 'etc', 'managed-mcp.json'), { mcpServers: { corp: { type: 'http', url: 'https://corp/mcp' } } });
    write(path.join(home, '.claude.json'), { mcpServers: { u: { command: 'u' } } });
    expect(names(await loadMcpConfig({ projectDir: project, env, trusted: true, extraConfigs: ['{"mcpServers":{"x":{"command":"x"}}}'] }))).toEqual(['corp:managed']);
  });
});

describe('project server approval (MC5)', () => {
  it.each([
    ['untrusted', false, {}, /not trusted/],
    ['trusted, no settings', true, {}, undefined],
    ['disabled wins over enableAll', true, { enableAllProjectMcpServers: true, disabledMcpjsonServers: ['s'] }, /disabledMcpjsonServers/],
    ['an enabled list leaves others out', true, { enabledMcpjsonServers: ['other'] }, /enabledMcpjsonServers/],
    ['enableAll overrides the list', true, { enableAllProjectMcpServers: true, enabledMcpjsonServers: ['other'] }, undefined],
  ])('%s', (_n, trusted, settings, expected) => {
    const block = projectServerBlock('s', trusted, approvalFrom([settings]));
    if (expected === undefined) expect(block).toBeUndefined();
    else expect(block).toMatch(expected);
  });
});
