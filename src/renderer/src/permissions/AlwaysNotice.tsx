// The quiet line above the message box after an "Always allow" answer (issue 13 item 3): what Agent
// Desk now allows without asking and where that was saved, with Undo (the rule goes everywhere it was
// put) and Dismiss. Only the open conversation's latest answer is shown.
import { useEffect, useRef, type ReactNode } from 'react';
import { CheckCircleIcon, InfoIcon } from '../components/icons';
import { useAlways, useSessions } from '../stores/react';
import type { AlwaysNotice as Notice } from '../stores/always-store';
import { alwaysSentence, GONE_WORDS, UNDONE_WORDS } from './always-words';
import { focusComposer } from './composer-focus';
import './AlwaysNotice.css';

function words(notice: Notice): string {
  switch (notice.state) {
    case 'undone':
      return UNDONE_WORDS;
    case 'gone':
      return GONE_WORDS;
    case 'failed':
      return `Could not undo: ${notice.error ?? 'the request failed'}. The rule still applies.`;
    default:
      return alwaysSentence(notice);
  }
}

export function AlwaysNotice(): ReactNode {
  const currentId = useSessions((s) => s.currentId);
  const notice = useAlways((s) => (currentId ? s.notices[currentId] : undefined));
  const undo = useAlways((s) => s.undo);
  const dismiss = useAlways((s) => s.dismiss);
  const dismissButton = useRef<HTMLButtonElement>(null);
  const offersUndo = notice?.state === 'saved' || notice?.state === 'undoing' || notice?.state === 'failed';
  const settled = notice?.state === 'undone' || notice?.state === 'gone';

  // Undo disappears once it has worked: the keyboard goes on from Dismiss instead of from nowhere.
  useEffect(() => {
    if (settled && document.activeElement === document.body) dismissButton.current?.focus();
  }, [settled]);

  return (
    // Always in the page, so a screen reader hears each new sentence (a live region that appears with its text may not be read).
    <div className="always-notice-slot" role="status" aria-label="Always allow">
      {notice && (
        <div className={`always-notice always-notice--${settled ? 'settled' : notice.state}`} data-state={notice.state}>
          {settled ? <CheckCircleIcon size={16} className="always-notice__icon" /> : <InfoIcon size={16} className="always-notice__icon" />}
          <p className="always-notice__text">{words(notice)}</p>
          {offersUndo && (
            // aria-disabled, not disabled, while it works: a disabled button would drop the keyboard focus.
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label="Undo always allow"
              aria-disabled={notice.state === 'undoing'}
              onClick={() => void undo(notice.sessionId)}
            >
              {notice.state === 'undoing' ? 'Undoing…' : 'Undo'}
            </button>
          )}
          <button
            ref={dismissButton}
            type="button"
            className="always-notice__dismiss"
            aria-label="Dismiss"
            title="Dismiss"
            onClick={() => {
              dismiss(notice.sessionId);
              focusComposer();
            }}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
