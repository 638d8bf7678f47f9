// The window's background tasks (DK3): main's changes kept newest first, the dialog's choices, start and
// stop with their failures in words, the tray's "show" requests, and the conversation list told of news.
import { describe, expect, it, vi } from 'vitest';
import type { BackgroundTaskView } from '../../../shared/background-tasks';
import { createFakeBridge } from '../testing/fake-bridge';
import { createBackgroundStore } from './background-store';

const task = (over: Partial<BackgroundTaskView>): BackgroundTaskView => ({
  id: 't1', name: 'nightly deps', projectDir: '/p', where: '/p', prompt: 'p', mode: 'default', status: 'running', activity: null,
  turns: 0, createdAt: 1, waiting: 0, usage: null, host: 'local', ...over,
});

describe('background store', () => {
  it('keeps the tasks newest first as main publishes them; tells the conversation list when one appears or ends', () => {
    const onConversationChanged = vi.fn();
    const store = createBackgroundStore(createFakeBridge(), { onConversationChanged });
    store.getState().handleChanged(task({ id: 'a', createdAt: 1 }));
    store.getState().handleChanged(task({ id: 'b', createdAt: 2 }));
    store.getState().handleChanged(task({ id: 'a', createdAt: 1, sessionId: 's1', activity: 'Running npm test' }));
    expect(store.getState().tasks.map((t) => [t.id, t.activity])).toEqual([['b', null], ['a', 'Running npm test']]);
    expect(onConversationChanged).toHaveBeenCalledTimes(1);
    store.getState().handleChanged(task({ id: 'a', createdAt: 1, sessionId: 's1', status: 'done' }));
    store.getState().handleChanged(task({ id: 'a', createdAt: 1, sessionId: 's1', status: 'done' }));
    expect(onConversationChanged).toHaveBeenCalledTimes(2);
  });

  it('the dialog reads its choices; a start closes it; a refused one says why and stays open', async () => {
    const bridge = createFakeBridge();
    bridge.handle('background:choices', () => ({ projects: [{ dir: '/p', name: 'p' }], savedTasks: [{ name: 'nightly', prompt: 'x' }] }));
    bridge.handle('background:start', (req) => ({ task: task({ id: 'n', name: req.name ?? 'x' }) }));
    const store = createBackgroundStore(bridge);
    store.getState().openDialog();
    await vi.waitFor(() => expect(store.getState().choices?.savedTasks).toHaveLength(1));
    expect(await store.getState().start({ projectDir: '/p', prompt: 'go', name: 'mine' })).toBe(true);
    expect(store.getState()).toMatchObject({ dialogOpen: false, tasks: [expect.objectContaining({ id: 'n', name: 'mine' })] });
    store.getState().openDialog();
    bridge.fail('background:start', { code: 'forbidden', message: 'Background tasks run only in a folder open in Agent Desk. Open the folder first.' });
    expect(await store.getState().start({ projectDir: '/elsewhere', prompt: 'go' })).toBe(false);
    expect(store.getState()).toMatchObject({ dialogOpen: true, failure: 'Background tasks run only in a folder open in Agent Desk. Open the folder first.' });
  });

  it('a task started from the dialog the tray opened says so (its banner names the tray)', async () => {
    const bridge = createFakeBridge();
    bridge.handle('background:choices', () => ({ projects: [], savedTasks: [] }));
    bridge.handle('background:start', (req) => ({ task: task({ id: 'n', ...(req.from ? { startedFrom: req.from } : {}) }) }));
    const store = createBackgroundStore(bridge);
    store.getState().openDialog('tray');
    await store.getState().start({ projectDir: '/p', prompt: 'go' });
    store.getState().openDialog();
    await store.getState().start({ projectDir: '/p', prompt: 'go' });
    expect(bridge.calls.filter((c) => c.channel === 'background:start').map((c) => (c.request as { from?: string }).from)).toEqual(['tray', 'app']);
  });

  it('stop shows the task as main answers it; show requests wait until the App takes them', async () => {
    const bridge = createFakeBridge();
    bridge.handle('background:stop', ({ taskId }) => ({ outcome: 'stopped', task: task({ id: taskId, status: 'stopped' }) }));
    const store = createBackgroundStore(bridge);
    store.getState().handleChanged(task({}));
    await store.getState().stop('t1');
    expect(store.getState().tasks[0]!.status).toBe('stopped');
    expect(store.getState().stopping).toEqual({});
    store.getState().setReveal({ requestId: 'r1' });
    expect(store.getState().reveal).toEqual({ requestId: 'r1' });
    store.getState().reset();
    expect(store.getState()).toMatchObject({ tasks: [], reveal: null, dialogOpen: false });
  });
});
