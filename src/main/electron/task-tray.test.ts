// DK3 / issue 18 item 5: the tray's background tasks wired against the stand-in electron — the menu
// follows the service, a task that finishes or fails notifies and its click opens the task, Show opens
// a waiting task's approval, and quitting while tasks run asks (leave them, stop them, or cancel).
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { electron, FakeNotification, FakeTray, resetElectronStub } from '../../../test/electron-stub';
import type { BackgroundTaskView } from '../../shared/background-tasks';
import type { PermissionRequestView } from '../../shared/permissions/request';
import type { BackgroundTasks } from '../app/background/service';
import { connectTaskTray, finishedBody, QUIT_BUTTONS, type Reveal } from './task-tray';
import { createAppTray, type AppTray } from './tray';

vi.mock('electron', async () => (await import('../../../test/electron-stub')).electron);

type Item = { label?: string; type?: string; enabled?: boolean; submenu?: Item[]; click?: () => void };
const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const task = (over: Partial<BackgroundTaskView>): BackgroundTaskView => ({
  id: 't1', name: 'nightly deps', projectDir: '/home/me/proj', where: '~/proj', prompt: 'p', mode: 'default', status: 'running', activity: 'Running npm test',
  turns: 1, createdAt: 1, waiting: 0, usage: null, host: 'local', sessionId: 's1', ...over,
});

/** The service as the tray sees it: tests push task lists; stop and pending are recorded. */
function fakeService(pending: PermissionRequestView[] = []) {
  let listener: ((tasks: BackgroundTaskView[]) => void) | null = null;
  const stopped: string[] = [];
  const svc = {
    subscribe: (l: (tasks: BackgroundTaskView[]) => void) => {
      listener = l;
      return () => (listener = null);
    },
    refresh: vi.fn(async () => undefined),
    stop: vi.fn(async (id: string) => {
      stopped.push(id);
      return { outcome: 'not_found' as const };
    }),
    pending: vi.fn(async () => pending),
  } as unknown as BackgroundTasks;
  return { svc, stopped, push: (tasks: BackgroundTaskView[]) => listener?.(tasks) };
}

let tray: AppTray;
let reveals: Array<{ dir: string; what: Reveal }>;
beforeEach(() => {
  resetElectronStub();
  tray = createAppTray('/res/tray.png', { recent: () => [], openProject: vi.fn(), openRecent: vi.fn(), newTask: vi.fn(), openApp: vi.fn(), showTask: vi.fn(), stopTask: vi.fn(), reviewApprovals: vi.fn(), quit: vi.fn() });
  reveals = [];
});
const connect = (svc: BackgroundTasks) => connectTaskTray({ background: svc, tray: () => tray, reveal: (dir, what) => void reveals.push({ dir, what }), log });
const menuLabels = () => (FakeTray.created[0]!.menu!.items as Item[]).map((i) => i.label ?? i.type);

describe('tray wiring of background tasks (DK3)', () => {
  test('the menu follows the tasks; the watch is asked at once', () => {
    const f = fakeService();
    connect(f.svc);
    expect(f.svc.refresh).toHaveBeenCalled();
    f.push([task({})]);
    expect(menuLabels()).toContain('▶ nightly deps — Running npm test');
    f.push([task({ status: 'needs-approval', waiting: 1 })]);
    expect(menuLabels()).toContain('⚠ nightly deps — needs your approval');
  });

  test('finished and failed notify once, with the outcome; a click opens the task’s conversation; a Stop or a task first seen ended does not', () => {
    const f = fakeService();
    connect(f.svc);
    f.push([task({}), task({ id: 't2', name: 'old', status: 'done' }), task({ id: 't3', name: 'third' })]);
    expect(FakeNotification.created).toHaveLength(0);
    f.push([task({ status: 'done', outcome: 'All 212 tests pass.\nDetails follow.' }), task({ id: 't2', name: 'old', status: 'done' }), task({ id: 't3', name: 'third', status: 'stopped' })]);
    expect(FakeNotification.created).toHaveLength(1);
    const n = FakeNotification.created[0]!;
    expect(n.shown).toBe(true);
    expect(n.title).toBe('Background task finished');
    expect(n.body).toBe('“nightly deps” in ~/proj\nAll 212 tests pass.');
    n.click();
    expect(reveals).toEqual([{ dir: '/home/me/proj', what: { taskId: 't1', sessionId: 's1' } }]);
    // The same state again: no second notification.
    f.push([task({ status: 'done', outcome: 'All 212 tests pass.' })]);
    expect(FakeNotification.created).toHaveLength(1);
    f.push([task({ id: 't4', status: 'running' })]);
    f.push([task({ id: 't4', status: 'failed', outcome: 'The model could not be reached.' })]);
    expect(FakeNotification.created.at(-1)).toMatchObject({ title: 'Background task failed', body: '“nightly deps” in ~/proj\nThe model could not be reached.' });
  });

  test('no notifications on a system without them', () => {
    FakeNotification.supported = false;
    const f = fakeService();
    connect(f.svc);
    f.push([task({})]);
    f.push([task({ status: 'done' })]);
    expect(FakeNotification.created).toHaveLength(0);
  });

  test('Show: a task waiting on a person opens its request; another opens its conversation', async () => {
    const req = { requestId: 'r9', sessionId: 's1' } as PermissionRequestView;
    const f = fakeService([{ requestId: 'other', sessionId: 'sX' } as PermissionRequestView, req]);
    const tt = connect(f.svc);
    f.push([task({ status: 'needs-approval', waiting: 1 }), task({ id: 't2', sessionId: 's2', status: 'done' })]);
    tt.show('t1');
    await vi.waitFor(() => expect(reveals).toHaveLength(1));
    expect(reveals[0]).toEqual({ dir: '/home/me/proj', what: { taskId: 't1', requestId: 'r9' } });
    tt.show('t2');
    expect(reveals[1]).toEqual({ dir: '/home/me/proj', what: { taskId: 't2', sessionId: 's2' } });
    tt.show('unknown');
    expect(reveals).toHaveLength(2);
  });

  test('quitting with nothing running goes on at once, without asking', () => {
    const f = fakeService();
    const tt = connect(f.svc);
    f.push([task({ status: 'done' })]);
    expect(tt.confirmQuit()).toBe(true);
    expect(electron.dialog.state.messageBoxes).toHaveLength(0);
  });

  test('quitting while tasks run asks: leave them running, stop them, or cancel', async () => {
    const f = fakeService();
    const tt = connect(f.svc);
    f.push([task({}), task({ id: 't2', name: 'second', status: 'needs-approval' }), task({ id: 't3', status: 'done' })]);
    electron.dialog.state.nextMessageBoxResponse = 2;
    expect(await tt.confirmQuit()).toBe(false);
    const box = electron.dialog.state.messageBoxes[0]!.options;
    expect(box.message).toBe('2 background tasks are still running.');
    expect(box.buttons).toEqual([...QUIT_BUTTONS]);
    expect(box.cancelId).toBe(2);
    expect(f.stopped).toEqual([]);
    electron.dialog.state.nextMessageBoxResponse = 0;
    expect(await tt.confirmQuit()).toBe(true);
    expect(f.stopped).toEqual([]);
    electron.dialog.state.nextMessageBoxResponse = 1;
    expect(await tt.confirmQuit()).toBe(true);
    expect(f.stopped).toEqual(['t1', 't2']);
    f.push([task({})]);
    electron.dialog.state.nextMessageBoxResponse = 2;
    await tt.confirmQuit();
    expect(electron.dialog.state.messageBoxes.at(-1)!.options.message).toBe('The background task “nightly deps” is still running.');
  });

  test('finishedBody cuts a long outcome to one line', () => {
    expect(finishedBody(task({ outcome: 'x'.repeat(300) })).split('\n')[1]).toHaveLength(120);
    expect(finishedBody(task({}))).toBe('“nightly deps” in ~/proj');
  });
});
