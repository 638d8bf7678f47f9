// The left sidebar: past conversations of this project, newest first (those waiting for an answer
// from the person marked, each with what it cost), what the project spent today, a button to start a
// new one, and per conversation Rename and Delete (with an Undo notice).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useSessions, useTools } from '../stores/react';
import { relativeTime } from '../util/relative-time';
import { useNow } from '../util/use-now';
import { localDay } from '../../../shared/model/local-day';
import { PencilIcon, PlusIcon, TrashIcon } from './icons';
import { dayTotal, dayTotalWords, sessionCostWords } from './spend-words';
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
  const remove = useSessions((s) => s.remove);
  const [renaming, setRenaming] = useState<string | null>(null);
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
      <TodaySpend />
      <RemovedNotice />
      {loaded && sessions.length === 0 ? (
        <p className="sidebar__empty">No conversations yet. Your first message starts one.</p>
      ) : (
        <ul className="sidebar__list" aria-label="Sessions">
          {sessions.map((s) => {
            const current = s.id === currentId;
            const running = statuses[s.id] === 'running' || statuses[s.id] === 'stopping';
            const asks = waiting(s.id);
            const cost = sessionCostWords(s);
            return (
              <li key={s.id} className="session-row">
                {renaming === s.id ? (
                  <RenameBox id={s.id} title={s.title || 'Untitled conversation'} onDone={() => setRenaming(null)} />
                ) : (
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
                      {cost && (
                        <span className="session-item__cost" title="What this conversation cost so far (its helper agents included)">
                          {cost}
                          <span aria-hidden="true"> ·</span>
                          <span className="visually-hidden">, </span>
                        </span>
                      )}
                      <time dateTime={new Date(s.updatedAt).toISOString()} title={new Date(s.updatedAt).toLocaleString()}>
                        {relativeTime(s.updatedAt, now)}
                      </time>
                    </span>
                  </button>
                )}
                {renaming !== s.id && (
                  <span className="session-row__actions">
                    <button type="button" className="session-row__action" aria-label={`Rename “${s.title || 'Untitled conversation'}”`} title="Rename" onClick={() => setRenaming(s.id)}>
                      <PencilIcon size={13} />
                    </button>
                    <button
                      type="button"
                      className="session-row__action"
                      aria-label={`Delete “${s.title || 'Untitled conversation'}”`}
                      title="Delete"
                      disabled={running || asks > 0}
                      onClick={() => void remove(s.id)}
                    >
                      <TrashIcon size={13} />
                    </button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}

/** The name being edited in place: Enter keeps it, Esc leaves it as it was. */
function RenameBox({ id, title, onDone }: { id: string; title: string; onDone: () => void }): ReactNode {
  const rename = useSessions((s) => s.rename);
  const [value, setValue] = useState(title);
  const input = useRef<HTMLInputElement>(null);
  // Enter, Esc and the blur that follows them end it once: an Esc must not save on its way out.
  const finished = useRef(false);
  useEffect(() => input.current?.select(), []);
  const finish = (): void => {
    finished.current = true;
    onDone();
  };
  const save = async (): Promise<void> => {
    if (finished.current) return;
    const next = value.trim();
    finished.current = true;
    if (next && next !== title) await rename(id, next);
    onDone();
  };
  return (
    <form
      className="session-rename"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <input
        ref={input}
        className="input session-rename__input"
        aria-label="New name for the conversation"
        value={value}
        maxLength={200}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            finish();
          }
        }}
        onBlur={() => void save()}
      />
    </form>
  );
}

/** The project's spending today, every conversation added up (the list's data; a day ends at local midnight). */
function TodaySpend(): ReactNode {
  const sessions = useSessions((s) => s.sessions);
  const now = useNow();
  const total = dayTotal(sessions, localDay(now));
  if (total.conversations === 0) return null;
  return (
    <p className="sidebar__spend" role="status" aria-label="Spent today in this project">
      {dayTotalWords(total)}
    </p>
  );
}

/** "Deleted “…”" with Undo, until dismissed or another one is deleted. */
function RemovedNotice(): ReactNode {
  const removed = useSessions((s) => s.removed);
  const restore = useSessions((s) => s.restoreRemoved);
  const dismiss = useSessions((s) => s.dismissRemoved);
  if (!removed) return null;
  return (
    <div className="session-removed" role="status" aria-label="Deleted conversation">
      <span className="session-removed__text">Deleted “{removed.title}”.</span>
      <button type="button" className="button button--small button--secondary" onClick={() => void restore()}>
        Undo
      </button>
      <button type="button" className="session-removed__close" aria-label="Dismiss" onClick={dismiss}>
        ×
      </button>
    </div>
  );
}
