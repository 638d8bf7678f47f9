// A session's persistence against an in-memory store: the meta line once, a failed append kept for the
// next one, a message changed before it is written (why its run stopped), not while it is being written.
import { describe, expect, it } from 'vitest';
import type { Message } from '../../shared/transcript';
import { createLogger } from '../base/log';
import type { AppendLines, SessionStore } from '../sessions/store';
import { SessionPersistence } from './session-persistence';

const msg = (id: string): Message => ({ id, role: 'user', content: [{ type: 'text', text: id }], createdAt: 1 });

function setup() {
  const appends: AppendLines[] = [];
  let fail = false;
  let hold: Promise<void> | null = null;
  const store: SessionStore = {
    list: async () => [],
    load: async () => null,
    async append(_dir, _id, lines) {
      if (hold) await hold;
      if (fail) throw new Error('disk full');
      appends.push(structuredClone(lines));
    },
  };
  const p = new SessionPersistence({ store, log: createLogger({ level: 'silent' }), id: 's1', projectDir: '/p', createdAt: 5, title: () => 'A title', persisted: false });
  return { p, appends, setFail: (v: boolean) => void (fail = v), setHold: (h: Promise<void> | null) => void (hold = h) };
}

describe('SessionPersistence', () => {
  it('writes the meta line with the first append only; a failed append is retried by the next', async () => {
    const { p, appends, setFail } = setup();
    p.beginTurn();
    p.add(msg('m1'));
    setFail(true);
    await expect(p.endTurn()).rejects.toThrow('disk full');
    expect(p.saved).toBe(false);
    setFail(false);
    p.beginTurn();
    p.add(msg('m2'));
    await p.endTurn();
    expect(appends).toEqual([{ meta: { type: 'meta', version: 1, id: 's1', projectDir: '/p', createdAt: 5, title: 'A title' }, messages: [msg('m1'), msg('m2')] }]);
    expect(p.saved).toBe(true);
  });

  it('replace changes a message not yet written, and refuses one written or being written', async () => {
    const { p, appends, setHold } = setup();
    const a = msg('a');
    p.beginTurn();
    p.add(a);
    const marked = { ...a, stopReason: 'x' };
    expect(p.replace(a, marked)).toBe(true);
    await p.endTurn();
    expect(appends[0]!.messages).toEqual([marked]);
    expect(p.replace(marked, a)).toBe(false);

    let release!: () => void;
    setHold(new Promise<void>((r) => (release = r)));
    const b = msg('b');
    p.add(b);
    const writing = p.endTurn();
    await Promise.resolve();
    await Promise.resolve();
    expect(p.replace(b, { ...b, stopReason: 'y' })).toBe(false);
    release();
    await writing;
    expect(appends[1]!.messages).toEqual([b]);
  });
});
