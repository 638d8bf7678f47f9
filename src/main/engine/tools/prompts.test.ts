// Issue 5 item 6 (approval inbox) / PL4e: a session's requests are stamped with when, which turn and
// whose; a background task's requests carry expiresAt and, unanswered, become denials (DK3). Issue 13
// item 3: an "Always allow" resolution carries the rule it saved and where.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestOrigin } from '../../../shared/permissions/request';
import type { PermissionRequest } from '../../permissions/types';
import type { SessionEventBody } from '../event-body';
import { createSessionPrompts } from './prompts';

const req = (id: string, toolUseId = `tu_${id}`): PermissionRequest => ({
  requestId: id,
  sessionId: 's1',
  toolUseId,
  toolName: 'Bash',
  input: { command: 'npm test' },
  message: 'Run npm test?',
  suggestions: ['Bash(npm test)'],
  destructive: false,
});

function setup(over: Partial<Parameters<typeof createSessionPrompts>[0]> = {}) {
  const events: SessionEventBody[] = [];
  const prompts = createSessionPrompts({ headless: false, publish: (e) => void events.push(e), ...over });
  return { events, prompts };
}

afterEach(() => void vi.useRealTimers());

describe('issue 5 item 6: requests stamped for the inbox (createdAt, turn, origin)', () => {
  it('createdAt from the clock, turn from the context callback, origin read when raised', () => {
    let title = 'Untitled';
    const turns: Record<string, string> = { tu_r1: 'msg_a' };
    let t = 1_000;
    const { events, prompts } = setup({
      now: () => t,
      context: (r) => ({ turn: turns[r.toolUseId] }),
      origin: (): RequestOrigin => ({ kind: 'session', label: title }),
    });
    title = 'Fix the login bug';
    void prompts.prompter.prompt(req('r1'), new AbortController().signal);
    t = 2_000;
    void prompts.prompter.prompt(req('r2'), new AbortController().signal);
    const sent = events.flatMap((e) => (e.type === 'permission_request' ? [e.request] : []));
    expect(sent[0]).toEqual({ ...req('r1'), createdAt: 1_000, turn: 'msg_a', origin: { kind: 'session', label: 'Fix the login bug' } });
    // No known turn: the field is absent, not empty; a conversation's requests never expire.
    expect(sent[1]).toEqual({ ...req('r2'), createdAt: 2_000, origin: { kind: 'session', label: 'Fix the login bug' } });
    expect(sent[1]).not.toHaveProperty('expiresAt');
    expect(prompts.pending()).toEqual(sent);
  });

  it('headless: no requests wait, nothing to stamp or answer', async () => {
    const { events, prompts } = setup({ headless: true, origin: () => ({ kind: 'task', label: 't' }), expireAfterMs: 1 });
    const answer = await prompts.prompter.prompt(req('r1'), new AbortController().signal);
    expect(answer.decision).toBe('deny');
    expect(events).toEqual([]);
    expect(prompts.pending()).toEqual([]);
    expect(prompts.reply({ requestId: 'r1', decision: 'allow_once' })).toBe(false);
  });
});

describe('issue 5 item 6 / DK3: a background task request expires into a denial, never an allow', () => {
  const task = (): RequestOrigin => ({ kind: 'task', label: 'Nightly dependency bump' });

  it('carries expiresAt; unanswered by then → deny with the nobody-answered message and permission_resolved deny', async () => {
    vi.useFakeTimers({ now: 10_000 });
    const { events, prompts } = setup({ origin: task, expireAfterMs: 600_000 });
    const answer = prompts.prompter.prompt(req('r1'), new AbortController().signal);
    const [first] = events;
    expect(first).toMatchObject({ type: 'permission_request', request: { createdAt: 10_000, expiresAt: 610_000, origin: task() } });
    await vi.advanceTimersByTimeAsync(599_999);
    expect(events).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const a = await answer;
    expect(a.decision).toBe('deny');
    expect(a.denial?.message).toContain('nobody answered the request within 10 minutes');
    expect(a.denial?.message).toContain('can allow it next time');
    expect(events.slice(1)).toEqual([{ type: 'permission_resolved', requestId: 'r1', decision: 'deny', expired: true }]);
    expect(prompts.pending()).toEqual([]);
    // Too late: the stale reply is refused and publishes nothing.
    expect(prompts.reply({ requestId: 'r1', decision: 'allow_once' })).toBe(false);
    expect(events).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('answered in time: the person decides, the timer is gone, no late event', async () => {
    vi.useFakeTimers({ now: 0 });
    const { events, prompts } = setup({ origin: task, expireAfterMs: 1_000 });
    const answer = prompts.prompter.prompt(req('r1'), new AbortController().signal);
    expect(prompts.reply({ requestId: 'r1', decision: 'allow_once' })).toBe(true);
    expect(await answer).toEqual({ decision: 'allow_once' });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(events.map((e) => e.type === 'permission_resolved' && e.decision)).toEqual([false, 'allow_once']);
  });

  it('cancelled while waiting: permission_resolved cancelled, the timer is gone, no late deny', async () => {
    vi.useFakeTimers({ now: 0 });
    const { events, prompts } = setup({ origin: task, expireAfterMs: 1_000 });
    const c = new AbortController();
    const answer = prompts.prompter.prompt(req('r1'), c.signal);
    c.abort();
    await expect(answer).rejects.toThrow();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(events.slice(1)).toEqual([{ type: 'permission_resolved', requestId: 'r1', decision: 'cancelled' }]);
  });

  it('holdExpiry keeps an accepted answer (a rule being saved) from being overtaken', async () => {
    vi.useFakeTimers({ now: 0 });
    const { events, prompts } = setup({ origin: task, expireAfterMs: 1_000 });
    const answer = prompts.prompter.prompt(req('r1'), new AbortController().signal);
    expect(prompts.holdExpiry('r1')).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(prompts.reply({ requestId: 'r1', decision: 'allow_always', rule: 'Bash(npm test)' })).toBe(true);
    expect(await answer).toEqual({ decision: 'allow_always', rule: 'Bash(npm test)' });
    expect(events.slice(1)).toEqual([{ type: 'permission_resolved', requestId: 'r1', decision: 'allow_always' }]);
  });
});

describe('issue 13 item 3: what an "Always allow" answer carries', () => {
  it('the saved rule and its destination ride on permission_resolved; "every edit" reaches the prompt as the session mode', async () => {
    const { events, prompts } = setup();
    const first = prompts.prompter.prompt(req('r1'), new AbortController().signal);
    expect(prompts.reply({ requestId: 'r1', decision: 'allow_always', rule: 'Bash(npm test)' }, { rule: 'Bash(npm test)', destination: 'localSettings' })).toBe(true);
    expect(await first).toMatchObject({ decision: 'allow_always', rule: 'Bash(npm test)' });
    expect(events.at(-1)).toEqual({ type: 'permission_resolved', requestId: 'r1', decision: 'allow_always', saved: { rule: 'Bash(npm test)', destination: 'localSettings' } });

    // A mode, not a rule: the prompt is told so (no session rule is added), and nothing is "saved".
    const second = prompts.prompter.prompt(req('r2'), new AbortController().signal);
    expect(prompts.reply({ requestId: 'r2', decision: 'allow_always', sessionMode: 'acceptEdits' })).toBe(true);
    expect(await second).toEqual({ decision: 'allow_always', sessionMode: 'acceptEdits' });
    expect(events.at(-1)).toEqual({ type: 'permission_resolved', requestId: 'r2', decision: 'allow_always' });
  });
});
