// DK2: the preload exposes exactly the contract as `window.api` — every invoke, send and event
// channel and nothing else — and event listeners receive the payload only, never the IPC event.
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { electron } from '../../test/electron-stub';
import { eventChannels, invokeChannels, sendChannels } from '../shared/ipc/contract';
import type { PreloadApi } from '../shared/ipc/preload-api';

vi.mock('electron', async () => (await import('../../test/electron-stub')).electron);

let api: PreloadApi;
beforeAll(async () => {
  await import('./index');
  api = electron.contextBridge.exposed['api'] as PreloadApi;
});

describe('window.api (DK2)', () => {
  test("only 'api' is exposed in the main world", () => {
    expect(Object.keys(electron.contextBridge.exposed)).toEqual(['api']);
  });

  test('has exactly invoke/send/on with exactly the contract channels', () => {
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on', 'send']);
    expect(Object.keys(api.invoke).sort()).toEqual([...invokeChannels].sort());
    expect(Object.keys(api.send).sort()).toEqual([...sendChannels].sort());
    expect(Object.keys(api.on).sort()).toEqual([...eventChannels].sort());
    for (const table of [api.invoke, api.send, api.on]) {
      for (const fn of Object.values(table)) expect(typeof fn).toBe('function');
    }
  });

  test('the api cannot be extended or altered by the page', () => {
    expect(Object.isFrozen(api) && Object.isFrozen(api.invoke) && Object.isFrozen(api.send) && Object.isFrozen(api.on)).toBe(true);
  });

  test('invoke forwards the request on the same channel and returns the IpcResult', async () => {
    electron.ipcRenderer.invokeResult = { ok: true, value: { sessions: [] } };
    await expect(api.invoke['session:list']({})).resolves.toEqual({ ok: true, value: { sessions: [] } });
    expect(electron.ipcRenderer.invoked.at(-1)).toEqual({ channel: 'session:list', args: [{}] });
  });

  test('send forwards the payload on the same channel', () => {
    api.send['log:write']({ level: 'info', message: 'hi' });
    expect(electron.ipcRenderer.sentMessages.at(-1)).toEqual({ channel: 'log:write', args: [{ level: 'info', message: 'hi' }] });
  });

  test('listeners get the payload only — never the IpcRendererEvent — and unsubscribe cleanly', () => {
    const listener = vi.fn();
    const off = api.on['app:notice'](listener);
    electron.ipcRenderer.deliver('app:notice', { level: 'info', message: 'hello' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]).toEqual([{ level: 'info', message: 'hello' }]);
    off();
    expect(electron.ipcRenderer.listenerCount('app:notice')).toBe(0);
    electron.ipcRenderer.deliver('app:notice', { level: 'info', message: 'again' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  test('two subscriptions to one channel are independent', () => {
    const a = vi.fn();
    const b = vi.fn();
    const offA = api.on['session:event'](a);
    const offB = api.on['session:event'](b);
    offA();
    electron.ipcRenderer.deliver('session:event', { x: 1 });
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledWith({ x: 1 });
    offB();
  });
});
