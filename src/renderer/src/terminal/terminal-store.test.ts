// The terminal pane's store (issue 15 item 5): output kept for a view that attaches later, tabs after
// open/close, a reload's screens, the "not available" sentence, long pastes in pieces.
import { describe, expect, it, vi } from 'vitest';
import { TERMINAL_INPUT_MAX } from '../../../shared/ipc/terminal-contract';
import { createFakeBridge } from '../testing/fake-bridge';
import { createTerminalStore, endedLine } from './terminal-store';

describe('terminal store (issue 15 item 5)', () => {
  it('output that arrives before a view attaches is replayed to it, then new output follows', async () => {
    const bridge = createFakeBridge();
    bridge.handle('terminal:open', () => ({ terminalId: 'term-1', title: 'Terminal 1', readOnly: false }));
    const store = createTerminalStore(bridge);
    await store.getState().openShell({ cols: 80, rows: 24 });
    expect(store.getState()).toMatchObject({ tabs: [{ terminalId: 'term-1', title: 'Terminal 1', exit: null }], activeId: 'term-1', error: null });
    bridge.emit('terminal:data', { terminalId: 'term-1', data: '$ ' });
    const seen: string[] = [];
    const detach = store.getState().attach('term-1', (d) => seen.push(d));
    bridge.emit('terminal:data', { terminalId: 'term-1', data: 'ls\r\n' });
    bridge.emit('terminal:data', { terminalId: 'term-2', data: 'not mine' });
    detach();
    bridge.emit('terminal:data', { terminalId: 'term-1', data: 'after detach' });
    expect(seen).toEqual(['$ ', 'ls\r\n']);
  });

  it('the shell’s end marks the tab and says so on its screen; closing picks the neighbour', async () => {
    const bridge = createFakeBridge();
    let n = 0;
    bridge.handle('terminal:open', () => ({ terminalId: `term-${++n}`, title: `Terminal ${n}`, readOnly: false }));
    bridge.handle('terminal:close', () => ({ closed: true }));
    const store = createTerminalStore(bridge);
    await store.getState().openShell({ cols: 80, rows: 24 });
    await store.getState().openShell({ cols: 80, rows: 24 });
    bridge.emit('terminal:exit', { terminalId: 'term-1', exitCode: 2, signal: null });
    expect(store.getState().tabs[0]?.exit).toEqual({ exitCode: 2, signal: null });
    const seen: string[] = [];
    store.getState().attach('term-1', (d) => seen.push(d));
    expect(seen.join('')).toContain('This terminal has stopped (it ended with code 2)');
    store.getState().select('term-1');
    await store.getState().close('term-1');
    expect(store.getState().tabs.map((t) => t.title)).toEqual(['Terminal 2']);
    expect(store.getState().activeId).toBe('term-2');
    expect(bridge.calls.filter((c) => c.channel === 'terminal:close').map((c) => c.request)).toEqual([{ terminalId: 'term-1' }]);
  });

  it('after a reload, load() brings back the window’s terminals with their screens', async () => {
    const bridge = createFakeBridge();
    const exit = { exitCode: 0, signal: null };
    bridge.handle('terminal:list', () => ({
      terminals: [
        { terminalId: 'term-4', title: 'Terminal 1', readOnly: false, exit: null, screen: 'old screen' },
        { terminalId: 'term-5', title: 'Output: npm run dev', readOnly: true, exit, screen: 'server up' },
      ],
    }));
    const store = createTerminalStore(bridge);
    await store.getState().load();
    expect(store.getState().tabs.map((t) => [t.title, t.readOnly])).toEqual([['Terminal 1', false], ['Output: npm run dev', true]]);
    const seen: string[] = [];
    store.getState().attach('term-5', (d) => seen.push(d));
    expect(seen).toEqual(['server up' + endedLine(exit)]);
  });

  it('where the terminal cannot start, the pane gets main’s sentence', async () => {
    const bridge = createFakeBridge();
    bridge.fail('terminal:open', { code: 'unsupported', message: 'The terminal is not available on this computer: no pty.' });
    const store = createTerminalStore(bridge);
    await store.getState().openShell({ cols: 80, rows: 24 });
    expect(store.getState()).toMatchObject({ tabs: [], opening: false });
    expect(store.getState().error).toContain('The terminal is not available on this computer: no pty.');
  });

  it('a paste longer than one message goes in pieces, in order', () => {
    const bridge = createFakeBridge();
    bridge.handle('terminal:input', () => ({ accepted: true }));
    const store = createTerminalStore(bridge);
    const text = 'a'.repeat(TERMINAL_INPUT_MAX) + 'b'.repeat(10);
    store.getState().input('term-1', text);
    const pieces = bridge.calls.filter((c) => c.channel === 'terminal:input').map((c) => (c.request as { data: string }).data);
    expect(pieces.map((p) => p.length)).toEqual([TERMINAL_INPUT_MAX, 10]);
    expect(pieces.join('')).toBe(text);
  });
});

describe('terminal store after a dropped connection (issue 15 item 5)', () => {
  it('with terminals open, reads them again (main may have ended them); with none, asks nothing', async () => {
    const bridge = createFakeBridge();
    bridge.handle('terminal:list', () => ({ terminals: [] }));
    bridge.handle('terminal:open', () => ({ terminalId: 'term-1', title: 'Terminal 1', readOnly: false }));
    const store = createTerminalStore(bridge);
    bridge.setConnection('closed');
    bridge.setConnection('open');
    expect(bridge.calls.filter((c) => c.channel === 'terminal:list')).toHaveLength(0);
    await store.getState().openShell({ cols: 80, rows: 24 });
    bridge.setConnection('closed');
    bridge.setConnection('open');
    await Promise.resolve();
    await Promise.resolve();
    expect(bridge.calls.filter((c) => c.channel === 'terminal:list')).toHaveLength(1);
    await vi.waitFor(() => expect(store.getState().tabs).toEqual([]));
  });
});
