// The approval inbox (issue 5 item 6): every request waiting in this project — other conversations,
// subagents, background tasks, and the open conversation too — grouped by where they come from and by
// kind, answered a group at a time or one by one. A panel on the right; the work stays visible.
import { useEffect, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { focusComposer } from '../permissions/composer-focus';
import { requestKindFor } from '../permissions/registry';
import { isTextEntry, noteTyping } from '../permissions/typing-watch';
import { useSessions, useTools } from '../stores/react';
import { plural } from '../tools/shared/paths';
import { useViewEnv, type ViewEnv } from '../tools/view-env';
import type { SettledRequest } from '../stores/tools-store';
import { useNow } from '../util/use-now';
import { groupRequests, sourceWords } from './group-requests';
import { itemWords } from './item-words';
import { settledWords } from './settled-words';
import { INBOX_BUTTON_ID, INBOX_PANEL_ID } from './InboxButton';
import { InboxGroup, offersAllowAll } from './InboxGroup';
import '../styles/side-pane.css';
import './Inbox.css';

interface PanelProps {
  onClose: () => void;
  onReview: (requestId: string) => void;
  /** A request of the inbox is open in the modal (focus comes back here after it). */
  reviewing: boolean;
}

export function InboxPanel({ onClose, onReview, reviewing }: PanelProps): ReactNode {
  const permissions = useTools((s) => s.permissions);
  const settled = useTools((s) => s.settled);
  const clearSettled = useTools((s) => s.clearSettled);
  const sessions = useSessions((s) => s.sessions);
  const env = useViewEnv();
  const now = useNow(15_000);
  const panel = useRef<HTMLElement>(null);
  const groups = useMemo(
    () => groupRequests(permissions, { projectDir: env.projectDir, sessionTitle: (id) => sessions.find((s) => s.id === id)?.title }),
    [permissions, sessions, env.projectDir],
  );

  // Opened: focus moves in. Closed: back to the header button (the focused control is gone).
  useEffect(() => {
    panel.current?.focus();
    return () => {
      if (document.activeElement === document.body || document.activeElement === null) document.getElementById(INBOX_BUTTON_ID)?.focus();
    };
  }, []);
  // An answered request takes its focused button with it: keep focus in the panel.
  useEffect(() => {
    if (!reviewing && (document.activeElement === document.body || document.activeElement === null)) panel.current?.focus();
  }, [reviewing, permissions.length]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>): void => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
      return;
    }
    // Letters typed here were meant for the message box: they go on there (moving the focus during
    // keydown takes the key along). Space still presses a focused button.
    const target = e.target instanceof Element ? e.target : null;
    if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey || isTextEntry(target)) return;
    if (e.key === ' ' && target instanceof HTMLButtonElement) return;
    noteTyping();
    focusComposer();
  };

  return (
    <section id={INBOX_PANEL_ID} ref={panel} className="side-pane inbox" role="dialog" aria-labelledby="inbox-title" aria-describedby="inbox-intro" tabIndex={-1} onKeyDown={onKeyDown}>
      <div className="side-pane__head inbox__head">
        <h2 id="inbox-title" className="inbox__title">
          Approvals waiting
        </h2>
        <button type="button" className="side-pane__close" aria-label="Close approvals" onClick={onClose}>
          ×
        </button>
      </div>
      {permissions.length === 0 ? (
        <div id="inbox-intro" className="inbox__empty">
          <p className="inbox__empty-title">Nothing is waiting for your answer.</p>
          <p>When the assistant asks before doing something — in any conversation or background task — the request shows up here.</p>
        </div>
      ) : (
        <>
          <p id="inbox-intro" className="inbox__intro">
            {plural(permissions.length, 'request')} {permissions.length === 1 ? 'waits' : 'wait'} for your answer. Nothing happens until you answer.
          </p>
          {groups.some(offersAllowAll) && <p className="inbox__hint">“Allow all” allows each request this one time. To allow something for later too, open it with Review.</p>}
          <div className="inbox__groups">
            {groups.map((g) => (
              <InboxGroup key={g.key} group={g} now={now} onReview={onReview} />
            ))}
          </div>
        </>
      )}
      {settled.length > 0 && (
        <section className="inbox__settled" aria-label="No longer waiting">
          <div className="inbox__settled-head">
            <h3 className="inbox__settled-title">No longer waiting</h3>
            <button type="button" className="button button--ghost button--small" onClick={clearSettled}>
              Clear
            </button>
          </div>
          <ul className="inbox__settled-list">
            {settled.map((s) => (
              <SettledItem key={s.request.requestId} settled={s} source={sourceWords(s.request, (id) => sessions.find((x) => x.id === id)?.title)} env={env} />
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

function SettledItem({ settled, source, env }: { settled: SettledRequest; source: string; env: ViewEnv }): ReactNode {
  const words = itemWords(settled.request, env);
  const allowed = settled.decision === 'allow_once' || settled.decision === 'allow_always';
  return (
    <li>
      <span className="inbox__settled-what">
        {source}: {words.summary}
        {words.detail && <code className="inbox__settled-detail">{words.detail}</code>}
      </span>{' '}
      <span className={allowed ? 'inbox__settled-how' : 'inbox__settled-how inbox__settled-how--denied'}>{settledWords(settled, requestKindFor(settled.request).denialOutcome)}</span>
    </li>
  );
}
