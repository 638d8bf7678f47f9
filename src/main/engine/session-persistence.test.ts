// A session's persistence against an in-memory store (PX5): the meta line once, the prompt with its
// turn's start line written before anything else waits on it, a reply's blocks and each result as they
// happen, the turn's end with why it stopped, and a failed append kept for the next one.
import { describe, expect, it } from 'vitest';
import type { Message, RunStop } from '../../shared/transcript';
import { createLogger } from '../base/log';
import type { AppendLines, SessionStore } from '../sessions/store';
import { SessionPersistence } from './session-persistence';

const msg = (id: string, role: Message['role'] = 'user'): Message => ({ id, role, content: [{ type: 'text', text: id }], createdAt: 1 });
const META = { type: 'meta', version: 1, id: 's1', projectDir: '/p', createdAt: 5, title: 'A title' };

function setup() {
  const appends: AppendLines[] = [];
  let fail = false;
  let hold: Promise<void> | null = null;
  const store: SessionStore = {
    list: async () => [],
    load: async () => null,
    remove: async () => false,
    restore: async () => false,
    async append(_dir, _id, lines) {
      if (hold) await hold;
      if (fail) throw new Error('disk full');
      appends.push(structuredClone(lines));
    },
  };
  const p = new SessionPersistence({ store, log: createLogger({ level: 'silent' }), id: 's1', projectDir: '/p', createdAt: 5, title: () => 'A title', persisted: false, now: () => 7 });
  return { p, appends, setFail: (v: boolean) => void (fail = v), setHold: (h: Promise<void> | null) => void (hold = h) };
}

describe('SessionPersistence', () => {
  it('writes the meta line with the first append only; a failed append is retried by the next', async () => {
    const { p, appends, setFail } = setup();
    p.beginTurn('t1');
    setFail(true);
    await expect(p.prompt(msg('m1'))).rejects.toThrow('disk full');
    await expect(p.endTurn()).rejects.toThrow('disk full');
    expect(p.saved).toBe(false);
    setFail(false);
    p.beginTurn('t2');
    await p.prompt(msg('m2'));
    expect(appends).toEqual([
      {
        meta: META,
        lines: [
          { type: 'turn_start', turnId: 't1', at: 1 },
          { type: 'message', message: msg('m1') },
          { type: 'turn_end', turnId: 't1', at: 7 },
          { type: 'turn_start', turnId: 't2', at: 1 },
          { type: 'message', message: msg('m2') },
        ],
      },
    ]);
    expect(p.saved).toBe(true);
  });

  it('each thing is written when it happens, in order; the end line carries why the run stopped', async () => {
    const { p, appends, setHold } = setup();
    p.beginTurn('t1');
    await p.prompt(msg('u1'));
    let release!: () => void;
    setHold(new Promise<void>((r) => (release = r)));
    const use = { type: 'tool_use' as const, id: 'toolu_1', name: 'Write', input: {} };
    const blocks = p.replyBlocks('a1', [{ type: 'text', text: 'Writing.' }, use]);
    // Queued while the store is busy: written in order, and the call waits for its blocks.
    p.toolResult('a1', { type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' });
    p.add({ ...msg('a1', 'assistant'), content: [use] });
    let written = false;
    void blocks.then(() => (written = true));
    await Promise.resolve();
    expect(written).toBe(false);
    release();
    await blocks;
    setHold(null);
    const stop: RunStop = { kind: 'max_tokens', text: 'cut off', canContinue: true };
    await p.endTurn({ messageId: 'a1', stop });
    expect(appends[0]).toMatchObject({ meta: META });
    expect(appends.flatMap((a) => a.lines!.map((l) => l.type))).toEqual(['turn_start', 'message', 'reply_blocks', 'tool_result', 'message', 'turn_end']);
    expect(appends.at(-1)!.lines).toEqual([{ type: 'turn_end', turnId: 't1', at: 7, stopped: { messageId: 'a1', stop } }]);
  });

  it('a turn whose prompt never joined (a hook blocked it) writes nothing', async () => {
    const { p, appends } = setup();
    p.beginTurn('t1');
    await p.endTurn();
    expect(appends).toEqual([]);
    expect(p.saved).toBe(false);
  });

  it('issue 19 a move of the working folder is written as it happens, the way back too', async () => {
    const { p, appends } = setup();
    const wt = { path: '/p/.claude/worktrees/a', branch: 'worktree-a', since: 'c0ffee' };
    p.workingFolder(wt);
    p.workingFolder(null);
    await p.settled();
    expect(appends.flatMap((a) => a.lines ?? [])).toEqual([
      { type: 'working_folder', folder: wt, at: 7 },
      { type: 'working_folder', folder: null, at: 7 },
    ]);
    expect(appends[0]!.meta).toEqual(META);
  });
});
