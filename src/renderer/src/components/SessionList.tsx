// The left sidebar: past conversations of this project, newest first (those waiting for an answer
// from the person marked), and a button to start a new one.
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useSessions, useTools } from '../stores/react';
import { relativeTime } from '../util/relative-time';
import { useNow } from '../util/use-now';
import { PlusIcon } from './icons';
import './SessionList.css';

export function SessionList(): ReactNode {
  const sessions = useSessions((s) => s.sessions);
  const loaded = useSessions((s) => s.listLoaded);
  const currentId = useSessions((s) => s.currentId);
  const statuses = useSessions((s) => s.statuses);
  const open = useSessions((s) => s.open);
  const startNew = useSessions((s) => s.startNew);
  const now = useNow();
  const waitingIds = useTools(useShallow((s) => s.permissions.map((r) => r.sessionId)));
  const waiting = (id: string): number => waitingIds.filter((w) => w === id).length;

  return (
    <nav className="sidebar" aria-labelledby="sessions-heading">
      <div className="sidebar__top">
        <h2 id="sessions-heading" className="sidebar__heading">
          Sessions
        </h2>
        <button type="button" className="button button--small" onClick={startNew}>
          <PlusIcon size={14} /> New session
        </button>
      </div>
      {loaded && sessions.length === 0 ? (
        <p className="sidebar__empty">No conversations yet. Your first message starts one.</p>
      ) : (
        <ul className="sidebar__list" aria-label="Sessions">
          {sessions.map((s) => {
            const current = s.id === currentId;
            const running = statuses[s.id] === 'running' || statuses[s.id] === 'stopping';
            const asks = waiting(s.id);
            return (
              <li key={s.id}>
                <button
                  type="button"
                  className={current ? 'session-item session-item--current' : 'session-item'}
                  aria-current={current ? 'true' : undefined}
                  onClick={() => {
                    if (!current) void open(s.id);
                  }}
                >
                  <span className="session-item__title">{s.title || 'Untitled conversation'}</span>
                  <span className="session-item__meta">
                    {asks > 0 && (
                      <span className="session-item__waiting">
                        {asks === 1 ? 'Waiting for you' : `${asks} questions for you`}
                        <span className="visually-hidden">, </span>
                      </span>
                    )}
                    {running && asks === 0 && (
                      <span className="dot dot--running" title="Working">
                        <span className="visually-hidden">working, </span>
                      </span>
                    )}
                    <time dateTime={new Date(s.updatedAt).toISOString()} title={new Date(s.updatedAt).toLocaleString()}>
                      {relativeTime(s.updatedAt, now)}
                    </time>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
