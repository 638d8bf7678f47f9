// Behaviour of the renderer stores against a fake bridge: event handling, batching, send/open flows, errors.
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../../shared/session-events';
import { CONTINUE_TEXT, type Message, type RunStop, type SessionSummary } from '../../../shared/transcript';
import type { AppInit } from '../../../shared/ipc/contract';
import { createFakeBridge, type FakeBridge } from '../testing/fake-bridge';
import { createStores, type Stores } from './create-stores';

const project = { dir: '/tmp/proj', name: 'proj' };
const init: AppInit = {
  host: 'web',
  version: '0.1.0',
  project,
  auth: { configured: true, source: 'env:ANTHROPIC_API_KEY', canStoreKey: false },
  model: 'claude-test',
  recentProjects: [],
};

function summary(id: string, updatedAt: number, title = id): SessionSummary {
  return { id, projectDir: project.dir, title, createdAt: updatedAt, updatedAt, messageCount: 0 };
}
function msg(id: string, role: 'user' | 'assistant', text: string): Message {
  return { id, role, content: [{ type: 'text', text }], createdAt: 1 };
}

/** A manual frame clock: deltas are delivered only when the test calls frame(). */
function manualFrames(): { schedule: (run: () => void) => () => void; frame: () => void; pending: () => number } {
  let queue: (() => void)[] = [];
  return {
    schedule(run) {
      queue.push(run);
      return () => {
        queue = queue.filter((r) => r !== run);
      };
    },
    frame() {
      const q = queue;
      queue = [];
      for (const r of q) r();
    },
    pending: () => queue.length,
  };
}

const flush = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe('renderer stores (UI: state flows one way, DK2)', () => {
  let bridge: FakeBridge;
  let frames: ReturnType<typeof manualFrames>;
  let stores: Stores;
  const ev = (e: SessionEvent): void => bridge.emit('session:event', e);

  beforeEach(async () => {
    bridge = createFakeBridge();
    frames = manualFrames();
    bridge.handle('app:init', () => init);
    bridge.handle('session:list', () => ({ sessions: [summary('old', 1), summary('new', 5)] }));
    bridge.handle('session:create', () => ({ session: summary('s1', 10, 'New conversation') }));
    bridge.handle('session:send', () => ({ accepted: true as const }));
    bridge.handle('session:stop', () => ({ stopped: true }));
    bridge.handle('permission:pending', () => ({ requests: [] }));
    bridge.handle('session:open', ({ sessionId }) => ({
      session: summary(sessionId, 3),
      messages: [msg('u0', 'user', 'earlier'), msg('a0', 'assistant', 'answer')],
      status: 'idle' as const,
    }));
    stores = createStores(bridge, { schedule: frames.schedule });
    await stores.start();
    await flush();
  });

  it('loads app:init and the session list newest first; the stores are the only event subscribers', () => {
    expect(stores.app.getState().init?.project?.name).toBe('proj');
    expect(stores.sessions.getState().sessions.map((s) => s.id)).toEqual(['new', 'old']);
    expect(bridge.listenerCount('session:event')).toBe(1);
    expect(bridge.listenerCount('app:notice')).toBe(1);
    stores.dispose();
    expect(bridge.listenerCount('session:event')).toBe(0);
  });

  it('sending with no session creates one, then sends to it', async () => {
    expect(await stores.sessions.getState().send('  hello  ')).toBe(true);
    expect(bridge.calls.map((c) => c.channel)).toEqual(['app:init', 'project:trust-status', 'session:list', 'permission:pending', 'tasks:list', 'tasks:leftovers', 'sandbox:status', 'mcp:list', 'background:list', 'session:create', 'task-list:get', 'sandbox:blocked', 'session:send']);
    expect(bridge.calls.at(-1)?.request).toEqual({ sessionId: 's1', text: 'hello' });
    const s = stores.sessions.getState();
    expect(s.currentId).toBe('s1');
    expect(s.sessions[0]?.id).toBe('s1');
  });

  it('does not send empty text or while the session runs', async () => {
    expect(await stores.sessions.getState().send('   ')).toBe(false);
    await stores.sessions.getState().send('first');
    ev({ sessionId: 's1', type: 'status', status: 'running' });
    expect(await stores.sessions.getState().send('second')).toBe(false);
    expect(bridge.calls.filter((c) => c.channel === 'session:send')).toHaveLength(1);
  });

  it('issue 12 item 7: a message typed while the session works waits and goes out when it is idle', async () => {
    const sends = () => bridge.calls.filter((c) => c.channel === 'session:send').map((c) => c.request);
    await stores.sessions.getState().send('first');
    expect(stores.sessions.getState().queue('too early')).toBe(false); // not running yet: Send works
    ev({ sessionId: 's1', type: 'status', status: 'running' });
    expect(stores.sessions.getState().queue('second')).toBe(true);
    expect(stores.sessions.getState().queue('  and third  ')).toBe(true);
    expect(stores.sessions.getState().queued).toEqual({ s1: 'second\n\nand third' });
    expect(sends()).toHaveLength(1);
    ev({ sessionId: 's1', type: 'status', status: 'idle' });
    await flush();
    expect(sends()).toEqual([{ sessionId: 's1', text: 'first' }, { sessionId: 's1', text: 'second\n\nand third' }]);
    expect(stores.sessions.getState().queued).toEqual({});
  });

  it('a queued message can be taken back, and waits when the turn ended on an error', async () => {
    const sends = () => bridge.calls.filter((c) => c.channel === 'session:send');
    await stores.sessions.getState().send('first');
    ev({ sessionId: 's1', type: 'status', status: 'running' });
    stores.sessions.getState().queue('edit me');
    expect(stores.sessions.getState().unqueue()).toBe('edit me');
    expect(stores.sessions.getState().unqueue()).toBeNull();
    stores.sessions.getState().queue('after the failure');
    ev({ sessionId: 's1', type: 'run_stopped', messageId: null, stop: { kind: 'error', text: 'Agent Desk could not reach Anthropic.', canContinue: false, errorCode: 'network' } });
    ev({ sessionId: 's1', type: 'status', status: 'idle' });
    await flush();
    expect(sends()).toHaveLength(1);
    expect(stores.sessions.getState().queued).toEqual({ s1: 'after the failure' });
  });

  it('issue 12 item 7: rename, delete (leaving the open one for a new conversation) and undo', async () => {
    bridge.handle('session:rename', ({ sessionId, title }) => ({ session: { ...summary(sessionId, 5), title } }));
    bridge.handle('session:delete', () => ({ removed: true }));
    bridge.handle('session:restore', ({ sessionId }) => ({ session: summary(sessionId, 1, 'old') }));
    const st = () => stores.sessions.getState();
    expect(await st().rename('new', 'Renamed')).toBe(true);
    expect(st().sessions.find((x) => x.id === 'new')?.title).toBe('Renamed');
    await st().open('old');
    expect(await st().remove('old')).toBe(true);
    expect(st().currentId).toBeNull();
    expect(st().sessions.map((x) => x.id)).toEqual(['new']);
    expect(st().removed).toEqual({ id: 'old', title: 'old' });
    expect(await st().restoreRemoved()).toBe(true);
    expect(st().removed).toBeNull();
    expect(st().sessions.map((x) => x.id).sort()).toEqual(['new', 'old']);
    bridge.fail('session:delete', { code: 'busy', message: 'This conversation is still working.' });
    expect(await st().remove('new')).toBe(false);
    expect(st().sessions.map((x) => x.id).sort()).toEqual(['new', 'old']);
    expect(stores.app.getState().banners.at(-1)).toMatchObject({ title: 'The conversation was not deleted' });
  });

  it('streams a reply: start → deltas batched per frame → final message replaces the draft', async () => {
    await stores.sessions.getState().send('hi');
    ev({ sessionId: 's1', type: 'message', message: msg('u1', 'user', 'hi') });
    ev({ sessionId: 's1', type: 'status', status: 'running' });
    ev({ sessionId: 's1', type: 'assistant_start', messageId: 'a1', model: 'claude-test' });
    let renders = 0;
    const off = stores.sessions.subscribe(() => renders++);
    for (const t of ['Hel', 'lo', ' wor', 'ld']) ev({ sessionId: 's1', type: 'text_delta', messageId: 'a1', text: t });
    expect(renders).toBe(0);
    expect(stores.sessions.getState().drafts[0]?.text).toBe('');
    frames.frame();
    expect(renders).toBe(1);
    expect(stores.sessions.getState().drafts).toEqual([{ messageId: 'a1', model: 'claude-test', text: 'Hello world' }]);
    off();
    ev({ sessionId: 's1', type: 'text_delta', messageId: 'a1', text: '!' });
    ev({ sessionId: 's1', type: 'message', message: msg('a1', 'assistant', 'Hello world!') });
    ev({ sessionId: 's1', type: 'status', status: 'idle' });
    frames.frame();
    const s = stores.sessions.getState();
    expect(s.drafts).toEqual([]);
    expect(s.messages.map((m) => m.id)).toEqual(['u1', 'a1']);
    expect(s.statuses.s1).toBe('idle');
  });

  it('a message event with a known id replaces it in place', async () => {
    await stores.sessions.getState().open('x');
    ev({ sessionId: 'x', type: 'message', message: msg('u0', 'user', 'edited') });
    const texts = stores.sessions.getState().messages.map((m) => (m.content[0] as { text: string }).text);
    expect(texts).toEqual(['edited', 'answer']);
  });

  it('retry voids the partial draft and shows a note until text flows again', async () => {
    await stores.sessions.getState().send('hi');
    ev({ sessionId: 's1', type: 'assistant_start', messageId: 'a1', model: 'm' });
    ev({ sessionId: 's1', type: 'text_delta', messageId: 'a1', text: 'partial' });
    frames.frame();
    ev({ sessionId: 's1', type: 'text_delta', messageId: 'a1', text: ' more (pending)' });
    ev({ sessionId: 's1', type: 'retry', messageId: 'a1', attempt: 2, delayMs: 500, reason: 'overloaded', code: 'overloaded', maxAttempts: 5 });
    frames.frame();
    expect(stores.sessions.getState().drafts[0]?.text).toBe('');
    // Issue 20 item 5: the note keeps what its plain line says (the wait, the kind of failure, the attempts).
    expect(stores.sessions.getState().retry).toEqual({ attempt: 2, reason: 'overloaded', delayMs: 500, code: 'overloaded', maxAttempts: 5 });
    ev({ sessionId: 's1', type: 'text_delta', messageId: 'a1', text: 'fresh' });
    frames.frame();
    expect(stores.sessions.getState().retry).toBeNull();
    expect(stores.sessions.getState().drafts[0]?.text).toBe('fresh');
  });

  it('issue 20 item 2: a summary in progress shows until its message arrives; its retries start no draft', async () => {
    await stores.sessions.getState().send('hi');
    ev({ sessionId: 's1', type: 'compacting', trigger: 'auto' });
    expect(stores.sessions.getState().compacting).toBe('auto');
    ev({ sessionId: 's1', type: 'retry', messageId: 'sum1', attempt: 1, delayMs: 10, reason: 'busy', code: 'overloaded', maxAttempts: 4 });
    expect(stores.sessions.getState().drafts).toEqual([]);
    const marker = { ...msg('sum1', 'user', 'summary text'), compaction: { trigger: 'auto' as const, summary: 's', keptFrom: null, tokensBefore: 100, tokensAfter: 10 } };
    ev({ sessionId: 's1', type: 'message', message: marker });
    expect(stores.sessions.getState().compacting).toBeNull();
    expect(stores.sessions.getState().messages.at(-1)?.compaction?.summary).toBe('s');
  });

  it('status idle drops unfinished drafts; events of other sessions only touch status and list', async () => {
    await stores.sessions.getState().send('hi');
    ev({ sessionId: 's1', type: 'assistant_start', messageId: 'a1', model: 'm' });
    ev({ sessionId: 'other', type: 'message', message: msg('zz', 'user', 'elsewhere') });
    ev({ sessionId: 'other', type: 'status', status: 'running' });
    ev({ sessionId: 'other', type: 'summary', session: summary('other', 99, 'Other') });
    const s = stores.sessions.getState();
    expect(s.messages).toEqual([]);
    expect(s.statuses.other).toBe('running');
    expect(s.sessions[0]?.title).toBe('Other');
    ev({ sessionId: 's1', type: 'status', status: 'idle' });
    expect(stores.sessions.getState().drafts).toEqual([]);
  });

  it('an error event becomes a dismissable banner', () => {
    ev({ sessionId: 'any', type: 'error', error: { code: 'auth', message: 'invalid x-api-key' } });
    const banners = stores.app.getState().banners;
    expect(banners).toHaveLength(1);
    expect(banners[0]).toMatchObject({ level: 'error', title: 'Check your API key', message: 'invalid x-api-key' });
    stores.app.getState().dismissBanner(banners[0]!.id);
    expect(stores.app.getState().banners).toEqual([]);
  });

  it('an aborted error (the person pressed Stop) makes no banner', () => {
    ev({ sessionId: 'any', type: 'error', error: { code: 'aborted', message: 'Stopped.' } });
    expect(stores.app.getState().banners).toEqual([]);
  });

  it('app:notice becomes a banner; the same message twice is shown once', () => {
    bridge.emit('app:notice', { level: 'warn', message: 'Disk almost full' });
    bridge.emit('app:notice', { level: 'warn', message: 'Disk almost full' });
    expect(stores.app.getState().banners.map((b) => b.message)).toEqual(['Disk almost full']);
  });

  it('issue 16 item 6: a long conversation opens at its newest page; "Show earlier messages" puts the page before on top, with its calls', async () => {
    bridge.handle('session:open', ({ sessionId }) => ({
      session: summary(sessionId, 3),
      messages: [msg('u5', 'user', 'latest'), msg('a5', 'assistant', 'answer')],
      status: 'idle' as const,
      earlier: 4,
    }));
    const asked: unknown[] = [];
    bridge.handle('session:earlier', (req) => {
      asked.push(req);
      return {
        messages: [msg('u3', 'user', 'older'), msg('a3', 'assistant', 'older answer')],
        toolCalls: [{ id: 't3', name: 'Read', userFacingName: 'Read', messageId: 'a3', input: {}, state: 'succeeded' as const, summary: 'x', startedAt: 1, endedAt: 2 }],
        earlier: 2,
      };
    });
    await stores.sessions.getState().open('long');
    expect(stores.sessions.getState()).toMatchObject({ earlier: 4 });
    await stores.sessions.getState().loadEarlier();
    expect(asked).toEqual([{ sessionId: 'long', before: 4 }]);
    expect(stores.sessions.getState().messages.map((m) => m.id)).toEqual(['u3', 'a3', 'u5', 'a5']);
    expect(stores.sessions.getState()).toMatchObject({ earlier: 2, loadingEarlier: false });
    expect(stores.tools.getState().calls.t3).toMatchObject({ messageId: 'a3' });
    // Another conversation starts from its own first page.
    stores.sessions.getState().startNew();
    expect(stores.sessions.getState().earlier).toBe(0);
  });

  it('invoke failures become banners, never rejections', async () => {
    bridge.fail('session:send', { code: 'busy', message: 'A turn is already running.' });
    await expect(stores.sessions.getState().send('hi')).resolves.toBe(false);
    expect(stores.app.getState().banners.at(-1)).toMatchObject({ title: 'The message was not sent', message: 'A turn is already running.' });
    expect(stores.sessions.getState().sending).toBe(false);

    bridge.fail('session:open', { code: 'not_found', message: 'No such session' });
    await expect(stores.sessions.getState().open('gone')).resolves.toBeUndefined();
    expect(stores.sessions.getState().currentId).toBeNull();

    bridge.handle('session:open', ({ sessionId }) => ({ session: summary(sessionId, 3), messages: [], status: 'running' as const }));
    await stores.sessions.getState().open('new');
    bridge.fail('session:stop', { code: 'internal', message: 'boom' });
    await expect(stores.sessions.getState().stop()).resolves.toBeUndefined();
    expect(stores.app.getState().banners.at(-1)).toMatchObject({ title: 'Could not stop', message: 'boom' });

    bridge.fail('auth:set-api-key', { code: 'unsupported', message: 'set ANTHROPIC_API_KEY' });
    await expect(stores.app.getState().saveApiKey('sk-ant-0123456789')).resolves.toBe(false);
    expect(stores.app.getState().banners.some((b) => b.message === 'set ANTHROPIC_API_KEY')).toBe(true);
  });

  it('opening a session shows its transcript and keeps messages that arrived meanwhile', async () => {
    let release: () => void = () => {};
    bridge.handle('session:open', async ({ sessionId }) => {
      await new Promise<void>((r) => (release = r));
      return { session: summary(sessionId, 3), messages: [msg('u0', 'user', 'earlier')], status: 'running' as const };
    });
    const opened = stores.sessions.getState().open('old');
    expect(stores.sessions.getState().opening).toBe(true);
    ev({ sessionId: 'old', type: 'message', message: msg('u9', 'user', 'just now') });
    release();
    await opened;
    const s = stores.sessions.getState();
    expect(s.messages.map((m) => m.id)).toEqual(['u0', 'u9']);
    expect(s.statuses.old).toBe('running');
    expect(s.opening).toBe(false);
  });

  it('a background task’s conversation opens with the reply it is writing: the answer’s drafts replace what came as events meanwhile (they are in it), later text goes on', async () => {
    let release: () => void = () => {};
    bridge.handle('session:open', async ({ sessionId }) => {
      await new Promise<void>((r) => (release = r));
      return { session: summary(sessionId, 1), messages: [msg('u0', 'user', 'check')], status: 'running' as const, drafts: [{ messageId: 'a1', model: 'm', text: 'Looking at the tests' }] };
    });
    const opened = stores.sessions.getState().open('task');
    ev({ sessionId: 'task', type: 'text_delta', messageId: 'a1', text: ' tests' });
    release();
    await opened;
    ev({ sessionId: 'task', type: 'text_delta', messageId: 'a1', text: ' now.' });
    frames.frame();
    expect(stores.sessions.getState().drafts).toEqual([{ messageId: 'a1', model: 'm', text: 'Looking at the tests now.' }]);
  });

  it('a slow open answer for a session the user already left is ignored', async () => {
    let release: () => void = () => {};
    bridge.handle('session:open', async ({ sessionId }) => {
      await new Promise<void>((r) => (release = r));
      return { session: summary(sessionId, 3), messages: [msg('u0', 'user', 'stale')], status: 'idle' as const };
    });
    const opened = stores.sessions.getState().open('old');
    stores.sessions.getState().startNew();
    release();
    await opened;
    expect(stores.sessions.getState().currentId).toBeNull();
    expect(stores.sessions.getState().messages).toEqual([]);
  });

  it('stop asks main to stop the open session', async () => {
    await stores.sessions.getState().open('new');
    await stores.sessions.getState().stop();
    expect(bridge.calls.at(-1)).toEqual({ channel: 'session:stop', request: { sessionId: 'new' } });
  });

  it('after a dropped connection comes back, init, list and the open session are read again', async () => {
    await stores.sessions.getState().open('new');
    bridge.setConnection('closed');
    expect(stores.app.getState().connection).toBe('closed');
    expect(stores.app.getState().everConnected).toBe(true);
    const before = bridge.calls.length;
    bridge.setConnection('open');
    await flush();
    await flush();
    expect(bridge.calls.slice(before).map((c) => c.channel)).toEqual(['app:init', 'project:trust-status', 'session:list', 'permission:pending', 'tasks:list', 'tasks:leftovers', 'sandbox:status', 'mcp:list', 'background:list', 'session:open', 'task-list:get']);
  });

  it('after a reconnect the open transcript stays visible while it is re-read, and stale state is dropped', async () => {
    await stores.sessions.getState().open('new');
    ev({ sessionId: 'new', type: 'status', status: 'running' });
    ev({ sessionId: 'new', type: 'assistant_start', messageId: 'a9', model: 'm' });
    bridge.setConnection('closed');
    let release: () => void = () => {};
    bridge.handle('session:open', async ({ sessionId }) => {
      await new Promise<void>((r) => (release = r));
      return { session: summary(sessionId, 3), messages: [msg('u0', 'user', 'earlier'), msg('a0', 'assistant', 'answer'), msg('a9', 'assistant', 'done')], status: 'idle' as const };
    });
    bridge.setConnection('open');
    await flush();
    await flush();
    const during = stores.sessions.getState();
    expect(during.messages.map((m) => m.id)).toEqual(['u0', 'a0']);
    expect(during.drafts).toEqual([]);
    expect(during.statuses).toEqual({});
    release();
    await flush();
    const after = stores.sessions.getState();
    expect(after.messages.map((m) => m.id)).toEqual(['u0', 'a0', 'a9']);
    expect(after.statuses.new).toBe('idle');
  });

  it('a failing app:init leaves a readable load error, not a crash', async () => {
    const b = createFakeBridge();
    b.fail('app:init', { code: 'internal', message: 'main is not ready' });
    const st = createStores(b);
    await st.start();
    expect(st.app.getState().loadError).toBe('main is not ready');
  });

  it('run_stopped marks the run\'s last message with why it stopped; Continue sends CONTINUE_TEXT', async () => {
    await stores.sessions.getState().open('new');
    const stop: RunStop = { kind: 'max_turns', text: 'Stopped after 3 turns, the limit set for this run.', canContinue: true, maxTurns: 3 };
    ev({ sessionId: 'new', type: 'run_stopped', messageId: 'a0', stop });
    ev({ sessionId: 'other', type: 'run_stopped', messageId: 'u0', stop });
    expect(stores.sessions.getState().messages.map((m) => m.stopped ?? null)).toEqual([null, stop]);
    expect(stores.sessions.getState().unsentStop).toBeNull();

    expect(await stores.sessions.getState().continueRun()).toBe(true);
    expect(bridge.calls.at(-1)).toEqual({ channel: 'session:send', request: { sessionId: 'new', text: CONTINUE_TEXT } });
  });

  it('a run_stopped without a message (a blocked prompt) is kept until the next run starts', async () => {
    await stores.sessions.getState().open('new');
    const stop: RunStop = { kind: 'prompt_blocked', text: 'A hook blocked this message, so it was not sent: no.', canContinue: false, reason: 'no.' };
    ev({ sessionId: 'new', type: 'run_stopped', messageId: null, stop });
    expect(stores.sessions.getState().unsentStop).toEqual(stop);
    ev({ sessionId: 'new', type: 'status', status: 'running' });
    expect(stores.sessions.getState().unsentStop).toBeNull();
    ev({ sessionId: 'new', type: 'run_stopped', messageId: null, stop });
    stores.sessions.getState().startNew();
    expect(stores.sessions.getState().unsentStop).toBeNull();
  });

  it('saving an API key updates auth in the init info', async () => {
    bridge.handle('auth:set-api-key', () => ({ configured: true, source: 'stored' as const, canStoreKey: true }));
    expect(await stores.app.getState().saveApiKey('  sk-ant-0123456789  ')).toBe(true);
    expect(bridge.calls.at(-1)?.request).toEqual({ apiKey: 'sk-ant-0123456789' });
    expect(stores.app.getState().init?.auth.source).toBe('stored');
  });

  it('choosing another project reloads init and resets the sessions', async () => {
    await stores.sessions.getState().open('new');
    const other = { dir: '/tmp/other', name: 'other' };
    bridge.handle('project:choose', () => ({ project: other }));
    bridge.handle('app:init', () => ({ ...init, project: other }));
    bridge.handle('session:list', () => ({ sessions: [] }));
    expect(await stores.app.getState().chooseProject()).toBe(true);
    await flush();
    expect(stores.app.getState().init?.project).toEqual(other);
    expect(stores.sessions.getState().currentId).toBeNull();
    expect(stores.sessions.getState().sessions).toEqual([]);
  });

  it('a cancelled folder dialog changes nothing', async () => {
    bridge.handle('project:choose', () => ({ project: null }));
    expect(await stores.app.getState().chooseProject()).toBe(false);
    expect(bridge.calls.filter((c) => c.channel === 'app:init')).toHaveLength(1);
  });
});
