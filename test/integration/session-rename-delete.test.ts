// Issue 12 item 7 through the real engine, store and handlers: a conversation can be renamed (the
// name survives a restart), deleted (refused while it works) and brought back whole by undo.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/main/base/log';
import { createHandlers } from '../../src/main/app/handlers';
import type { AuthService, HostPort } from '../../src/main/app/ports';
import type { HandlerContext } from '../../src/main/ipc/context';
import { IpcFailure } from '../../src/shared/ipc/errors';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

async function setup() {
  const engine = await h.engine();
  const handlers = createHandlers({ sessions: engine.sessions, auth: {} as AuthService, host: {} as HostPort, log: createLogger({ level: 'silent' }) });
  const ctx: HandlerContext = { host: 'web', clientId: 'c1', projectDir: h.projectDir };
  return { engine, handlers, ctx };
}

describe('issue 12 item 7: rename and delete a conversation, with undo', () => {
  it('rename: the new name is in the list, in an event for every window, and after a restart', async () => {
    const { engine, handlers, ctx } = await setup();
    h.server.push({ content: [{ type: 'text', text: 'Hello.' }] });
    const s = await engine.sessions.createSession(h.projectDir);
    await s.start('say hello please').done;
    const { session } = await handlers.invoke['session:rename']({ sessionId: s.id, title: '  Greetings   test ' }, ctx);
    expect(session.title).toBe('Greetings test');
    expect(h.events.some((e) => e.type === 'summary' && e.session.title === 'Greetings test')).toBe(true);
    expect((await handlers.invoke['session:list']({}, ctx)).sessions[0]!.title).toBe('Greetings test');
    await engine.dispose();
    const again = await setup();
    expect((await again.handlers.invoke['session:list']({}, again.ctx)).sessions.map((x) => x.title)).toEqual(['Greetings test']);
  });

  it('delete then restore: gone from the list, then back with every message', async () => {
    const { engine, handlers, ctx } = await setup();
    h.server.push({ content: [{ type: 'text', text: 'Noted.' }] });
    const s = await engine.sessions.createSession(h.projectDir);
    await s.start('remember the milk').done;
    expect(await handlers.invoke['session:delete']({ sessionId: s.id }, ctx)).toEqual({ removed: true });
    expect((await handlers.invoke['session:list']({}, ctx)).sessions).toEqual([]);
    await expect(handlers.invoke['session:open']({ sessionId: s.id }, ctx)).rejects.toMatchObject({ code: 'not_found' });
    const back = await handlers.invoke['session:restore']({ sessionId: s.id }, ctx);
    expect(back.session?.id).toBe(s.id);
    const opened = await handlers.invoke['session:open']({ sessionId: s.id }, ctx);
    expect(opened.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(await handlers.invoke['session:restore']({ sessionId: s.id }, ctx)).toEqual({ session: null });
  });

  it('a conversation that works cannot be deleted; unknown ids change nothing', async () => {
    const { engine, handlers, ctx } = await setup();
    h.server.push({ hang: true });
    const s = await engine.sessions.createSession(h.projectDir);
    const done = s.start('this will take a while').done;
    await h.waitFor(() => s.status === 'running');
    const err = await Promise.resolve(handlers.invoke['session:delete']({ sessionId: s.id }, ctx)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IpcFailure);
    expect(err).toMatchObject({ code: 'busy' });
    s.stop();
    await done;
    expect(await handlers.invoke['session:delete']({ sessionId: 'no-such-session' }, ctx)).toEqual({ removed: false });
    await expect(handlers.invoke['session:rename']({ sessionId: 'no-such-session', title: 'x' }, ctx)).rejects.toMatchObject({ code: 'not_found' });
  });
});
