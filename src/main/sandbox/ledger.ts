// The network ledger (issue 15 item 2): every connection the box refused, by command and host, per
// session, bounded; repeated attempts of one command to one host are one entry with a count.
import type { BlockedConnection } from '../../shared/sandbox';

const MAX_PER_SESSION = 200;

export interface NetworkLedger {
  record(entry: Omit<BlockedConnection, 'id' | 'count' | 'lastAt'> & { commandId: string }): BlockedConnection;
  list(sessionId: string): BlockedConnection[];
  /** The entries of a host allowed since: marked so the UI stops offering to allow it. */
  markAllowed(sessionId: string, host: string): void;
  subscribe(listener: (entry: BlockedConnection) => void): () => void;
  forget(sessionId: string): void;
}

export function createNetworkLedger(): NetworkLedger {
  const bySession = new Map<string, Array<BlockedConnection & { commandId: string }>>();
  const listeners = new Set<(e: BlockedConnection) => void>();
  let seq = 0;
  const strip = ({ commandId: _c, ...e }: BlockedConnection & { commandId: string }): BlockedConnection => ({ ...e });
  const publish = (e: BlockedConnection) => {
    for (const l of listeners) {
      try {
        l(e);
      } catch {
        // A listener's failure is its own.
      }
    }
  };
  return {
    record(entry) {
      const list = bySession.get(entry.sessionId) ?? [];
      bySession.set(entry.sessionId, list);
      const same = list.find((e) => e.commandId === entry.commandId && e.host === entry.host && e.port === entry.port);
      if (same) {
        same.count += 1;
        same.lastAt = entry.at;
        publish(strip(same));
        return strip(same);
      }
      const e = { ...entry, id: `blk_${++seq}`, count: 1, lastAt: entry.at };
      list.push(e);
      if (list.length > MAX_PER_SESSION) list.shift();
      publish(strip(e));
      return strip(e);
    },
    list: (sessionId) => (bySession.get(sessionId) ?? []).map(strip),
    markAllowed(sessionId, host) {
      for (const e of bySession.get(sessionId) ?? []) {
        if (e.host === host && !e.allowed) {
          e.allowed = true;
          publish(strip(e));
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    forget: (sessionId) => void bySession.delete(sessionId),
  };
}
