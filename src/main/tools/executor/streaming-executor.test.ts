// Scheduling and ordering of the streaming executor (CC1–CC3, CC5, CC6), asserted on the recorded
// event order with hand-finished fake pipelines — never on timing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { at, bash, drain, harness, safe, unsafe, use } from './fake-pipeline';
import { ExecutorUsageError, StreamingToolExecutor } from './streaming-executor';
import type { ExecutorToolUse } from './types';

const started = (log: string[]) => log.filter((e) => e.startsWith('started:')).map((e) => e.slice(8));

describe('StreamingToolExecutor scheduling', () => {
  it('CC2: three concurrency-safe calls all start before any finishes', async () => {
    const h = harness();
    ['a', 'b', 'c'].forEach((id) => h.ex.addTool(safe(id)));
    h.ex.finishedAdding();
    expect(started(h.log)).toEqual(['a', 'b', 'c']);
    h.pipe.succeed('b');
    h.pipe.succeed('a');
    h.pipe.succeed('c');
    await h.done;
    const firstFinish = h.log.findIndex((e) => e.startsWith('finished:'));
    expect(at(h.log, 'started:c')).toBeLessThan(firstFinish);
    expect(h.results().map((r) => r.toolUseId)).toEqual(['a', 'b', 'c']);
  });

  it('a running call sees what is queued behind it and whether the stream is still open (warm-up hint)', async () => {
    const h = harness();
    h.ex.addTool(unsafe('a'));
    h.ex.addTool(bash('b', 'ls'));
    h.ex.addTool(safe('c'));
    const upcomingOfA = h.pipe.running.get('a')!.upcoming!;
    expect(upcomingOfA()).toEqual({ queued: ['Bash', 'Read'], streamOpen: true });
    h.ex.finishedAdding();
    expect(upcomingOfA()).toEqual({ queued: ['Bash', 'Read'], streamOpen: false });
    h.pipe.succeed('a');
    await vi.waitFor(() => expect(h.pipe.running.has('b')).toBe(true));
    expect(h.pipe.running.get('b')!.upcoming!()).toEqual({ queued: ['Read'], streamOpen: false });
    h.pipe.succeed('b');
    await vi.waitFor(() => expect(h.pipe.running.has('c')).toBe(true));
    expect(h.pipe.running.get('c')!.upcoming!()).toEqual({ queued: [], streamOpen: false });
    h.pipe.succeed('c');
    await h.done;
  });

  it('CC2: a non-safe call waits for running safe calls, and a safe call after it waits for it', async () => {
    const h = harness();
    h.ex.addTool(safe('r1'));
    h.ex.addTool(safe('r2'));
    h.ex.addTool(unsafe('e'));
    h.ex.addTool(safe('r3'));
    h.ex.finishedAdding();
    expect(started(h.log)).toEqual(['r1', 'r2']);
    h.pipe.succeed('r1');
    await drain();
    expect(started(h.log)).toEqual(['r1', 'r2']); // r2 still runs: e must run alone
    h.pipe.succeed('r2');
    await drain();
    expect(started(h.log)).toEqual(['r1', 'r2', 'e']); // r3 is safe but queued behind e
    h.pipe.succeed('e');
    await drain();
    expect(started(h.log)).toEqual(['r1', 'r2', 'e', 'r3']);
    h.pipe.succeed('r3');
    await h.done;
    expect(at(h.log, 'finished:r2')).toBeLessThan(at(h.log, 'started:e'));
    expect(at(h.log, 'finished:e')).toBeLessThan(at(h.log, 'started:r3'));
  });

  it('CC2: two non-safe calls never overlap; a read-only Bash counts as safe', async () => {
    const h = harness();
    h.ex.addTool(unsafe('e1'));
    h.ex.addTool(unsafe('e2'));
    h.ex.addTool(bash('ls', 'ls', true));
    h.ex.addTool(safe('r'));
    h.ex.finishedAdding();
    expect(started(h.log)).toEqual(['e1']);
    h.pipe.succeed('e1');
    await drain();
    expect(started(h.log)).toEqual(['e1', 'e2']);
    h.pipe.succeed('e2');
    await drain();
    expect(started(h.log)).toEqual(['e1', 'e2', 'ls', 'r']);
    h.pipe.succeed('r');
    h.pipe.succeed('ls');
    await h.done;
    expect(h.results().map((r) => r.toolUseId)).toEqual(['e1', 'e2', 'ls', 'r']);
  });

  it('CC1: a call starts while the stream is still adding, before finishedAdding', async () => {
    const h = harness();
    h.ex.addTool(safe('a'));
    h.log.push('stream:second-block');
    h.ex.addTool(unsafe('b'));
    h.pipe.succeed('a');
    await drain();
    h.log.push('stream:end');
    h.ex.finishedAdding();
    h.pipe.succeed('b');
    await h.done;
    expect(at(h.log, 'started:a')).toBeLessThan(at(h.log, 'stream:second-block'));
    // b started (a finished) and its turn came while the model was still streaming
    expect(at(h.log, 'started:b')).toBeLessThan(at(h.log, 'stream:end'));
    // a's result was handed over before the stream ended, too
    expect(at(h.log, 'result:a')).toBeLessThan(at(h.log, 'stream:end'));
  });

  it('CC3: at most 10 at once — the 11th of 12 safe calls starts only after one finishes', async () => {
    const h = harness();
    const ids = Array.from({ length: 12 }, (_, i) => `r${i + 1}`);
    ids.forEach((id) => h.ex.addTool(safe(id)));
    h.ex.finishedAdding();
    expect(started(h.log)).toEqual(ids.slice(0, 10));
    h.pipe.succeed('r4');
    await drain();
    expect(started(h.log)).toEqual(ids.slice(0, 11));
    expect(at(h.log, 'finished:r4')).toBeLessThan(at(h.log, 'started:r11'));
    h.pipe.succeed('r1');
    await drain();
    expect(started(h.log)).toEqual(ids);
    ids.filter((id) => id !== 'r1' && id !== 'r4').forEach((id) => h.pipe.succeed(id));
    await h.done;
    expect(h.results().map((r) => r.toolUseId)).toEqual(ids);
  });

  it('CC3: AGENT_DESK_MAX_TOOL_USE_CONCURRENCY overrides the limit', async () => {
    const h = harness({ env: { AGENT_DESK_MAX_TOOL_USE_CONCURRENCY: '2' } });
    ['a', 'b', 'c'].forEach((id) => h.ex.addTool(safe(id)));
    h.ex.finishedAdding();
    expect(started(h.log)).toEqual(['a', 'b']);
    h.pipe.succeed('b');
    await drain();
    expect(started(h.log)).toEqual(['a', 'b', 'c']);
    h.pipe.succeed('a');
    h.pipe.succeed('c');
    await h.done;
  });

  it('CC3: an invalid env value falls back to 10 with a warning', () => {
    const h = harness({ env: { AGENT_DESK_MAX_TOOL_USE_CONCURRENCY: 'lots' } });
    Array.from({ length: 11 }, (_, i) => `r${i}`).forEach((id) => h.ex.addTool(safe(id)));
    expect(started(h.log)).toHaveLength(10);
    expect(h.logger.warnings.join('\n')).toMatch(/AGENT_DESK_MAX_TOOL_USE_CONCURRENCY.*using 10/);
  });
});

describe('calls that work in this thread (ToolDef.worksInThread)', () => {
  /** Read and Edit work in this thread; Grep and Bash hand their work to a program. */
  const inThread = { worksInThread: (u: ExecutorToolUse) => u.name === 'Read' || u.name === 'Edit' };
  const grep = (id: string) => use(id, 'Grep', { pattern: id });
  const nextTurn = () => new Promise<void>((r) => setImmediate(r));

  it('start once the current turn of the event loop is over: calls that arrived with them and run a program go first', async () => {
    const h = harness(inThread);
    h.ex.addTool(safe('r1'));
    h.ex.addTool(safe('r2'));
    h.ex.addTool(grep('g1'));
    h.ex.addTool(grep('g2'));
    expect(started(h.log)).toEqual(['g1', 'g2']);
    await nextTurn();
    expect(started(h.log)).toEqual(['g1', 'g2', 'r1', 'r2']);
    h.ex.finishedAdding();
    ['g2', 'r2', 'g1', 'r1'].forEach((id) => h.pipe.succeed(id));
    await h.done;
    expect(h.results().map((r) => r.toolUseId)).toEqual(['r1', 'r2', 'g1', 'g2']);
  });

  it('a held call still counts in call order: a non-safe call never overtakes it, nor anything a held non-safe call', async () => {
    const h = harness(inThread);
    h.ex.addTool(safe('r'));
    h.ex.addTool(bash('b', 'npm test'));
    expect(started(h.log)).toEqual([]);
    await nextTurn();
    expect(started(h.log)).toEqual(['r']);
    h.pipe.succeed('r');
    await drain();
    expect(started(h.log)).toEqual(['r', 'b']);
    h.ex.addTool(unsafe('e'));
    h.ex.addTool(grep('g'));
    h.pipe.succeed('b');
    await drain();
    expect(started(h.log)).toEqual(['r', 'b']); // e is held; g may not pass a non-safe call
    await nextTurn();
    expect(started(h.log)).toEqual(['r', 'b', 'e']);
    h.pipe.succeed('e');
    await drain();
    expect(started(h.log)).toEqual(['r', 'b', 'e', 'g']);
    h.pipe.succeed('g');
    h.ex.finishedAdding();
    await h.done;
    expect(h.results().map((r) => r.toolUseId)).toEqual(['r', 'b', 'e', 'g']);
  });

  it('Stop while calls are held: they never start and each gets its cancelled result', async () => {
    const h = harness(inThread);
    h.ex.addTool(safe('r1'));
    h.ex.addTool(grep('g'));
    h.ex.addTool(safe('r2'));
    h.ex.finishedAdding();
    h.turn.abort();
    await h.done;
    await nextTurn();
    expect(started(h.log)).toEqual(['g']);
    expect(h.results().map((r) => [r.toolUseId, r.state])).toEqual([
      ['r1', 'cancelled'],
      ['g', 'cancelled'],
      ['r2', 'cancelled'],
    ]);
  });
});

describe('StreamingToolExecutor ordering (CC5)', () => {
  it('CC5: results come in call order even when later calls finish first', async () => {
    const h = harness();
    ['a', 'b', 'c'].forEach((id) => h.ex.addTool(safe(id)));
    h.ex.finishedAdding();
    h.pipe.succeed('c');
    h.pipe.succeed('b');
    await drain();
    expect(h.results()).toEqual([]); // b and c are done but a is not: nothing may be handed over yet
    h.pipe.succeed('a');
    await h.done;
    expect(h.results().map((r) => r.toolUseId)).toEqual(['a', 'b', 'c']);
    expect(at(h.log, 'finished:c')).toBeLessThan(at(h.log, 'finished:a'));
    expect(at(h.log, 'yielded:a')).toBeLessThan(at(h.log, 'yielded:b'));
    expect(at(h.log, 'yielded:b')).toBeLessThan(at(h.log, 'yielded:c'));
    expect(h.results()[1]).toEqual({ toolUseId: 'b', content: 'ok b', isError: false, state: 'succeeded' });
  });

  it('CC5: progress is handed over at once — before its own result and before earlier calls’ results', async () => {
    const h = harness();
    h.ex.addTool(safe('a'));
    h.ex.addTool(bash('b', 'cat log', true));
    h.ex.finishedAdding();
    await drain(); // the consumer is now asleep: only the progress itself may wake it
    h.pipe.progress('b', 'line 1');
    await drain();
    // delivered while both calls still run: not held for any result
    expect(h.log.filter((e) => e.startsWith('got-progress') || e.startsWith('result'))).toEqual(['got-progress:b']);
    expect(h.items[0]).toEqual({ kind: 'progress', toolUseId: 'b', progress: { type: 'output', stream: 'stdout', text: 'line 1' } });
    h.pipe.succeed('b');
    h.pipe.progress('a', 'reading');
    h.pipe.succeed('a');
    await h.done;
    expect(h.log.filter((e) => e.startsWith('got-progress') || e.startsWith('result'))).toEqual([
      'got-progress:b',
      'got-progress:a',
      'result:a',
      'result:b',
    ]);
  });

  it('CC5: progress after a call has its result is dropped, not sent after it', async () => {
    const h = harness();
    h.ex.addTool(safe('a'));
    h.ex.finishedAdding();
    const late = h.pipe.running.get('a')!.onProgress;
    h.pipe.succeed('a');
    await drain();
    late({ type: 'status', text: 'too late' });
    await h.done;
    expect(h.items.map((i) => i.kind)).toEqual(['result']);
  });
});

describe('StreamingToolExecutor wake-up and lifecycle (CC6)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('CC6: results arrive without any timer — none is created and none is advanced', async () => {
    vi.useFakeTimers();
    const h = harness();
    ['a', 'b'].forEach((id) => h.ex.addTool(safe(id)));
    h.ex.addTool(unsafe('c'));
    h.ex.finishedAdding();
    h.pipe.progress('b', 'x');
    h.pipe.succeed('b');
    h.pipe.succeed('a');
    await drain();
    h.pipe.succeed('c');
    await h.done; // would hang (and time out) if the consumer waited on a timer
    expect(vi.getTimerCount()).toBe(0);
    expect(h.results().map((r) => r.toolUseId)).toEqual(['a', 'b', 'c']);
  });

  it('ends at once when the stream had no tool calls', async () => {
    const h = harness();
    h.ex.finishedAdding();
    await h.done;
    expect(h.items).toEqual([]);
  });

  it('a consumer that starts late still gets everything, in order', async () => {
    const pipeLog: string[] = [];
    const ex = new StreamingToolExecutor({
      runToolUse: async (u) => ({ toolUseId: u.id, content: u.id, isError: false, state: 'succeeded' }),
      isConcurrencySafe: () => true,
      abortsSiblingsOnError: () => false,
      signal: new AbortController().signal,
      env: {},
      onEvent: (e) => pipeLog.push(e.type),
    });
    ex.addTool(use('x', 'Read'));
    ex.addTool(use('y', 'Read'));
    ex.finishedAdding();
    await drain();
    const got: string[] = [];
    for await (const item of ex.results()) if (item.kind === 'result') got.push(item.outcome.toolUseId);
    expect(got).toEqual(['x', 'y']);
  });

  it('rejects misuse with a typed error: bad tool_use, addTool after finishedAdding, results() twice', async () => {
    const h = harness();
    expect(() => h.ex.addTool({ id: '', name: 'Read', input: {}, messageId: 'm' })).toThrow(ExecutorUsageError);
    expect(() => h.ex.addTool(null as never)).toThrow(ExecutorUsageError);
    h.ex.finishedAdding();
    expect(() => h.ex.addTool(safe('late'))).toThrow(ExecutorUsageError);
    await h.done;
    await expect(h.ex.results().next()).rejects.toBeInstanceOf(ExecutorUsageError);
  });

  it('a duplicate tool_use id is ignored with a warning, so it still has exactly one result', async () => {
    const h = harness();
    h.ex.addTool(safe('a'));
    h.ex.addTool(safe('a'));
    h.ex.finishedAdding();
    h.pipe.succeed('a');
    await h.done;
    expect(h.results().map((r) => r.toolUseId)).toEqual(['a']);
    expect(h.logger.warnings.join()).toMatch(/duplicate tool_use id a/);
  });

  it('CC2: a predicate that throws counts as not concurrency-safe (fail closed); a throwing onEvent breaks nothing', async () => {
    const h = harness({
      isConcurrencySafe: (u) => {
        if (u.id === 'weird') throw new Error('lookup failed');
        return true;
      },
      onEvent: () => {
        throw new Error('hook broke');
      },
    });
    h.ex.addTool(safe('a'));
    h.ex.addTool(use('weird', 'Read'));
    h.ex.finishedAdding();
    expect([...h.pipe.running.keys()]).toEqual(['a']); // weird runs alone
    h.pipe.succeed('a');
    await drain();
    expect([...h.pipe.running.keys()]).toEqual(['a', 'weird']);
    h.pipe.succeed('weird');
    await h.done;
    expect(h.results().map((r) => r.state)).toEqual(['succeeded', 'succeeded']);
  });
});
