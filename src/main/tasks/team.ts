// A conversation's teammates (AG7 teammate mode): named background agents, each with a mailbox the
// SendMessage tool posts to, and the way back to the conversation itself ("main"). A teammate that
// has finished its work waits on its mailbox; a message wakes it. Plain in-memory state per session.

import type { TeammateMessage } from '../../shared/teammate-message';

export { formatTeammateMessages, type TeammateMessage } from '../../shared/teammate-message';

/** The conversation itself, as teammates address it (Claude Code's "main", and "team-lead" in teams). */
export const MAIN_NAMES: readonly string[] = ['main', 'team-lead'];
export const isMainName = (name: string): boolean => MAIN_NAMES.includes(name.trim().toLowerCase());

/** Messages waiting for a teammate at most (PX8): a sender past it is told the inbox is full. */
export const MAILBOX_MAX = 100;

export interface Mailbox {
  /** false when the mailbox is full. */
  post(message: TeammateMessage): boolean;
  /** Every waiting message, or — when there is none — the next one to arrive; null once `signal` aborts. */
  take(signal: AbortSignal): Promise<TeammateMessage[] | null>;
  /** Its teammate is done with its work and waits in `take` for a message (ListPeers: "waiting"). */
  waiting(): boolean;
}

export interface Team {
  /** A new teammate of this name; throws when one of that name is still there. */
  join(name: string): { mailbox: Mailbox; leave(): void };
  mailboxOf(name: string): Mailbox | undefined;
  members(): string[];
  /** A teammate's message for the conversation (it becomes a turn of its own when the conversation is free). */
  toMain(message: TeammateMessage): void;
}

function createMailbox(): Mailbox {
  const waiting: TeammateMessage[] = [];
  let wake: (() => void) | null = null;
  let idle = false;
  return {
    post(message) {
      if (waiting.length >= MAILBOX_MAX) return false;
      waiting.push(message);
      wake?.();
      return true;
    },
    async take(signal) {
      idle = true;
      try {
        while (waiting.length === 0) {
          if (signal.aborted) return null;
          await new Promise<void>((resolve) => {
            const done = () => {
              signal.removeEventListener('abort', done);
              wake = null;
              resolve();
            };
            wake = done;
            signal.addEventListener('abort', done, { once: true });
          });
        }
        return waiting.splice(0);
      } finally {
        idle = false;
      }
    },
    waiting: () => idle,
  };
}

export function createTeam(opts: { toMain: (message: TeammateMessage) => void }): Team {
  const members = new Map<string, Mailbox>();
  const key = (name: string) => name.trim().toLowerCase();
  return {
    join(name) {
      const k = key(name);
      if (!k || isMainName(k)) throw new Error(`"${name}" cannot be a teammate's name: it names the conversation itself.`);
      if (members.has(k)) throw new Error(`A teammate named "${name}" is already running; give this one another name.`);
      const mailbox = createMailbox();
      members.set(k, mailbox);
      return { mailbox, leave: () => void (members.get(k) === mailbox && members.delete(k)) };
    },
    mailboxOf: (name) => members.get(key(name)),
    members: () => [...members.keys()],
    toMain: (message) => opts.toMain(message),
  };
}
