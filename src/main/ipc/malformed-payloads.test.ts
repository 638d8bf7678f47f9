// The malformed-payload table itself: derived from the contract, every case truly invalid, every
// channel covered — and the dispatcher answers each with a typed invalid_input (DK2).
import { describe, expect, it } from 'vitest';
import { invokeChannels, invokeContract, sendChannels, sendContract } from '../../shared/ipc/contract';
import { createLogger } from '../base/log';
import { createDispatcher, type InvokeHandlers, type SendHandlers } from './dispatch';
import { malformedCases, validPayload } from './malformed-payloads';

describe('malformedCases', () => {
  const cases = malformedCases();

  it('covers every invoke and send channel with several cases', () => {
    for (const c of invokeChannels) expect(cases.filter((x) => x.kind === 'invoke' && x.channel === c).length, c).toBeGreaterThanOrEqual(5);
    for (const c of sendChannels) expect(cases.filter((x) => x.kind === 'send' && x.channel === c).length, c).toBeGreaterThanOrEqual(5);
  });

  it('every case is rejected by its schema, and the generated valid payloads are accepted', () => {
    for (const c of cases) {
      const schema = c.kind === 'invoke' ? invokeContract[c.channel as keyof typeof invokeContract].request : sendContract[c.channel as keyof typeof sendContract];
      expect(schema.safeParse(c.kind === 'invoke' ? (c.payload ?? {}) : c.payload).success, `${c.channel}: ${c.label}`).toBe(false);
      expect(JSON.parse(JSON.stringify(c.payload)), 'JSON-safe').toEqual(c.payload);
    }
    for (const c of invokeChannels) expect(invokeContract[c].request.safeParse(validPayload('invoke', c)).success).toBe(true);
    for (const c of sendChannels) expect(sendContract[c].safeParse(validPayload('send', c)).success).toBe(true);
  });

  it('the dispatcher answers each with invalid_input and never calls a handler', async () => {
    const called: string[] = [];
    const invoke = Object.fromEntries(invokeChannels.map((c) => [c, () => void called.push(c)])) as unknown as InvokeHandlers;
    const send = Object.fromEntries(sendChannels.map((c) => [c, () => void called.push(c)])) as unknown as SendHandlers;
    const d = createDispatcher({ invoke, send, log: createLogger({ level: 'silent' }) });
    const ctx = { host: 'web' as const, clientId: 't', projectDir: '/p' };
    for (const c of cases) {
      const error = c.kind === 'invoke' ? await d.invoke(c.channel, c.payload, ctx).then((r) => (r.ok ? null : r.error)) : d.send(c.channel, c.payload, ctx);
      expect(error?.code, `${c.channel}: ${c.label}`).toBe('invalid_input');
    }
    expect(called).toEqual([]);
  });
});
