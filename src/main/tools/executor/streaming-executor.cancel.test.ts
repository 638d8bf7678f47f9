// Cancellation in the streaming executor: Bash sibling abort (CC4), Stop (every tool_use keeps
// exactly one result), and errors as data (PL8) — asserted on recorded order, never timing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { at, bash, drain, FakePipeline, harness, safe, unsafe, use, type Harness } from './fake-pipeline';
import { StreamingToolExecutor, ToolCallCancelled, USER_STOPPED_MESSAGE } from './streaming-executor';
import type { ToolCallOutcome } from './types';

const SIBLING = /^Cancelled: a sibling Bash command failed/;

function byId(h: Harness): Record<string, ToolCallOutcome> {
  return Object.fromEntries(h.results().map((r) => [r.toolUseId, r]));
}

/** Every added id has exactly one result, in call order. */
function expectOneResultEach(h: Harness, ids: string[]): void {
  expect(h.results().map((r) => r.toolUseId)).toEqual(ids);
}

describe('CC4 sibling abort', () => {
  it('CC4: a failing Bash call aborts running siblings and queued ones never start', async () => {
    const h = harness();
    h.ex.addTool(bash('b1', 'npm test', true));
    h.ex.addTool(bash('b2', 'git status', true));
    h.ex.addTool(safe('r'));
    h.ex.addTool(unsafe('e')); // queued behind the safe ones
    h.ex.finishedAdding();
    expect([...h.pipe.running.keys()]).toEqual(['b1', 'b2', 'r']);
    h.pipe.fail('b1', 'exit code 1');
    await h.done;
    expect(h.pipe.signal('b2').aborted).toBe(true);
    expect(h.pipe.signal('r').aborted).toBe(true);
    expect(h.pipe.signal('r').reason).toBeInstanceOf(ToolCallCancelled);
    expect((h.pipe.signal('r').reason as ToolCallCancelled).kind).toBe('sibling_error');
    expect(h.log).not.toContain('started:e');
    expectOneResultEach(h, ['b1', 'b2', 'r', 'e']);
    const out = byId(h);
    expect(out.b1).toEqual({ toolUseId: 'b1', content: 'exit code 1', isError: true, state: 'failed' });
    for (const id of ['b2', 'r', 'e']) {
      expect(out[id]!.state).toBe('cancelled');
      expect(out[id]!.isError).toBe(true);
      expect(out[id]!.content).toMatch(SIBLING);
      expect(out[id]!.content).toMatch(/npm test/);
    }
    // the running sibling keeps its own words after the reason
    expect(out.r!.content).toMatch(/interrupted$/);
    expect(at(h.log, 'finished:b1')).toBeLessThan(at(h.log, 'cancelled:r'));
    expect(at(h.log, 'cancelled:r')).toBeLessThan(at(h.log, 'finished:r'));
  });

  it('CC4: an unsafe Bash failure cancels the calls queued behind it, and calls added later', async () => {
    const h = harness();
    h.ex.addTool(bash('b', 'make'));
    h.ex.addTool(safe('r'));
    h.pipe.fail('b');
    await drain();
    h.ex.addTool(safe('after')); // the stream was still going when b failed
    h.ex.finishedAdding();
    await h.done;
    expect(h.log.filter((e) => e.startsWith('started:'))).toEqual(['started:b']);
    expectOneResultEach(h, ['b', 'r', 'after']);
    expect(byId(h).after!.content).toMatch(SIBLING);
  });

  it('CC4: a sibling that completed despite the abort keeps its successful result', async () => {
    const pipe = new FakePipeline();
    pipe.onAbort = 'ignore';
    const h = harness({}, pipe);
    h.ex.addTool(bash('b', 'false', true));
    h.ex.addTool(safe('r'));
    h.ex.finishedAdding();
    h.pipe.fail('b');
    await drain();
    h.pipe.succeed('r'); // it had already done its work
    await h.done;
    expect(byId(h).r).toEqual({ toolUseId: 'r', content: 'ok r', isError: false, state: 'succeeded' });
  });

  it('CC4: failures of other tools do not cascade', async () => {
    const h = harness();
    h.ex.addTool(safe('r1'));
    h.ex.addTool(safe('r2'));
    h.ex.addTool(unsafe('e'));
    h.ex.finishedAdding();
    h.pipe.fail('r1', 'ENOENT');
    await drain();
    expect(h.pipe.signal('r2').aborted).toBe(false);
    h.pipe.succeed('r2');
    await drain();
    h.pipe.fail('e');
    await h.done;
    expect(h.results().map((r) => r.state)).toEqual(['failed', 'succeeded', 'failed']);
    expect(h.log.some((e) => e.startsWith('cancelled:'))).toBe(false);
  });

  it('CC4: a successful Bash call cancels nothing', async () => {
    const h = harness();
    h.ex.addTool(bash('b', 'ls', true));
    h.ex.addTool(safe('r'));
    h.ex.finishedAdding();
    h.pipe.succeed('b');
    await drain();
    expect(h.pipe.signal('r').aborted).toBe(false);
    h.pipe.succeed('r');
    await h.done;
    expect(h.results().map((r) => r.state)).toEqual(['succeeded', 'succeeded']);
  });
});

describe('Stop', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('Stop (turn signal) mid-run: running calls are aborted and every tool_use gets exactly one result', async () => {
    const h = harness();
    h.ex.addTool(safe('done'));
    h.ex.addTool(safe('r1'));
    h.ex.addTool(bash('b', 'sleep 100', true));
    h.ex.addTool(unsafe('e'));
    h.pipe.succeed('done');
    await drain();
    h.turn.abort();
    h.ex.finishedAdding();
    await h.done;
    expect(h.pipe.signal('r1').aborted).toBe(true);
    expect((h.pipe.signal('b').reason as ToolCallCancelled).kind).toBe('user_stopped');
    expect(h.log).not.toContain('started:e');
    expectOneResultEach(h, ['done', 'r1', 'b', 'e']);
    const out = byId(h);
    expect(out.done!.state).toBe('succeeded');
    expect(out.e).toEqual({ toolUseId: 'e', content: USER_STOPPED_MESSAGE, isError: true, state: 'cancelled' });
    for (const id of ['r1', 'b']) {
      expect(out[id]!.state).toBe('cancelled');
      expect(String(out[id]!.content).startsWith(USER_STOPPED_MESSAGE)).toBe(true);
    }
    // a Bash call stopped by the user does not count as a failing sibling
    expect(out.r1!.content).not.toMatch(SIBLING);
  });

  it('cancelAll: the pipeline’s own result after abort is used; a tool added after Stop gets a cancelled one', async () => {
    const pipe = new FakePipeline();
    pipe.onAbort = (u) => ({ toolUseId: u.id, content: [{ type: 'text', text: 'partial output' }], isError: true, state: 'failed' });
    const h = harness({}, pipe);
    h.ex.addTool(bash('b', 'npm run build'));
    h.ex.cancelAll('user pressed Stop');
    h.ex.addTool(safe('late'));
    h.ex.finishedAdding();
    await h.done;
    expect(h.log).not.toContain('started:late');
    expectOneResultEach(h, ['b', 'late']);
    expect(byId(h).b).toEqual({
      toolUseId: 'b',
      content: [
        { type: 'text', text: USER_STOPPED_MESSAGE },
        { type: 'text', text: 'partial output' },
      ],
      isError: true,
      state: 'cancelled',
    });
  });

  it('Stop still reaches running calls after the consumer left results() early', async () => {
    const pipe = new FakePipeline();
    const turn = new AbortController();
    const ex = new StreamingToolExecutor({
      runToolUse: pipe.run,
      isConcurrencySafe: () => true,
      abortsSiblingsOnError: () => false,
      signal: turn.signal,
      env: {},
    });
    ex.addTool(safe('a'));
    ex.addTool(safe('b'));
    pipe.succeed('a');
    for await (const item of ex.results()) {
      expect(item.kind).toBe('result');
      break; // the consumer walks away with b still running
    }
    turn.abort();
    expect(pipe.signal('b').aborted).toBe(true);
  });

  it('Stop when the turn signal was already aborted: nothing starts, everything is cancelled', async () => {
    const turn = new AbortController();
    turn.abort();
    const h = harness({ signal: turn.signal });
    h.ex.addTool(safe('a'));
    h.ex.addTool(unsafe('b'));
    h.ex.finishedAdding();
    await h.done;
    expect(h.pipe.running.size).toBe(0);
    expect(h.results()).toEqual([
      { toolUseId: 'a', content: USER_STOPPED_MESSAGE, isError: true, state: 'cancelled' },
      { toolUseId: 'b', content: USER_STOPPED_MESSAGE, isError: true, state: 'cancelled' },
    ]);
  });

  it('Stop: a call that ignores its signal is cancelled at the grace deadline; its late result is dropped', async () => {
    vi.useFakeTimers();
    const pipe = new FakePipeline();
    pipe.onAbort = 'ignore';
    const h = harness({ stopGraceMs: 1000 }, pipe);
    h.ex.addTool(safe('stuck'));
    h.ex.addTool(safe('r'));
    h.ex.finishedAdding();
    h.ex.cancelAll();
    h.pipe.succeed('r'); // r honours the abort (finishes with its own result)
    await drain();
    expect(h.results().map((r) => r.toolUseId)).toEqual([]); // stuck holds the line: order is kept
    vi.advanceTimersByTime(1000);
    await h.done;
    h.pipe.succeed('stuck');
    await drain();
    expectOneResultEach(h, ['stuck', 'r']);
    expect(byId(h).stuck).toEqual({ toolUseId: 'stuck', content: USER_STOPPED_MESSAGE, isError: true, state: 'cancelled' });
    expect(byId(h).r!.state).toBe('succeeded');
    expect(h.logger.warnings.join()).toMatch(/stuck.*did not stop within 1000 ms/);
  });

  it('Stop reaches 20 running calls that each listen on their signal, with no listener-leak warning', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      const heard: string[] = [];
      const h = harness({
        maxConcurrency: 20,
        runToolUse: (u, signal) =>
          new Promise((resolve) =>
            signal.addEventListener('abort', () => {
              heard.push(u.id);
              resolve({ toolUseId: u.id, content: 'stopped', isError: true, state: 'cancelled' });
            }),
          ),
      });
      const ids = Array.from({ length: 20 }, (_, i) => `r${i}`);
      ids.forEach((id) => h.ex.addTool(safe(id)));
      h.ex.finishedAdding();
      h.turn.abort();
      await h.done;
      expect(heard).toEqual(ids);
      expectOneResultEach(h, ids);
      await new Promise((r) => setImmediate(r));
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('Stop: the grace timer is cleared once every running call has settled', async () => {
    vi.useFakeTimers();
    const h = harness();
    h.ex.addTool(safe('a'));
    h.ex.finishedAdding();
    h.ex.cancelAll();
    expect(vi.getTimerCount()).toBe(1);
    await h.done; // the fake pipeline honours the abort: no timer needs to fire
    expect(vi.getTimerCount()).toBe(0);
  });

  it('Stop with stopGraceMs 0 synthesizes cancelled results at once', async () => {
    const pipe = new FakePipeline();
    pipe.onAbort = 'ignore';
    const h = harness({ stopGraceMs: 0 }, pipe);
    h.ex.addTool(safe('a'));
    h.ex.finishedAdding();
    h.ex.cancelAll();
    await h.done;
    expect(h.results()).toEqual([{ toolUseId: 'a', content: USER_STOPPED_MESSAGE, isError: true, state: 'cancelled' }]);
  });
});

describe('errors are data (PL8)', () => {
  it('PL8: a RunToolUse that throws or rejects becomes a failed result and the batch goes on', async () => {
    let n = 0;
    const pipe = new FakePipeline();
    const h = harness({
      runToolUse: (u, signal, onProgress) => {
        n++;
        if (u.id === 'sync') throw new Error('boom');
        if (u.id === 'garbage') return Promise.resolve(undefined as never);
        return pipe.run(u, signal, onProgress);
      },
    });
    h.ex.addTool(unsafe('sync'));
    h.ex.addTool(unsafe('rej'));
    h.ex.addTool(unsafe('garbage'));
    h.ex.addTool(safe('ok'));
    h.ex.finishedAdding();
    await drain();
    pipe.reject('rej', new TypeError('bad thing'));
    await drain();
    pipe.succeed('ok');
    await h.done;
    expect(n).toBe(4);
    expect(h.results()).toEqual([
      { toolUseId: 'sync', content: 'Error: boom', isError: true, state: 'failed' },
      { toolUseId: 'rej', content: 'Error: bad thing', isError: true, state: 'failed' },
      { toolUseId: 'garbage', content: 'Error: the tool pipeline returned no valid result', isError: true, state: 'failed' },
      { toolUseId: 'ok', content: 'ok ok', isError: false, state: 'succeeded' },
    ]);
  });

  it('PL8 + CC4: a Bash pipeline that throws is a failed Bash call and aborts its siblings', async () => {
    const pipe = new FakePipeline();
    const h = harness({
      runToolUse: (u, signal, onProgress) => {
        if (u.name === 'Bash') return Promise.reject(new Error('spawn failed'));
        return pipe.run(u, signal, onProgress);
      },
    });
    h.ex.addTool(safe('r'));
    h.ex.addTool(bash('b', 'ls', true));
    h.ex.finishedAdding();
    await h.done;
    expect(h.results().map((r) => [r.toolUseId, r.state])).toEqual([
      ['r', 'cancelled'],
      ['b', 'failed'],
    ]);
  });

  it('the pipeline’s toolUseId cannot mislabel a result: the executor keeps the call’s id', async () => {
    const h = harness({
      runToolUse: async () => ({ toolUseId: 'wrong', content: 'x', isError: false, state: 'succeeded' }),
    });
    h.ex.addTool(use('right', 'Read'));
    h.ex.finishedAdding();
    await h.done;
    expect(h.results()[0]!.toolUseId).toBe('right');
  });
});
