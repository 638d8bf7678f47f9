// The rule workbench's store against a fake bridge (issue 5 item 8): listings replace each other in
// order, edits answer with the new listing or main's message (the listing stays), another project's
// answers never show, and tests / recent checks come back as outcomes instead of throwing.
import { describe, expect, it } from 'vitest';
import type { RuleListing } from '../../../shared/permissions/rule-store';
import { createFakeBridge } from '../testing/fake-bridge';
import { createRulesStore } from './rules-store';

const listing = (allow: string[]): RuleListing => ({
  sources: [
    {
      source: 'localSettings',
      label: 'Only me, in this project',
      file: '/p/.claude/settings.local.json',
      exists: allow.length > 0,
      writable: true,
      allow,
      deny: [],
      ask: [],
      warnings: [],
    },
  ],
  defaultMode: null,
  bypassDisabled: false,
  additionalDirectories: [],
});

/** A promise the test resolves by hand, to deliver answers out of order. */
function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const flush = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe('rules store (issue 5 item 8: rule workbench)', () => {
  it('load reads permissions:list and says when it is reading', async () => {
    const bridge = createFakeBridge();
    const answer = deferred<RuleListing>();
    bridge.handle('permissions:list', () => answer.promise);
    const store = createRulesStore(bridge);
    const done = store.getState().load('/p');
    expect(store.getState().loading).toBe(true);
    answer.resolve(listing(['Bash(ls)']));
    await done;
    expect(store.getState()).toMatchObject({ loading: false, loadError: null, project: '/p' });
    expect(store.getState().listing?.sources[0]?.allow).toEqual(['Bash(ls)']);
    expect(bridge.calls).toEqual([{ channel: 'permissions:list', request: {} }]);
  });

  it('a failed load keeps the listing on screen and says why', async () => {
    const bridge = createFakeBridge();
    bridge.handle('permissions:list', () => listing(['Bash(ls)']));
    const store = createRulesStore(bridge);
    await store.getState().load('/p');
    bridge.fail('permissions:list', { code: 'internal', message: 'Connection to Agent Desk was lost' });
    await store.getState().load('/p');
    expect(store.getState().loadError).toBe('Connection to Agent Desk was lost');
    expect(store.getState().listing?.sources[0]?.allow).toEqual(['Bash(ls)']);
    expect(store.getState().loading).toBe(false);
  });

  it('add sends the edit and shows the listing main answers with', async () => {
    const bridge = createFakeBridge();
    bridge.handle('permissions:list', () => listing([]));
    bridge.handle('permissions:add', (e) => listing([e.rule]));
    const store = createRulesStore(bridge);
    await store.getState().load('/p');
    const r = await store.getState().add({ source: 'localSettings', behavior: 'allow', rule: 'Bash(npm test:*)' });
    expect(r.ok).toBe(true);
    expect(bridge.calls.at(-1)).toEqual({ channel: 'permissions:add', request: { source: 'localSettings', behavior: 'allow', rule: 'Bash(npm test:*)' } });
    expect(store.getState().listing?.sources[0]?.allow).toEqual(['Bash(npm test:*)']);
    expect(store.getState().saving).toBe(0);
  });

  it("a refused edit answers with main's message and leaves the listing as it was", async () => {
    const bridge = createFakeBridge();
    bridge.handle('permissions:list', () => listing(['Bash(ls)']));
    const store = createRulesStore(bridge);
    await store.getState().load('/p');
    const before = store.getState().listing;
    bridge.fail('permissions:add', { code: 'invalid_input', message: '"Bash(npm test" is not a valid rule: missing ")"' });
    const r = await store.getState().add({ source: 'localSettings', behavior: 'allow', rule: 'Bash(npm test' });
    expect(r).toEqual({ ok: false, error: '"Bash(npm test" is not a valid rule: missing ")"' });
    expect(store.getState().listing).toBe(before);
    expect(store.getState().saving).toBe(0);
    bridge.fail('permissions:update', { code: 'unsupported', message: 'Settings file /p/.claude/settings.json is not valid JSON at line 3, column 1; fix it before changing rules here.' });
    const u = await store.getState().update({ source: 'projectSettings', behavior: 'allow', rule: 'Bash(ls)', newRule: 'Bash(ls -la)' });
    expect(u).toEqual({ ok: false, error: expect.stringContaining('not valid JSON at line 3') });
  });

  it('a rule that is gone meanwhile (not_found) reads the files again', async () => {
    const bridge = createFakeBridge();
    let listed = 0;
    bridge.handle('permissions:list', () => listing(++listed === 1 ? ['Bash(ls)'] : []));
    const store = createRulesStore(bridge);
    await store.getState().load('/p');
    bridge.fail('permissions:remove', { code: 'not_found', message: '/p/.claude/settings.local.json has no allow rule "Bash(ls)".' });
    const r = await store.getState().remove({ source: 'localSettings', behavior: 'allow', rule: 'Bash(ls)' });
    expect(r.ok).toBe(false);
    await flush();
    expect(listed).toBe(2);
    expect(store.getState().listing?.sources[0]?.allow).toEqual([]);
  });

  it('an older listing never replaces a newer one, and reading stops when every read is back', async () => {
    const bridge = createFakeBridge();
    const slow = deferred<RuleListing>();
    bridge.handle('permissions:list', () => slow.promise);
    bridge.handle('permissions:add', () => listing(['Bash(a)', 'Bash(b)']));
    const store = createRulesStore(bridge);
    const reading = store.getState().load('/p');
    await store.getState().add({ source: 'localSettings', behavior: 'allow', rule: 'Bash(b)' });
    slow.resolve(listing(['Bash(a)']));
    await reading;
    expect(store.getState().listing?.sources[0]?.allow).toEqual(['Bash(a)', 'Bash(b)']);
    expect(store.getState().loading).toBe(false);
  });

  it("another project's listing is dropped at once, and its late answer never shows", async () => {
    const bridge = createFakeBridge();
    const answers: ReturnType<typeof deferred<RuleListing>>[] = [];
    bridge.handle('permissions:list', () => {
      const d = deferred<RuleListing>();
      answers.push(d);
      return d.promise;
    });
    const store = createRulesStore(bridge);
    const first = store.getState().load('/a');
    answers[0]!.resolve(listing(['Bash(from-a)']));
    await first;
    // A reload of a is still on its way when project b opens.
    const lateA = store.getState().load('/a');
    const forB = store.getState().load('/b');
    expect(store.getState().listing).toBeNull();
    expect(store.getState().project).toBe('/b');
    answers[2]!.resolve(listing(['Bash(from-b)']));
    await forB;
    answers[1]!.resolve(listing(['Bash(from-a-late)']));
    await lateA;
    expect(store.getState().listing?.sources[0]?.allow).toEqual(['Bash(from-b)']);
    expect(store.getState().loading).toBe(false);
  });

  it('test and recent come back as outcomes; a failure is text, not a throw', async () => {
    const bridge = createFakeBridge();
    bridge.handle('permissions:test', (r) => ({ matches: true, text: `\`${r.rule}\` would allow \`${String(r.input)}\`.` }));
    bridge.handle('permissions:recent', () => ({ commands: [{ command: 'npm test', sessionId: 's', at: 1, matches: true }], matched: 1 }));
    const store = createRulesStore(bridge);
    const t = await store.getState().test({ rule: 'Bash(npm test:*)', behavior: 'allow', input: 'npm test -- --watch' });
    expect(t).toEqual({ ok: true, value: { matches: true, text: '`Bash(npm test:*)` would allow `npm test -- --watch`.' } });
    const r = await store.getState().recent({ rule: 'Bash(npm test:*)', behavior: 'allow' });
    expect(r.ok && r.value.matched).toBe(1);
    bridge.fail('permissions:test', { code: 'no_project', message: 'Open a project folder first.' });
    expect(await store.getState().test({ rule: 'Bash', input: 'ls' })).toEqual({ ok: false, error: 'Open a project folder first.' });
  });

  it('while watched, an "Always allow" answer (resolved once its rule is written) reads the files again; other answers do not', async () => {
    const bridge = createFakeBridge();
    let listed = 0;
    bridge.handle('permissions:list', () => listing(++listed === 1 ? [] : ['Bash(echo hello)']));
    const store = createRulesStore(bridge);
    await store.getState().load('/p');
    const stop = store.getState().watch();
    const resolved = (decision: 'allow_once' | 'allow_always' | 'deny') =>
      bridge.emit('session:event', { type: 'permission_resolved', sessionId: 's', requestId: 'r', decision });
    resolved('allow_once');
    resolved('deny');
    await flush();
    expect(listed).toBe(1);
    resolved('allow_always');
    await flush();
    expect(listed).toBe(2);
    expect(store.getState().listing?.sources[0]?.allow).toEqual(['Bash(echo hello)']);
    stop();
    expect(bridge.listenerCount('session:event')).toBe(0);
    resolved('allow_always');
    await flush();
    expect(listed).toBe(2);
  });
});
