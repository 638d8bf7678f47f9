import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRequestPrompter } from './request-prompter';
import type { PermissionRequest } from './types';

const req = (id: string): PermissionRequest => ({
  requestId: id,
  sessionId: 's1',
  toolUseId: 't1',
  toolName: 'Bash',
  input: { command: 'ls' },
  message: 'm',
  suggestions: ['Bash(ls)'],
  destructive: false,
});

describe('PL4e request prompter (request event ↔ permission:reply)', () => {
  it('publishes the request and resolves on the matching reply', async () => {
    const events: string[] = [];
    const p = createRequestPrompter({ publish: (r) => events.push(`request:${r.requestId}`) });
    const answer = p.prompt(req('r1'), new AbortController().signal);
    expect(events).toEqual(['request:r1']);
    expect(p.pending().map((r) => r.requestId)).toEqual(['r1']);
    expect(p.reply('r1', { decision: 'allow_always', rule: 'Bash(ls)', extra: 1 })).toEqual({ ok: true });
    expect(await answer).toEqual({ decision: 'allow_always', rule: 'Bash(ls)' });
    expect(p.pending()).toEqual([]);
  });

  it('a stale id or malformed reply is a typed error and leaves the request waiting', async () => {
    const p = createRequestPrompter({ publish: () => {} });
    void p.prompt(req('r1'), new AbortController().signal);
    expect(p.reply('nope', { decision: 'deny' })).toMatchObject({ ok: false, code: 'unknown_request' });
    expect(p.reply('r1', { decision: 'yes' })).toMatchObject({ ok: false, code: 'invalid_reply' });
    expect(p.reply('r1', null)).toMatchObject({ ok: false, code: 'invalid_reply' });
    expect(p.pending()).toHaveLength(1);
  });

  it('an abort withdraws the request and rejects the prompt', async () => {
    const withdrawn: string[] = [];
    const p = createRequestPrompter({ publish: () => {}, withdraw: (id) => withdrawn.push(id) });
    const c = new AbortController();
    const answer = p.prompt(req('r1'), c.signal);
    c.abort();
    await expect(answer).rejects.toThrow('cancelled');
    expect(withdrawn).toEqual(['r1']);
    expect(p.reply('r1', { decision: 'allow_once' })).toMatchObject({ ok: false, code: 'unknown_request' });
  });
});

describe('issue 5 item 6 / DK3: a request with expiresAt settles by itself as a denial (PL4e)', () => {
  afterEach(() => void vi.useRealTimers());
  const expiring = (id: string, expiresAt: number) => ({ ...req(id), expiresAt });

  it('unanswered by expiresAt: resolves deny with the configured denial, tells `expired`, and forgets the request', async () => {
    vi.useFakeTimers({ now: 1_000 });
    const expired: string[] = [];
    const p = createRequestPrompter({
      publish: () => {},
      expiry: { denial: (r) => ({ message: `nobody answered ${r.requestId}`, reason: { type: 'other', reason: 'expired' } }), expired: (r) => void expired.push(r.requestId) },
    });
    let settled = false;
    const answer = p.prompt(expiring('r1', 6_000), new AbortController().signal).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(settled).toBe(false);
    expect(expired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toEqual({ decision: 'deny', denial: { message: 'nobody answered r1', reason: { type: 'other', reason: 'expired' } } });
    expect(expired).toEqual(['r1']);
    expect(p.pending()).toEqual([]);
    // A reply that arrives too late is stale, never an allow.
    expect(p.reply('r1', { decision: 'allow_once' })).toMatchObject({ ok: false, code: 'unknown_request' });
  });

  it('without an expiry option an expiring request still becomes a denial, never an allow', async () => {
    vi.useFakeTimers({ now: 0 });
    const p = createRequestPrompter({ publish: () => {} });
    const answer = p.prompt(expiring('r1', 10), new AbortController().signal);
    await vi.advanceTimersByTimeAsync(10);
    expect(await answer).toMatchObject({ decision: 'deny', denial: { message: expect.stringContaining('Nobody answered') } });
  });

  it('an answer or a cancel clears the timer: no timer left, no late expiry', async () => {
    vi.useFakeTimers({ now: 0 });
    const expired: string[] = [];
    const p = createRequestPrompter({ publish: () => {}, withdraw: () => {}, expiry: { denial: () => ({ message: 'x', reason: { type: 'other', reason: 'x' } }), expired: (r) => void expired.push(r.requestId) } });
    const answered = p.prompt(expiring('r1', 1_000), new AbortController().signal);
    const c = new AbortController();
    const cancelled = p.prompt(expiring('r2', 1_000), c.signal);
    expect(vi.getTimerCount()).toBe(2);
    expect(p.reply('r1', { decision: 'allow_once' })).toEqual({ ok: true });
    c.abort();
    await expect(cancelled).rejects.toThrow('cancelled');
    expect(await answered).toEqual({ decision: 'allow_once' });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(expired).toEqual([]);
  });

  it('holdExpiry: an answer on its way is not overtaken by the timeout; unknown ids answer false', async () => {
    vi.useFakeTimers({ now: 0 });
    const p = createRequestPrompter({ publish: () => {} });
    const answer = p.prompt(expiring('r1', 100), new AbortController().signal);
    expect(p.holdExpiry('r1')).toBe(true);
    expect(p.holdExpiry('nope')).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(p.pending()).toHaveLength(1);
    expect(p.reply('r1', { decision: 'allow_always', rule: 'Bash(ls)' })).toEqual({ ok: true });
    expect(await answer).toEqual({ decision: 'allow_always', rule: 'Bash(ls)' });
  });

  it('requests without expiresAt never expire and set no timer; stamp runs before publish and pending', async () => {
    vi.useFakeTimers({ now: 0 });
    const published: unknown[] = [];
    const p = createRequestPrompter({ publish: (r) => void published.push(r), stamp: (r) => ({ ...r, createdAt: 42, turn: 'msg_1' }) });
    void p.prompt(req('r1'), new AbortController().signal);
    expect(vi.getTimerCount()).toBe(0);
    expect(published).toEqual([{ ...req('r1'), createdAt: 42, turn: 'msg_1' }]);
    expect(p.pending()).toEqual(published);
  });
});
