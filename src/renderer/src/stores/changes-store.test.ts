// The Changes pane's store against a fake bridge (PX6): a revert asks main for the paths (never with
// contents), keeps each file's result with the number of calls it was made at, and a failure of the
// whole request is text for the pane; opening a file answers what happened in words.
import { describe, expect, it } from 'vitest';
import { createFakeBridge } from '../testing/fake-bridge';
import { createChangesStore } from './changes-store';

describe('changes store (PX6)', () => {
  it('revert sends the paths and the second choice, and records each file’s result per conversation', async () => {
    const bridge = createFakeBridge();
    bridge.handle('changes:revert', (req) => ({ files: (req.paths as string[]).map((path) => ({ path, outcome: 'restored' as const, message: 'Reverted.' })) }));
    const store = createChangesStore(bridge);
    const results = await store.getState().revert({ sessionId: 's1', files: [{ path: '/p/a.ts', calls: 2 }, { path: '/p/b.ts', calls: 1 }], overwriteLaterChanges: true });
    expect(bridge.calls).toEqual([{ channel: 'changes:revert', request: { sessionId: 's1', paths: ['/p/a.ts', '/p/b.ts'], overwriteLaterChanges: true } }]);
    expect(results?.map((r) => r.outcome)).toEqual(['restored', 'restored']);
    expect(store.getState().reverted.s1!['/p/a.ts']).toEqual({ result: { path: '/p/a.ts', outcome: 'restored', message: 'Reverted.', canOverwrite: false }, calls: 2 });
    expect(store.getState().reverting).toBe(false);
  });

  it('a failed request reverts nothing and says why, for that conversation only', async () => {
    const bridge = createFakeBridge();
    bridge.fail('changes:revert', { code: 'busy', message: 'The assistant is still working in this conversation.' });
    const store = createChangesStore(bridge);
    expect(await store.getState().revert({ sessionId: 's1', files: [{ path: '/p/a.ts', calls: 1 }] })).toBeNull();
    expect(store.getState().failure).toEqual({ s1: 'Nothing was reverted. The assistant is still working in this conversation.' });
    expect(store.getState().reverted).toEqual({});
  });

  it('openInEditor: opened, shown in its folder, or main’s reason', async () => {
    const bridge = createFakeBridge();
    const store = createChangesStore(bridge);
    bridge.handle('changes:open', () => ({ shown: 'file' }));
    expect(await store.getState().openInEditor('s1', '/p/a.ts')).toEqual({ ok: true, text: 'Opened in your editor.' });
    bridge.handle('changes:open', () => ({ shown: 'folder' }));
    expect((await store.getState().openInEditor('s1', '/p/run.sh')).text).toContain('Shown in its folder instead');
    bridge.fail('changes:open', { code: 'unsupported', message: 'Opening a file in another app is only possible in the desktop app.' });
    expect(await store.getState().openInEditor('s1', '/p/a.ts')).toEqual({ ok: false, text: 'Opening a file in another app is only possible in the desktop app.' });
  });
});
