// A task's progress from its session's events (issue 18 item 5, DK3): activity in words, turns, usage,
// waiting requests; the input progress is never changed.
import { describe, expect, it } from 'vitest';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import type { SessionEvent } from '../../../shared/session-events';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import { activityOf, applyEvent, emptyProgress, type TaskProgress } from './progress';

const sid = 's1';
const call = (over: Partial<ToolCallView>): ToolCallView => ({ id: 'c1', name: 'Bash', userFacingName: 'Bash', kind: 'exec', messageId: 'm1', input: {}, state: 'running', ...over });
const request = (requestId: string): PermissionRequestView => ({ requestId, sessionId: sid, toolUseId: 't', toolName: 'Bash', input: {}, message: 'ask', suggestions: [], destructive: false });
const fold = (events: SessionEvent[], from: TaskProgress = emptyProgress()) => events.reduce(applyEvent, from);

describe('background task progress (DK3)', () => {
  it('activity words per kind of call', () => {
    expect(activityOf(call({ input: { command: 'npm test' } }))).toBe('Running npm test');
    expect(activityOf(call({ name: 'Edit', kind: 'edit', input: { file_path: '/p/src/app.ts' } }))).toBe('Editing app.ts');
    expect(activityOf(call({ name: 'Read', kind: 'read', input: { file_path: '/p/notes.md' } }))).toBe('Reading notes.md');
    expect(activityOf(call({ name: 'Grep', kind: 'read', input: { pattern: 'TODO' } }))).toBe('Searching for TODO');
    expect(activityOf(call({ name: 'WebFetch', kind: 'fetch', input: { url: 'https://example.com' } }))).toBe('Fetching https://example.com');
    expect(activityOf(call({ name: 'Agent', kind: 'agent', input: { description: 'find tests' } }))).toBe('Working with a helper: find tests');
    expect(activityOf(call({ name: 'TodoWrite', userFacingName: 'To-dos', kind: 'other' }))).toBe('Using To-dos');
    // One line, bounded: a long or multi-line command is cut with an ellipsis.
    const long = activityOf(call({ input: { command: `echo ${'x'.repeat(300)}\nrm -rf /` } }));
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long.endsWith('…')).toBe(true);
  });

  it('turns count model calls; the newest running call is the activity; waiting requests come first; usage is the total', () => {
    const start = emptyProgress();
    const p = fold([
      { sessionId: sid, type: 'assistant_start', messageId: 'm1', model: 'x' },
      { sessionId: sid, type: 'tool_call', call: call({ id: 'a', input: { command: 'npm test' } }) },
      { sessionId: sid, type: 'tool_call', call: call({ id: 'b', name: 'Read', kind: 'read', input: { file_path: '/p/a.md' } }) },
    ]);
    expect(start).toEqual(emptyProgress());
    expect(p.turns).toBe(1);
    expect(p.activity).toBe('Reading a.md');
    const waiting = fold([{ sessionId: sid, type: 'permission_request', request: request('r1') }], p);
    expect(waiting.activity).toBe('Waiting for your approval: 1 request');
    expect(p.waiting).toEqual([]);
    const answered = fold(
      [
        { sessionId: sid, type: 'permission_resolved', requestId: 'r1', decision: 'deny', expired: true },
        { sessionId: sid, type: 'tool_call', call: call({ id: 'b', name: 'Read', kind: 'read', state: 'succeeded' }) },
        { sessionId: sid, type: 'usage', turn: { inputTokens: 1, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0.01 }, total: { inputTokens: 10, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0.1 } },
      ],
      waiting,
    );
    expect(answered.waiting).toEqual([]);
    // How it ended is kept, so every host can say it (a denial by the clock, here).
    expect(answered.settled).toEqual([{ requestId: 'r1', decision: 'deny', expired: true }]);
    expect(answered.activity).toBe('Running npm test');
    expect(answered.usage).toMatchObject({ inputTokens: 10, costUsd: 0.1 });
    const replied = fold(
      [
        { sessionId: sid, type: 'status', status: 'idle' },
        { sessionId: sid, type: 'message', message: { id: 'm2', role: 'assistant', createdAt: 1, content: [{ type: 'text', text: 'All tests pass.' }] } },
      ],
      answered,
    );
    expect(replied.running.size).toBe(0);
    expect(replied.lastText).toBe('All tests pass.');
  });

  it('an event of no interest returns the same progress (no write is scheduled)', () => {
    const p = emptyProgress();
    expect(applyEvent(p, { sessionId: sid, type: 'mode', mode: 'plan' })).toBe(p);
  });
});
