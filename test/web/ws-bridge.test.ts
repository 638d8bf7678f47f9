// The renderer's WebSocket Bridge against a real web host (stub services), with the `ws` package
// standing in for the browser's WebSocket: invoke, typed rejection, events, reconnect after a drop.
// Lives in test/ because it joins both sides (src/main must not import the renderer, nor it main).
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { IpcFailure } from '../../src/shared/ipc/errors';
import type { ConnectionState } from '../../src/renderer/src/bridge/types';
import { createWsBridge, type WsBridge } from '../../src/renderer/src/bridge/ws-bridge';
import { startTestServer, type TestServer } from '../../src/main/web/test-support';

/** The browser sends its page's Origin by itself; the `ws` client must be told. */
function withOrigin(origin: string) {
  return class extends WebSocket {
    constructor(url: string) {
      super(url, { origin });
    }
  };
}

function waitFor(b: WsBridge, state: ConnectionState, ms = 5000): Promise<void> {
  if (b.connection() === state) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`bridge never became ${state} (is ${b.connection()})`)), ms);
    const off = b.onConnection((s) => {
      if (s !== state) return;
      clearTimeout(t);
      off();
      resolve();
    });
  });
}

let servers: TestServer[] = [];
let bridges: WsBridge[] = [];
afterEach(async () => {
  for (const b of bridges) b.close();
  for (const s of servers) await s.close();
  bridges = [];
  servers = [];
});

async function setup(port = 0) {
  const t = await startTestServer({ port });
  servers.push(t);
  const logs: string[] = [];
  const bridge = createWsBridge({ url: t.wsUrl(), WebSocketImpl: withOrigin(t.origin), onLog: (l, m) => void logs.push(`${l}: ${m}`) });
  bridges.push(bridge);
  return { t, bridge, logs };
}

describe('ws-bridge ↔ web host (DK2 over WebSocket)', () => {
  it('invoke resolves with the parsed value (calls made before the socket opens are queued)', async () => {
    const { t, bridge } = await setup();
    const init = bridge.invoke('app:init', {});
    expect(bridge.connection()).toBe('connecting');
    await expect(init).resolves.toMatchObject({ host: 'web', project: { dir: t.projectDir }, recentProjects: [] });
    const { session } = await bridge.invoke('session:create', {});
    await expect(bridge.invoke('session:list', {})).resolves.toEqual({ sessions: [session] });
  });

  it('rejects with IpcFailure carrying the typed code and issues', async () => {
    const { bridge } = await setup();
    const unsupported = await bridge.invoke('project:choose', {}).catch((e: unknown) => e);
    expect(unsupported).toBeInstanceOf(IpcFailure);
    expect(unsupported).toMatchObject({ code: 'unsupported' });
    const invalid = await bridge.invoke('session:open', { sessionId: '' }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ code: 'invalid_input' });
    expect((invalid as IpcFailure).issues?.[0]?.path).toBe('sessionId');
    await expect(bridge.invoke('session:open', { sessionId: 'nope' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('delivers events of this project to on() listeners, and send() reaches the handlers', async () => {
    const { t, bridge } = await setup();
    await bridge.invoke('app:init', {});
    const got: string[] = [];
    const arrived = new Promise<void>((resolve) =>
      bridge.on('session:event', (e) => {
        got.push(`${e.sessionId}:${e.type}`);
        resolve();
      }),
    );
    const { session } = await bridge.invoke('session:create', {});
    t.bus.publish('session:event', { sessionId: 'elsewhere', type: 'status', status: 'idle' }, { projectDir: '/other/project' });
    await bridge.invoke('session:send', { sessionId: session.id, text: 'hello' });
    await arrived;
    expect(got).toEqual([`${session.id}:status`]);
    bridge.send('log:write', { level: 'error', message: 'renderer says hi' });
    await bridge.invoke('app:init', {}); // frames are ordered: once this answers, the send was handled
    expect(t.log.lines.some((l) => l.level === 'error' && l.msg.includes('renderer says hi'))).toBe(true);
  });

  it('when the server goes away: pending invokes reject (connection lost), the bridge reconnects to the restarted server', async () => {
    const { t, bridge } = await setup();
    await bridge.invoke('app:init', {});
    const port = t.server.port;
    const states: ConnectionState[] = [];
    bridge.onConnection((s) => states.push(s));

    // An invoke that never gets answered: the stub's send blocks until we drop the server.
    t.sessions.send = () => new Promise(() => {});
    const { session } = await bridge.invoke('session:create', {});
    const hanging = bridge.invoke('session:send', { sessionId: session.id, text: 'x' }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    await t.close();
    servers = servers.filter((s) => s !== t);
    const lost = await hanging;
    expect(lost).toBeInstanceOf(IpcFailure);
    expect(lost).toMatchObject({ code: 'internal', message: 'Connection to Agent Desk was lost' });
    expect(bridge.connection()).not.toBe('open');

    // Same port, new process-like server: the bridge finds it by itself.
    const t2 = await startTestServer({ port });
    servers.push(t2);
    await waitFor(bridge, 'open');
    await expect(bridge.invoke('app:init', {})).resolves.toMatchObject({ project: { dir: t2.projectDir } });
    expect(states[0]).toBe('closed');
    expect(states).toContain('connecting');
    expect(states[states.length - 1]).toBe('open');
  });

  it('a bridge with the wrong token never opens and keeps retrying', async () => {
    const { t } = await setup();
    const bad = createWsBridge({ url: t.wsUrl('wrong'), WebSocketImpl: withOrigin(t.origin), backoff: { initialMs: 20, maxMs: 40 } });
    bridges.push(bad);
    await expect(bad.invoke('app:init', {})).rejects.toMatchObject({ code: 'internal' });
    await new Promise((r) => setTimeout(r, 200));
    expect(bad.connection()).not.toBe('open');
    expect(t.log.lines.filter((l) => l.msg.includes('without a valid token')).length).toBeGreaterThan(1);
  });
});
