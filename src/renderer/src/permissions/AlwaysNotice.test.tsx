// Issue 13 item 3, undo: the notice after an "Always allow" answer says in plain words what is now
// allowed and where it was saved, offers Undo (named "Undo always allow") and Dismiss; Undo sends the
// rule back to main (permission:undo-always) and the notice then says it is undone.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { SavedAlwaysRule } from '../../../shared/permissions/rule-store';
import type { AlwaysNotice as Notice, AlwaysState } from '../stores/always-store';
import { createStores, type Stores } from '../stores/create-stores';
import { StoresProvider } from '../stores/react';
import type { SessionsState } from '../stores/sessions-store';
import { createFakeBridge, type FakeBridge } from '../testing/fake-bridge';
import { AlwaysNotice } from './AlwaysNotice';
import { alwaysSentence } from './always-words';

const text = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** Server rendering reads a store's initial state, so the notices and the open session are in it from the start. */
function render(stores: Stores, notices: Record<string, Notice>, currentId: string | null = 's1'): string {
  const always = createStore<AlwaysState>()(() => ({ ...stores.always.getState(), notices }));
  const sessions = createStore<SessionsState>()(() => ({ ...stores.sessions.getState(), currentId }));
  return renderToStaticMarkup(
    <StoresProvider stores={{ ...stores, always, sessions }}>
      <AlwaysNotice />
    </StoresProvider>,
  );
}

const notice = (over: Partial<Notice> = {}): Notice => ({ id: 1, sessionId: 's1', rule: 'Bash(npm run:*)', destination: 'localSettings', state: 'saved', ...over });

function resolved(bridge: FakeBridge, saved: SavedAlwaysRule | undefined, sessionId = 's1', decision: 'allow_always' | 'allow_once' = 'allow_always'): void {
  bridge.emit('session:event', { type: 'permission_resolved', sessionId, requestId: `r-${Math.random()}`, decision, ...(saved ? { saved } : {}) });
}

describe('issue 13 item 3: the words', () => {
  it('what is allowed, lower-cased after the colon, and who it is saved for', () => {
    expect(alwaysSentence({ rule: 'Bash(npm run:*)', destination: 'localSettings' })).toBe(
      'Agent Desk will now always allow: any command that starts with “npm run” — saved for this project, just you.',
    );
    expect(alwaysSentence({ rule: 'Bash(touch a.txt)', destination: 'projectSettings' })).toBe(
      'Agent Desk will now always allow: only the exact command “touch a.txt” — saved for this project, for everyone who works on it.',
    );
    expect(alwaysSentence({ rule: 'Edit(/notes/**)', destination: 'userSettings' })).toBe(
      'Agent Desk will now always allow: changing files matching “/notes/**” — saved for all your projects.',
    );
    expect(alwaysSentence({ rule: 'WebFetch(domain:example.com)', destination: 'session' })).toBe(
      'Agent Desk will now always allow: pages from example.com — for this conversation only.',
    );
  });
});

describe('issue 13 item 3: the notice', () => {
  it('renders the sentence in a status region with Undo and Dismiss, named', () => {
    const html = render(createStores(createFakeBridge()), { s1: notice() });
    expect(html).toContain('role="status"');
    expect(text(html)).toContain('Agent Desk will now always allow: any command that starts with “npm run” — saved for this project, just you.');
    expect(html).toMatch(/<button[^>]*aria-label="Undo always allow"[^>]*>Undo<\/button>/);
    expect(html).toMatch(/<button[^>]*aria-label="Dismiss"/);
  });

  it('shows only the open conversation’s notice; with none, an empty status region stays for the next one', () => {
    const stores = createStores(createFakeBridge());
    expect(text(render(stores, { other: notice({ sessionId: 'other' }) }))).toBe('');
    expect(render(stores, {})).toBe('<div class="always-notice-slot" role="status" aria-label="Always allow"></div>');
    expect(render(stores, { s1: notice() }, null)).not.toContain('Undo');
  });

  it('undone: says so, no Undo left; already gone and failed say what happened', () => {
    const stores = createStores(createFakeBridge());
    const undone = render(stores, { s1: notice({ state: 'undone' }) });
    expect(text(undone)).toBe('Undone: Agent Desk will ask again next time. ×');
    expect(undone).not.toContain('Undo always allow');
    expect(text(render(stores, { s1: notice({ state: 'gone' }) }))).toContain('Nothing to undo: the rule had already been removed.');
    const failed = render(stores, { s1: notice({ state: 'failed', error: 'the settings file is not valid JSON' }) });
    expect(text(failed)).toContain('Could not undo: the settings file is not valid JSON. The rule still applies.');
    expect(failed).toContain('aria-label="Undo always allow"');
    expect(render(stores, { s1: notice({ state: 'undoing' }) })).toMatch(/aria-label="Undo always allow" aria-disabled="true"[^>]*>Undoing…/);
  });
});

describe('issue 13 item 3: the store behind it', () => {
  it('keeps the latest saved rule per conversation from permission_resolved; other answers make none', () => {
    const bridge = createFakeBridge();
    const { always } = createStores(bridge);
    resolved(bridge, undefined);
    resolved(bridge, { rule: 'Bash(ls)', destination: 'session' }, 's1', 'allow_once');
    expect(always.getState().notices).toEqual({});
    resolved(bridge, { rule: 'Bash(npm test)', destination: 'session' });
    resolved(bridge, { rule: 'Bash(npm run:*)', destination: 'localSettings' });
    resolved(bridge, { rule: 'Read', destination: 'userSettings' }, 's2');
    expect(always.getState().notices.s1).toMatchObject({ rule: 'Bash(npm run:*)', destination: 'localSettings', state: 'saved' });
    expect(always.getState().notices.s2).toMatchObject({ rule: 'Read', state: 'saved' });
    always.getState().dismiss('s1');
    expect(Object.keys(always.getState().notices)).toEqual(['s2']);
  });

  it('Undo calls permission:undo-always with the saved rule, then shows Undone and reads the workbench again', async () => {
    const bridge = createFakeBridge();
    const stores = createStores(bridge);
    let undo: unknown = null;
    bridge.handle('permission:undo-always', (request) => ((undo = request), { undone: true, session: true, file: true }));
    bridge.handle('permissions:list', () => ({ sources: [], defaultMode: null, bypassDisabled: false, additionalDirectories: [] }));
    // The workbench has been read once: it is read again after the rule leaves its file.
    await stores.rules.getState().load('/p');
    resolved(bridge, { rule: 'Bash(npm run:*)', destination: 'localSettings' });

    expect(await stores.always.getState().undo('s1')).toBe(true);
    expect(undo).toEqual({ sessionId: 's1', rule: 'Bash(npm run:*)', destination: 'localSettings' });
    expect(stores.always.getState().notices.s1?.state).toBe('undone');
    expect(bridge.calls.filter((c) => c.channel === 'permissions:list')).toHaveLength(2);
    expect(text(render(stores, stores.always.getState().notices))).toBe('Undone: Agent Desk will ask again next time. ×');
    // Undone already: a second Undo sends nothing.
    expect(await stores.always.getState().undo('s1')).toBe(false);
    expect(bridge.calls.filter((c) => c.channel === 'permission:undo-always')).toHaveLength(1);
  });

  it('nothing to undo and a failure are told apart; a failed Undo can be tried again', async () => {
    const bridge = createFakeBridge();
    const { always } = createStores(bridge);
    resolved(bridge, { rule: 'Bash(ls)', destination: 'projectSettings' });
    bridge.fail('permission:undo-always', { code: 'not_found', message: 'No session s1 in this project.' });
    expect(await always.getState().undo('s1')).toBe(false);
    expect(always.getState().notices.s1).toMatchObject({ state: 'failed', error: 'No session s1 in this project.' });
    const fresh = createFakeBridge();
    const again = createStores(fresh);
    fresh.handle('permission:undo-always', () => ({ undone: false, session: false, file: false }));
    resolved(fresh, { rule: 'Bash(ls)', destination: 'projectSettings' });
    expect(await again.always.getState().undo('s1')).toBe(false);
    expect(again.always.getState().notices.s1?.state).toBe('gone');
  });

  it('a newer answer while an Undo is on its way is not overwritten by the old Undo’s outcome', async () => {
    const bridge = createFakeBridge();
    const { always } = createStores(bridge);
    let finish: (v: { undone: boolean; session: boolean; file: boolean }) => void = () => undefined;
    bridge.handle('permission:undo-always', () => new Promise((r) => (finish = r)));
    resolved(bridge, { rule: 'Bash(ls)', destination: 'session' });
    const pending = always.getState().undo('s1');
    expect(always.getState().notices.s1?.state).toBe('undoing');
    resolved(bridge, { rule: 'Bash(npm test)', destination: 'session' });
    await Promise.resolve();
    finish({ undone: true, session: true, file: false });
    await pending;
    expect(always.getState().notices.s1).toMatchObject({ rule: 'Bash(npm test)', state: 'saved' });
  });
});
