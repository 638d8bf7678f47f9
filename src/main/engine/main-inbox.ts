// Teammates' messages to the conversation (AG7): each becomes a turn of its own as soon as the
// conversation is free — at once when it is idle, else all that waited together when its turn ends —
// so the model reads them as Claude Code's do, wrapped in <teammate-message>. Bounded (PX8).
import { formatTeammateMessages, MAILBOX_MAX, type TeammateMessage } from '../tasks/team';

export interface MainInbox {
  post(message: TeammateMessage): void;
  /** The conversation became idle: what waited goes now. */
  idle(): void;
}

/** `startTurn` starts a turn with the text, or answers false when the conversation is busy. */
export function createMainInbox(opts: { startTurn?: (text: string) => boolean; onDropped: (from: string) => void }): MainInbox {
  let waiting: TeammateMessage[] = [];
  const flush = () => {
    if (waiting.length === 0 || !opts.startTurn) return;
    if (opts.startTurn(formatTeammateMessages(waiting))) waiting = [];
  };
  return {
    post(message) {
      if (waiting.length >= MAILBOX_MAX) return opts.onDropped(message.from);
      waiting.push(message);
      flush();
    },
    // After the turn has wholly settled.
    idle: () => void setTimeout(flush, 0),
  };
}
