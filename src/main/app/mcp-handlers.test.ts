// The MCP channels through the dispatcher, as a host calls them (issue 17 items 5, 6): the list with
// state, tool count and token estimate; turn off / on; reconnect; load-when-needed; the review of a
// changed tool; bad input and unknown names as typed errors.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { McpServerInfo } from '../../shared/mcp';
import { createLogger } from '../base/log';
import type { HandlerContext } from '../ipc/context';
import { createDispatcher, type InvokeHandlers, type SendHandlers } from '../ipc/dispatch';
import { createFakeServer } from '../mcp/fake-server';
import { createMcpHub, type McpHub } from '../mcp/hub';
import { createMcpHandlers } from './mcp-handlers';

const log = createLogger({ level: 'silent' });
let home: string;
let hub: McpHub;
beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-mcp-h-'));
});
afterEach(async () => {
  await hub?.dispose();
  await rm(home, { recursive: true, force: true });
});

function setup(server = createFakeServer()) {
  hub = createMcpHub({ env: { HOME: home }, log, trusted: () => true, stateFile: path.join(home, 'mcp-projects.json'), manager: { sdkServers: { team: server.connect } } });
  const handlers = createMcpHandlers({ mcp: hub, requireProject: (ctx) => ctx.projectDir! });
  const dispatcher = createDispatcher({ invoke: handlers as unknown as InvokeHandlers, send: {} as SendHandlers, log });
  const ctx: HandlerContext = { host: 'web', clientId: 'ws-1', projectDir: home };
  const invoke = (channel: string, payload: unknown) => dispatcher.invoke(channel as never, payload, ctx);
  const servers = async (channel: string, payload: unknown) => {
    const r = await invoke(channel, payload);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    return (r.value as { servers: McpServerInfo[] }).servers;
  };
  return { server, invoke, servers };
}

describe('MCP channels (issue 17 items 5, 6)', () => {
  it('issue 17 item 6: mcp:list names each server with scope, transport, state, tool count and about-tokens', async () => {
    const { servers } = setup();
    await servers('mcp:list', {});
    await hub.forProject(home).ready();
    const [team] = await servers('mcp:list', {});
    expect(team).toMatchObject({ name: 'team', scope: 'dynamic', transport: 'sdk', state: 'connected', toolCount: 2, deferred: false, changedTools: [], file: 'in-process' });
    expect(team!.tokens).toBeGreaterThan(10);
  });

  it('issue 17 item 6: turn off, turn on, reconnect and load-when-needed answer with the new list', async () => {
    const { servers } = setup();
    await servers('mcp:list', {});
    await hub.forProject(home).ready();
    expect((await servers('mcp:disable', { name: 'team' }))[0]).toMatchObject({ state: 'disabled', toolCount: 0, lastError: 'Turned off by you.' });
    expect((await servers('mcp:enable', { name: 'team' }))[0]).toMatchObject({ state: 'connected', toolCount: 2 });
    expect((await servers('mcp:reconnect', { name: 'team' }))[0]).toMatchObject({ state: 'connected' });
    expect((await servers('mcp:set-defer', { name: 'team', defer: true }))[0]).toMatchObject({ deferred: true });
  });

  it('issue 17 item 5: a changed tool is listed, its diff readable, and accepting the hash seen brings it back', async () => {
    const { server, servers, invoke } = setup();
    await servers('mcp:list', {});
    await hub.forProject(home).ready();
    const changed = new Promise<void>((resolve) => hub.forProject(home).subscribe(() => hub.forProject(home).list()[0]?.changedTools.length && resolve()));
    server.setDescription('Sends a message to everyone');
    await changed;
    expect((await servers('mcp:list', {}))[0]).toMatchObject({ toolCount: 1, changedTools: ['send'] });
    const r = await invoke('mcp:changes', { name: 'team' });
    if (!r.ok) throw new Error(r.error.message);
    const [change] = (r.value as { changes: Array<{ tool: string; before: { hash: string; description: string; inputSchema: string }; after: { hash: string; description: string } }> }).changes;
    expect(change).toMatchObject({ tool: 'send', before: { description: 'Sends a message to the team' }, after: { description: 'Sends a message to everyone' } });
    // The schema is shown indented with sorted keys, ready for a line diff.
    expect(change!.before.inputSchema).toContain('\n  "properties": {');
    const stale = await invoke('mcp:accept', { name: 'team', tool: 'send', hash: change!.before.hash });
    expect(stale).toMatchObject({ ok: false, error: { code: 'not_found', message: expect.stringContaining('review it again') } });
    expect((await servers('mcp:accept', { name: 'team', tool: 'send', hash: change!.after.hash }))[0]).toMatchObject({ toolCount: 2, changedTools: [] });
  });

  it('issue 17 item 6: unknown names and bad input are typed errors, never a crash', async () => {
    const { invoke } = setup();
    for (const channel of ['mcp:reconnect', 'mcp:disable', 'mcp:enable', 'mcp:changes']) {
      expect(await invoke(channel, { name: 'nope' })).toMatchObject({ ok: false, error: { code: 'not_found', message: 'There is no MCP server named "nope" in this project.' } });
    }
    expect(await invoke('mcp:set-defer', { name: 'nope', defer: true })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await invoke('mcp:disable', { name: '' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await invoke('mcp:set-defer', { name: 'team', defer: 'yes' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await invoke('mcp:accept', { name: 'team', tool: 'send', hash: 'abc' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await invoke('mcp:list', { extra: 1 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
