// The connection manager against real servers (MC2, MC3): server-everything over stdio, SSE and
// streamable HTTP, a tiny WebSocket server; a stdio server killed mid-call.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/base/log';
import type { McpServerConfig } from '../../../src/main/mcp/config';
import { createMcpManager, type McpManager } from '../../../src/main/mcp/manager';
import { everythingStdio, startEverything } from './everything';
import { startWsServer } from './ws-server';

const log = createLogger({ level: 'error' });
const signal = () => new AbortController().signal;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function manager(config: McpServerConfig, name = 'ev', extra: Partial<Parameters<typeof createMcpManager>[0]> = {}): McpManager {
  const m = createMcpManager({ projectDir: process.cwd(), log, load: async () => ({ servers: [{ name, scope: 'dynamic', file: 'test', config }], warnings: [] }), ...extra });
  cleanups.push(() => m.close());
  return m;
}

function textOf(result: { content?: unknown }): string {
  return ((result.content ?? []) as Array<{ type: string; text?: string }>).filter((c) => c.type === 'text').map((c) => c.text).join('');
}

async function everythingWorks(m: McpManager) {
  await m.ready();
  expect(m.list()).toMatchObject([{ name: 'ev', state: 'connected' }]);
  const names = m.tools().map((t) => t.tool.name);
  expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image']));
  expect(m.list()[0]!.toolCount).toBe(names.length);
  expect(textOf(await m.callTool('ev', 'echo', { message: 'hi there' }, signal()))).toBe('Echo: hi there');
  const resources = await m.listResources('ev', signal());
  expect(resources.length).toBeGreaterThan(0);
  const read = await m.readResource('ev', resources[0]!.uri, signal());
  expect(read.contents[0]).toMatchObject({ uri: resources[0]!.uri });
}

describe('MCP connection manager against real servers (MC2, MC3)', () => {
  it('stdio: lists tools, calls one, reads a resource (MC2)', async () => {
    await everythingWorks(manager(everythingStdio()));
  });

  it('streamable HTTP: lists tools, calls one, reads a resource (MC2)', async () => {
    const server = await startEverything('streamableHttp');
    cleanups.push(server.stop);
    await everythingWorks(manager({ type: 'http', url: server.url, headers: {} }));
  });

  it('SSE: lists tools, calls one, reads a resource (MC2)', async () => {
    const server = await startEverything('sse');
    cleanups.push(server.stop);
    await everythingWorks(manager({ type: 'sse', url: server.url, headers: {} }));
  });

  it('WebSocket: lists tools, calls one, reads a resource, sends the configured headers (MC2)', async () => {
    const server = await startWsServer();
    cleanups.push(server.stop);
    const m = manager({ type: 'ws', url: server.url, headers: { 'X-Team': 'blue' } }, 'sock');
    await m.ready();
    expect(m.tools().map((t) => t.tool.name)).toEqual(['shout']);
    expect(textOf(await m.callTool('sock', 'shout', { text: 'quiet' }, signal()))).toBe('QUIET');
    expect((await m.readResource('sock', 'note://one', signal())).contents[0]).toMatchObject({ text: 'a note over ws' });
    expect(server.headers()['x-team']).toBe('blue');
  });

  it('a server that cannot start is failed with its reason; the others are unaffected (MC3)', async () => {
    const m = createMcpManager({
      projectDir: process.cwd(),
      log,
      load: async () => ({
        servers: [
          { name: 'broken', scope: 'dynamic', file: 't', config: { type: 'stdio', command: path.join(process.cwd(), 'no-such-program'), args: [], env: {} } },
          { name: 'ev', scope: 'dynamic', file: 't', config: everythingStdio() },
        ],
        warnings: [],
      }),
    });
    cleanups.push(() => m.close());
    await m.ready();
    const byName = Object.fromEntries(m.list().map((s) => [s.name, s]));
    expect(byName.broken).toMatchObject({ state: 'failed', toolCount: 0 });
    expect(byName.broken!.lastError).toMatch(/ENOENT|no-such-program/);
    expect(byName.ev!.state).toBe('connected');
    await expect(m.callTool('broken', 'x', {}, signal())).rejects.toThrow(/not connected \(failed/);
  });

  it('a stdio server killed mid-call: the call fails, the server restarts and its tools come back (MC3)', async () => {
    const crashy = path.join(__dirname, 'crashy-server.mjs');
    const m = manager({ type: 'stdio', command: process.execPath, args: [crashy], env: {} }, 'crashy', { connection: { backoffMs: 50 } });
    await m.ready();
    const pid = Number(textOf(await m.callTool('crashy', 'pid', {}, signal())));
    const inFlight = m.callTool('crashy', 'wait', {}, signal());
    const states: string[] = [];
    const back = new Promise<void>((resolve) =>
      m.subscribe(() => {
        states.push(m.list()[0]!.state);
        if (m.list()[0]!.state === 'connected') resolve();
      }),
    );
    process.kill(pid, 'SIGKILL');
    await expect(inFlight).rejects.toThrow(/closed/i);
    await back;
    expect(states[0]).toBe('pending');
    expect(m.tools().map((t) => t.tool.name).sort()).toEqual(['hello', 'pid', 'wait']);
    expect(textOf(await m.callTool('crashy', 'hello', {}, signal()))).toBe('hello again');
    expect(Number(textOf(await m.callTool('crashy', 'pid', {}, signal())))).not.toBe(pid);
  });

  it('disable stops the server and offers none of its tools; reconnect brings it back (MC3)', async () => {
    const m = manager(everythingStdio());
    await m.ready();
    expect(await m.disable('ev')).toBe(true);
    expect(m.list()[0]).toMatchObject({ state: 'disabled', toolCount: 0 });
    expect(m.tools()).toEqual([]);
    expect(await m.reconnect('ev')).toBe(true);
    expect(m.list()[0]!.state).toBe('connected');
    expect(m.tools().length).toBeGreaterThan(0);
    expect(await m.disable('nope')).toBe(false);
  });

  it('close ends the stdio child (no orphans at quit)', async () => {
    const crashy = path.join(__dirname, 'crashy-server.mjs');
    const m = createMcpManager({ projectDir: process.cwd(), log, load: async () => ({ servers: [{ name: 'c', scope: 'dynamic', file: 't', config: { type: 'stdio', command: process.execPath, args: [crashy], env: {} } }], warnings: [] }) });
    await m.ready();
    const pid = Number(textOf(await m.callTool('c', 'pid', {}, signal())));
    await m.close();
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 50 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
    expect(alive()).toBe(false);
  });
});
