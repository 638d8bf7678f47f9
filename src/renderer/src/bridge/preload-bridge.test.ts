// DK2: the desktop Bridge over window.api — ok results resolve, error results throw IpcFailure with
// the typed code, a broken link or malformed answer is a typed 'internal' failure, events pass through.
import { describe, expect, test, vi } from 'vitest';
import { invokeChannels } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/errors';
import type { PreloadApi } from '../../../shared/ipc/preload-api';
import { createPreloadBridge } from './preload-bridge';

function fakeApi(answer: (channel: string, req: unknown) => unknown) {
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const sent: [string, unknown][] = [];
  const invoke = Object.fromEntries(invokeChannels.map((c) => [c, async (req: unknown) => answer(c, req)]));
  const api = {
    invoke,
    send: { 'log:write': (p: unknown) => sent.push(['log:write', p]) },
    on: Object.fromEntries(
      ['session:event', 'app:notice'].map((c) => [
        c,
        (l: (p: unknown) => void) => {
          const set = listeners.get(c) ?? new Set();
          set.add(l);
          listeners.set(c, set);
          return () => set.delete(l);
        },
      ]),
    ),
  } as unknown as PreloadApi;
  return { api, sent, emit: (c: string, p: unknown) => listeners.get(c)?.forEach((l) => l(p)), listeners };
}

describe('createPreloadBridge (DK2)', () => {
  test('an ok result resolves with its value', async () => {
    const { api } = fakeApi((c) => ({ ok: true, value: { channel: c } }));
    await expect(createPreloadBridge(api).invoke('session:list', {})).resolves.toEqual({ channel: 'session:list' });
  });

  test('an error result rejects with IpcFailure carrying the code and issues', async () => {
    const { api } = fakeApi(() => ({ ok: false, error: { code: 'invalid_input', message: 'bad', issues: [{ path: 'dir', message: 'Required' }] } }));
    const err = await createPreloadBridge(api).invoke('project:open', { dir: '' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IpcFailure);
    expect(err).toMatchObject({ code: 'invalid_input', message: 'bad', issues: [{ path: 'dir', message: 'Required' }] });
  });

  test('a rejected IPC call (broken link) is an internal IpcFailure', async () => {
    const { api } = fakeApi(() => {
      throw new Error('No handler registered');
    });
    await expect(createPreloadBridge(api).invoke('app:init', {})).rejects.toMatchObject({ name: 'IpcFailure', code: 'internal' });
  });

  test('a malformed answer is an internal IpcFailure, not a crash later', async () => {
    for (const bad of [undefined, null, 42, { ok: true }, { ok: false }, { ok: 'yes', value: 1 }]) {
      const { api } = fakeApi(() => bad);
      await expect(createPreloadBridge(api).invoke('app:init', {})).rejects.toMatchObject({ code: 'internal' });
    }
  });

  test('an unknown channel is invalid_channel (also for inherited names)', async () => {
    const { api } = fakeApi(() => ({ ok: true, value: 1 }));
    const bridge = createPreloadBridge(api);
    await expect(bridge.invoke('nope' as never, {} as never)).rejects.toMatchObject({ code: 'invalid_channel' });
    await expect(bridge.invoke('toString' as never, {} as never)).rejects.toMatchObject({ code: 'invalid_channel' });
    expect(() => bridge.send('nope' as never, {} as never)).toThrow(IpcFailure);
    expect(() => bridge.on('nope' as never, () => {})).toThrow(IpcFailure);
  });

  test('send and on pass through; unsubscribe works', () => {
    const f = fakeApi(() => null);
    const bridge = createPreloadBridge(f.api);
    bridge.send('log:write', { level: 'warn', message: 'w' });
    expect(f.sent).toEqual([['log:write', { level: 'warn', message: 'w' }]]);
    const l = vi.fn();
    const off = bridge.on('app:notice', l);
    f.emit('app:notice', { level: 'info', message: 'm' });
    expect(l).toHaveBeenCalledWith({ level: 'info', message: 'm' });
    off();
    expect(f.listeners.get('app:notice')?.size).toBe(0);
  });

  test('the preload link is always open', () => {
    const bridge = createPreloadBridge(fakeApi(() => null).api);
    expect(bridge.connection()).toBe('open');
    expect(typeof bridge.onConnection(() => {})).toBe('function');
  });
});
