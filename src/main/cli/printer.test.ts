// The headless text printer: stdout holds only the answer; a retry before any text stays quiet (one
// clear line at the end if all attempts fail, as Claude Code's -p), and a reply cut by a retry after
// visible text restarts on a new line with a note on stderr. JSON output carries every retry.
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../shared/session-events';
import { createRunPrinter } from './printer';

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: { write: (c: string) => out.push(c) }, stderr: { write: (c: string) => err.push(c) }, env: {}, cwd: '/' } };
}

const base = { sessionId: 's1', seq: 0, at: 0 } as const;
const ev = (e: Record<string, unknown>) => ({ ...base, ...e }) as unknown as SessionEvent;

describe('text printer retries', () => {
  it('keeps a retry before any text quiet', () => {
    const t = io();
    const p = createRunPrinter(t.io, 'text', 's1');
    p.onEvent(ev({ type: 'assistant_start', messageId: 'm1', model: 'x' }));
    p.onEvent(ev({ type: 'retry', messageId: 'm1', attempt: 1, delayMs: 10, reason: 'The reply stalled' }));
    expect(t.err.join('')).toBe('');
    expect(t.out.join('')).toBe('');
  });

  it('writes each retry as a system/retry line in stream-json', () => {
    const t = io();
    const p = createRunPrinter(t.io, 'stream-json', 's1');
    p.onEvent(ev({ type: 'retry', messageId: 'm1', attempt: 2, delayMs: 10, reason: 'The reply stalled' }));
    expect(t.out.map((l) => JSON.parse(l))).toMatchObject([{ type: 'system', subtype: 'retry' }]);
  });

  it('starts the retried reply on a new line after partial text', () => {
    const t = io();
    const p = createRunPrinter(t.io, 'text', 's1');
    p.onEvent(ev({ type: 'assistant_start', messageId: 'm1', model: 'x' }));
    p.onEvent(ev({ type: 'text_delta', messageId: 'm1', text: 'Hal' }));
    p.onEvent(ev({ type: 'retry', messageId: 'm1', attempt: 1, delayMs: 10, reason: 'Overloaded' }));
    p.onEvent(ev({ type: 'text_delta', messageId: 'm1', text: 'Hello' }));
    expect(t.out.join('')).toBe('Hal\nHello');
    expect(t.err.join('')).toBe('agent-desk: Overloaded — retrying\n');
  });
});

describe('summaries headless (issue 20 item 2)', () => {
  const marker = { id: 'c1', role: 'user', content: [{ type: 'text', text: 'summary for the model' }], createdAt: 1, compaction: { trigger: 'auto', summary: 's', keptFrom: null, tokensBefore: 1234, tokensAfter: 99 } };

  it("stream-json writes Claude Code's compact_boundary line instead of the summary message", () => {
    const t = io();
    const p = createRunPrinter(t.io, 'stream-json', 's1');
    p.onEvent(ev({ type: 'message', message: marker }));
    expect(t.out.map((l) => JSON.parse(l))).toEqual([{ type: 'system', subtype: 'compact_boundary', session_id: 's1', compact_metadata: { trigger: 'auto', pre_tokens: 1234 } }]);
  });

  it('text mode keeps stdout for the answer and says so on stderr', () => {
    const t = io();
    const p = createRunPrinter(t.io, 'text', 's1');
    p.onEvent(ev({ type: 'message', message: marker }));
    expect(t.out.join('')).toBe('');
    expect(t.err.join('')).toBe('agent-desk: the conversation was summarised to make room; it goes on from the summary\n');
  });
});
