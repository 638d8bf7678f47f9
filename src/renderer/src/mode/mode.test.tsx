// Issue 19: the message box's choice of how the assistant works — the store follows main's mode
// events and answers, a choice made before the conversation exists is applied when it is created
// (before its first message), and the picker names each mode in plain words; a mode set in settings
// is shown but cannot be picked away here.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createFakeBridge } from '../testing/fake-bridge';
import { createModeStore } from './mode-store';
import { ModePicker } from './ModePicker';

const quiet = (): void => {};

describe('how the assistant works (issue 19)', () => {
  it('issue 19 a choice goes to main and its answer is the mode shown; main’s events move it too', async () => {
    const bridge = createFakeBridge();
    const sent: unknown[] = [];
    bridge.handle('session:set-mode', (req) => {
      sent.push(req);
      return { mode: req.mode };
    });
    const store = createModeStore(bridge, quiet);
    expect(await store.getState().choose('s1', 'plan')).toBe(true);
    expect(sent).toEqual([{ sessionId: 's1', mode: 'plan' }]);
    expect(store.getState().modes.s1).toBe('plan');
    // A plan approved into automatic edits: main says so.
    store.getState().handleEvent({ type: 'mode', sessionId: 's1', mode: 'acceptEdits' });
    expect(store.getState().modes.s1).toBe('acceptEdits');
  });

  it('issue 19 chosen before the conversation exists: kept, then applied to the new one once', async () => {
    const bridge = createFakeBridge();
    const sent: unknown[] = [];
    bridge.handle('session:set-mode', (req) => (sent.push(req), { mode: req.mode }));
    const store = createModeStore(bridge, quiet);
    await store.getState().choose(null, 'plan');
    expect(sent).toEqual([]);
    expect(store.getState().draft).toBe('plan');
    await store.getState().applyDraft('new');
    await store.getState().applyDraft('other');
    expect(sent).toEqual([{ sessionId: 'new', mode: 'plan' }]);
    expect(store.getState().draft).toBeNull();
  });

  it('issue 19 a refused change says so and leaves the shown mode as it was', async () => {
    const bridge = createFakeBridge();
    bridge.fail('session:set-mode', { code: 'unsupported', message: 'How the assistant works cannot be changed here.' });
    const banners: Array<{ title: string; message: string }> = [];
    const store = createModeStore(bridge, (b) => banners.push(b));
    store.getState().load('s1', 'default');
    expect(await store.getState().choose('s1', 'acceptEdits')).toBe(false);
    expect(store.getState().modes.s1).toBe('default');
    expect(banners[0]).toMatchObject({ title: 'How the assistant works was not changed', message: expect.stringContaining('cannot be changed here') });
  });

  it('issue 19 the picker: a labelled choice of three modes in plain words; a mode from settings shown, not offered', () => {
    const html = renderToStaticMarkup(<ModePicker mode="plan" onChoose={quiet} />);
    expect(html).toContain('How the assistant works');
    expect(html).toMatch(/<select[^>]*>/);
    expect(html).not.toMatch(/<select[^>]*disabled/);
    expect(html).toContain('<option value="default">Ask before changes</option>');
    expect(html).toContain('<option value="acceptEdits">Edit files without asking</option>');
    expect(html).toContain('<option value="plan" selected="">Plan only, change nothing</option>');
    const fixed = renderToStaticMarkup(<ModePicker mode="bypassPermissions" onChoose={quiet} />);
    expect(fixed).toContain('Never ask (set in settings)');
    expect(fixed).toMatch(/<select[^>]*disabled/);
  });
});
