// Teammates' messages to the conversation (AG7): a turn at once when it is idle; while it works they
// wait and go together when its turn has settled; past the bound a message is dropped with a notice.
import { describe, expect, it } from 'vitest';
import { MAILBOX_MAX } from '../tasks/team';
import { createMainInbox } from './main-inbox';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('the conversation’s inbox (AG7)', () => {
  it('idle: the message is a turn at once, in Claude Code’s envelope', () => {
    const turns: string[] = [];
    const inbox = createMainInbox({ startTurn: (t) => (turns.push(t), true), onDropped: () => undefined });
    inbox.post({ from: 'researcher', text: 'found it', summary: 'found' });
    expect(turns).toEqual(['<teammate-message teammate_id="researcher" summary="found">\nfound it\n</teammate-message>']);
  });

  it('busy: messages wait, then go together once the turn has settled', async () => {
    let busy = true;
    const turns: string[] = [];
    const inbox = createMainInbox({ startTurn: (t) => (busy ? false : (turns.push(t), true)), onDropped: () => undefined });
    inbox.post({ from: 'a', text: 'one' });
    inbox.post({ from: 'b', text: 'two' });
    expect(turns).toEqual([]);
    busy = false;
    inbox.idle();
    expect(turns).toEqual([]);
    await tick();
    expect(turns).toEqual(['<teammate-message teammate_id="a">\none\n</teammate-message>\n\n<teammate-message teammate_id="b">\ntwo\n</teammate-message>']);
    inbox.idle();
    await tick();
    expect(turns).toHaveLength(1);
  });

  it('bounded: past the limit a message is dropped and said so; without a way to start turns nothing starts', () => {
    const dropped: string[] = [];
    const inbox = createMainInbox({ onDropped: (from) => dropped.push(from) });
    for (let i = 0; i <= MAILBOX_MAX; i++) inbox.post({ from: 'chatty', text: String(i) });
    expect(dropped).toEqual(['chatty']);
  });
});
