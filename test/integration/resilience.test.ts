// Issue 20 item 5 against the fake API: a busy service (529, 429) is retried after the wait it asked
// for, by us only (the SDK's own retries are off: one request per attempt), each wait announced as a
// retry event with what the transcript's line needs; a reply cut mid-way after a tool call started is
// retried without running that call again.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../src/shared/session-events';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

type Retry = Extract<SessionEvent, { type: 'retry' }>;
const retries = () => h.events.filter((e): e is Retry => e.type === 'retry');

describe('retries (issue 20 item 5)', () => {
  it('529 then 429 with retry-after: each waited for as asked, one request per attempt, then the answer', async () => {
    h.server.push(
      { error: { status: 529, type: 'overloaded_error', message: 'Overloaded' }, headers: { 'retry-after': '1' } },
      { error: { status: 429, type: 'rate_limit_error', message: 'slow down' }, headers: { 'retry-after-ms': '300' } },
      { content: [{ type: 'text', text: 'made it' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const r = await session.start('hello').done;
    expect(r).toMatchObject({ ok: true });
    expect(h.server.requests).toHaveLength(3);
    const [a, b, c] = h.server.requests.map((q) => q.at);
    expect(b! - a!).toBeGreaterThanOrEqual(950);
    expect(c! - b!).toBeGreaterThanOrEqual(280);
    expect(retries().map((e) => [e.attempt, e.delayMs, e.code, e.maxAttempts])).toEqual([
      [1, 1000, 'overloaded', 4],
      [2, 300, 'rate_limit', 4],
    ]);
  });

  it('a reply cut after its tool call started: the call ran once, its result goes with the retry, the turn ends well', async () => {
    const log = path.join(h.projectDir, 'ran.txt');
    h.server.push(
      {
        content: [
          { type: 'text', text: 'Let me note it.' },
          { type: 'tool_use', id: 'toolu_once', name: 'Bash', input: { command: `echo once >> ${log}` } },
          { type: 'text', text: 'never arrives' },
        ],
        failAfter: { blocks: 2, error: { type: 'overloaded_error', message: 'Overloaded' } },
      },
      { content: [{ type: 'text', text: 'Noted.' }] },
    );
    const engine = await h.engine({ permissionMode: 'bypassPermissions' });
    const session = await engine.sessions.createSession(h.projectDir);
    const r = await session.start('note it').done;
    expect(r).toMatchObject({ ok: true });
    expect(readFileSync(log, 'utf8')).toBe('once\n');
    expect(h.server.requests).toHaveLength(2);
    const sent = JSON.stringify(h.server.requests[1]!.body.messages);
    expect(sent.match(/"tool_use_id":"toolu_once"/g)).toHaveLength(1);
    expect(sent).not.toContain('never arrives');
    expect(retries()).toHaveLength(1);
    expect(retries()[0]).toMatchObject({ code: 'overloaded', attempt: 1 });
  });
});
