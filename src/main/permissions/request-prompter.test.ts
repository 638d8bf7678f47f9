import { describe, expect, it } from 'vitest';
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
