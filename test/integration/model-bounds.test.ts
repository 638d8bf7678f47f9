// Time bounds of a model request (issue Hardening item 6, PX8), through the real engine and SDK against
// the fake Messages API: a reply that stalls after its headers is noticed within the idle timeout
// (AGENT_DESK_STREAM_IDLE_TIMEOUT_S), said as a retry notice, and the retry succeeds; a long
// retry-after is cut to AGENT_DESK_RETRY_AFTER_MAX_S and the notice says so.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../src/shared/session-events';
import { messageText } from '../../src/shared/transcript';
import { runCli } from './cli-run';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

const retries = () => h.events.filter((ev): ev is Extract<SessionEvent, { type: 'retry' }> => ev.type === 'retry');

describe('a reply that stalls after its headers', () => {
  it('is cut off after the idle timeout, retried with a notice saying it stalled, and the retry succeeds', async () => {
    h.env.AGENT_DESK_STREAM_IDLE_TIMEOUT_S = '0.3';
    h.server.push({ hang: true }, { content: [{ type: 'text', text: 'Here after all.' }] });
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const t0 = Date.now();
    const outcome = await session.start('hello').done;
    const took = Date.now() - t0;
    expect(outcome).toMatchObject({ ok: true });
    expect(messageText(session.transcript().at(-1)!)).toBe('Here after all.');
    expect(h.server.requests).toHaveLength(2);
    expect(retries()).toEqual([
      expect.objectContaining({ attempt: 1, reason: `The reply stalled: nothing came from the model at ${h.server.url} for 0.3s.` }),
    ]);
    // Noticed after the 0.3 s idle timeout, not undici's 300 s body timeout.
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(5000);
  });

  it('headless stream-json: a system/retry line says it stalled; the run succeeds', async () => {
    h.env.AGENT_DESK_STREAM_IDLE_TIMEOUT_S = '0.3';
    h.server.push({ hang: true }, { content: [{ type: 'text', text: 'Recovered.' }] });
    const r = await runCli(h, ['-p', 'hello', '--output-format', 'stream-json', '--verbose']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toContainEqual(expect.objectContaining({ type: 'system', subtype: 'retry', attempt: 1, reason: expect.stringMatching(/^The reply stalled: /) }));
    expect(lines.at(-1)).toMatchObject({ type: 'result', result: 'Recovered.' });
  });
});

describe('retry-after is honoured, capped', () => {
  it('a retry-after longer than the cap waits the cap, and the notice says how long', async () => {
    h.env.AGENT_DESK_RETRY_AFTER_MAX_S = '0.2';
    h.server.push(
      { error: { status: 429, type: 'rate_limit_error', message: 'slow down' }, headers: { 'retry-after': '3600' } },
      { content: [{ type: 'text', text: 'ok' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const t0 = Date.now();
    expect(await session.start('hello').done).toMatchObject({ ok: true });
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(retries()).toEqual([
      expect.objectContaining({
        delayMs: 200,
        reason: 'Rate limited by the API (429): slow down; the server asked to wait 1h 0m 0s, longer than the 0.2s Agent Desk waits at most',
      }),
    ]);
    const [first, second] = h.server.requests;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(190);
  });

  it('a retry-after under the cap is waited for as asked', async () => {
    h.server.push(
      { error: { status: 529, type: 'overloaded_error', message: 'busy' }, headers: { 'retry-after-ms': '150' } },
      { content: [{ type: 'text', text: 'ok' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    expect(await session.start('hello').done).toMatchObject({ ok: true });
    expect(retries()).toEqual([expect.objectContaining({ delayMs: 150, reason: 'The model is overloaded (529): busy; the server asked to wait 0.2s' })]);
  });
});
