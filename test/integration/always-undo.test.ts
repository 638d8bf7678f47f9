// Issue 13 item 3, undo: an "Always allow" answer's resolution says which rule was saved where, and
// permission:undo-always (the real handler over the real engine) takes it out of the session at once
// and out of the very settings file it went to — the next same command asks again; an unknown session
// or a rule that is not there changes nothing.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RuleDestination } from '../../src/shared/permissions/rule-store';
import type { SessionEvent } from '../../src/shared/session-events';
import { createHandlers } from '../../src/main/app/handlers';
import type { Engine } from '../../src/main/app/engine';
import type { HostPort } from '../../src/main/app/ports';
import { createLogger } from '../../src/main/base/log';
import { createDispatcher } from '../../src/main/ipc/dispatch';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

type Req = Extract<SessionEvent, { type: 'permission_request' }>;
type Resolved = Extract<SessionEvent, { type: 'permission_resolved' }>;

const touch = (id: string) => ({ content: [{ type: 'tool_use' as const, id, name: 'Bash', input: { command: 'touch a.txt' } }] });
const said = (text: string) => ({ content: [{ type: 'text' as const, text }] });

function dispatcherFor(engine: Engine) {
  const log = createLogger({ level: 'silent' });
  const handlers = createHandlers({ sessions: engine.sessions, auth: engine.auth, host: { kind: 'web', version: 't', recentProjects: () => [] } as HostPort, log, permissions: engine.permissions });
  return createDispatcher({ ...handlers, log });
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { permissions?: { allow?: string[] } };
const requests = () => h.events.filter((ev): ev is Req => ev.type === 'permission_request');

/** A session whose first `touch a.txt` is answered "Always allow" to `destination`; returns what the resolution said. */
async function alwaysAllowed(destination: RuleDestination) {
  h.server.push(touch('toolu_1'), said('Touched.'));
  const engine = await h.engine();
  const dispatcher = dispatcherFor(engine);
  const ctx = { host: 'web' as const, clientId: 'c', projectDir: h.projectDir };
  const session = await engine.sessions.createSession(h.projectDir);
  const { done } = session.start('touch it');
  const req = (await h.waitFor((ev) => ev.type === 'permission_request')) as Req;
  // No rule in the answer: main saves the first suggestion, and says so.
  expect(await engine.sessions.replyPermission(h.projectDir, { requestId: req.request.requestId, decision: 'allow_always', destination })).toBe(true);
  expect((await done).ok).toBe(true);
  const resolved = h.events.find((ev): ev is Resolved => ev.type === 'permission_resolved')!;
  return { engine, dispatcher, ctx, session, req, resolved };
}

/** The same command in a new turn: whether it asked (answered allow_once so the turn ends). */
async function nextTouchAsks(engine: Engine, sessionId: string): Promise<boolean> {
  const before = requests().length;
  h.server.push(touch(`toolu_${before + 2}`), said('Again.'));
  const session = await engine.sessions.get(h.projectDir, sessionId);
  const { done } = session.start('again');
  const outcome = await Promise.race([
    done.then(() => 'done' as const),
    h.waitFor((ev) => ev.type === 'permission_request' && requests().length > before).then(() => 'asked' as const),
  ]);
  if (outcome === 'asked') {
    const req = requests().at(-1)!;
    await engine.sessions.replyPermission(h.projectDir, { requestId: req.request.requestId, decision: 'allow_once' });
    await done;
  }
  return outcome === 'asked';
}

describe('issue 13 item 3: undo of "Always allow"', () => {
  it('saved for this project, just you: the resolution names rule and file; Undo empties the file and the session asks again', async () => {
    const { engine, dispatcher, ctx, session, req, resolved } = await alwaysAllowed('localSettings');
    const rule = req.request.suggestions[0]!;
    expect(rule).toBe('Bash(touch a.txt)');
    expect(resolved).toMatchObject({ decision: 'allow_always', saved: { rule, destination: 'localSettings' } });
    const local = path.join(h.projectDir, '.claude', 'settings.local.json');
    expect(readJson(local).permissions?.allow).toEqual([rule]);

    const r = await dispatcher.invoke('permission:undo-always', { sessionId: session.id, rule, destination: 'localSettings' }, ctx);
    expect(r).toEqual({ ok: true, value: { undone: true, session: true, file: true } });
    expect(readJson(local).permissions?.allow).toEqual([]);
    expect((await engine.permissions.list(h.projectDir)).sources.find((s) => s.source === 'localSettings')?.allow).toEqual([]);
    expect(await nextTouchAsks(engine, session.id)).toBe(true);

    // Undone already: a second Undo finds nothing and changes nothing.
    expect(await dispatcher.invoke('permission:undo-always', { sessionId: session.id, rule, destination: 'localSettings' }, ctx)).toEqual({
      ok: true,
      value: { undone: false, session: false, file: false },
    });
  });

  it('saved for all my projects: taken out of ~/.claude/settings.json, the project’s own files untouched', async () => {
    mkdirSync(path.join(h.projectDir, '.claude'), { recursive: true });
    const local = path.join(h.projectDir, '.claude', 'settings.local.json');
    writeFileSync(local, JSON.stringify({ permissions: { allow: ['Bash(ls:*)'] } }, null, 2));
    const { dispatcher, ctx, session, resolved } = await alwaysAllowed('userSettings');
    const user = path.join(h.home, '.claude', 'settings.json');
    expect(resolved.saved).toEqual({ rule: 'Bash(touch a.txt)', destination: 'userSettings' });
    expect(readJson(user).permissions?.allow).toEqual(['Bash(touch a.txt)']);

    expect(await dispatcher.invoke('permission:undo-always', { sessionId: session.id, rule: 'Bash(touch a.txt)', destination: 'userSettings' }, ctx)).toMatchObject({
      ok: true,
      value: { undone: true, file: true },
    });
    expect(readJson(user).permissions?.allow).toEqual([]);
    expect(readJson(local).permissions?.allow).toEqual(['Bash(ls:*)']);
  });

  it('for this conversation only: no file is written or touched, and the session asks again at once', async () => {
    const { engine, dispatcher, ctx, session, resolved } = await alwaysAllowed('session');
    expect(resolved.saved).toEqual({ rule: 'Bash(touch a.txt)', destination: 'session' });
    expect(existsSync(path.join(h.projectDir, '.claude', 'settings.local.json'))).toBe(false);
    expect(await dispatcher.invoke('permission:undo-always', { sessionId: session.id, rule: 'Bash(touch a.txt)', destination: 'session' }, ctx)).toEqual({
      ok: true,
      value: { undone: true, session: true, file: false },
    });
    expect(await nextTouchAsks(engine, session.id)).toBe(true);
  });

  it('an unknown session is not_found and the file keeps the rule; the rule still allows the next command', async () => {
    const { engine, dispatcher, ctx, session } = await alwaysAllowed('localSettings');
    const local = path.join(h.projectDir, '.claude', 'settings.local.json');
    expect(await dispatcher.invoke('permission:undo-always', { sessionId: 'no-such-session', rule: 'Bash(touch a.txt)', destination: 'localSettings' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(readJson(local).permissions?.allow).toEqual(['Bash(touch a.txt)']);
    expect(await nextTouchAsks(engine, session.id)).toBe(false);
  });
});
