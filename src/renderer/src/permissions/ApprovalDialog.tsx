// Where approvals appear (PL4e, DK4, PX1): the oldest waiting request of the conversation on screen,
// docked right above the message box. It is not modal — the message box, Stop and everything else stay
// usable — and it never takes the keyboard from someone typing: it announces itself (a highlight, a
// spoken notice, the window title and the inbox badge) and F6 moves between it and the message box.
// A request opened from the inbox ("Review") floats over the inbox instead.
// Requests of other conversations, subagents and tasks wait in the inbox until opened there.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { modalQueue } from '../inbox/modal-policy';
import { useSessions, useTools } from '../stores/react';
import { focusComposer } from './composer-focus';
import { requestKindFor } from './registry';
import { assistantReason } from './assistant-reason';
import { idsFor, RequestPanel } from './RequestPanel';
import { startTypingWatch } from './typing-watch';
import './ApprovalDialog.css';

export interface ApprovalDialogProps {
  /** A request opened from the inbox ("Review"): shown whichever conversation, subagent or task it is of. */
  reviewId?: string | null;
  /** While the inbox is open nothing pops up by itself: the person is already looking at every request. */
  inboxOpen?: boolean;
  /** "Review all N in the inbox". */
  onReviewAll?: () => void;
  /** The reviewed request was answered or put back ("Back to the inbox"). */
  onReviewEnd?: () => void;
}

export const APPROVAL_DIALOG_CLASS = 'approval';

export function ApprovalDialog({ reviewId = null, inboxOpen = false, onReviewAll, onReviewEnd }: ApprovalDialogProps = {}): ReactNode {
  const permissions = useTools((s) => s.permissions);
  const currentId = useSessions((s) => s.currentId);
  const reviewed = reviewId ? (permissions.find((r) => r.requestId === reviewId) ?? null) : null;
  const queue = useMemo(() => modalQueue(permissions, currentId), [permissions, currentId]);
  // Which of the waiting requests is shown: the oldest first; previous / next move through them.
  const [index, setIndex] = useState(0);
  const shownIndex = Math.min(index, Math.max(0, queue.length - 1));
  const request = reviewed ?? (inboxOpen ? null : (queue[shownIndex] ?? null));
  const messages = useSessions((s) => s.messages);
  const drafts = useSessions((s) => s.drafts);
  const stopTurn = useSessions((s) => s.stop);
  const reason = useMemo(() => (request ? assistantReason(request, messages, drafts) : null), [request, messages, drafts]);
  const busy = useTools((s) => s.replying !== null || (request !== null && s.answering.includes(request.requestId)));
  const reply = useTools((s) => s.reply);
  const otherTitle = useSessions((s) =>
    request && request.sessionId !== s.currentId ? (s.sessions.find((x) => x.id === request.sessionId)?.title ?? 'another conversation') : null,
  );
  const dialog = useRef<HTMLDialogElement>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => startTypingWatch(), []);

  // The reviewed request was settled (here, elsewhere, or by its deadline): back to the inbox.
  const settled = reviewId !== null && reviewed === null;
  useEffect(() => {
    if (settled) onReviewEnd?.();
  }, [settled, onReviewEnd]);

  // Said once per request, politely: a screen reader does not cut the person off mid-sentence.
  const requestId = request?.requestId ?? null;
  const question = request ? requestKindFor(request).question(request) : '';
  useEffect(() => {
    if (requestId) setAnnouncement(`The assistant is waiting for your answer: ${question}${/[.?!:]$/.test(question) ? '' : '.'} Press F6 to answer.`);
  }, [requestId, question]);

  // The last request answered took the focus with it: back to the message box (the inbox keeps its own).
  useEffect(() => {
    if (requestId || inboxOpen || reviewId) return;
    if (document.activeElement === document.body || document.activeElement === null) focusComposer();
  }, [requestId, inboxOpen, reviewId]);

  // F6 goes between the request and the message box, wherever the focus is.
  useEffect(() => {
    if (!requestId) return;
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'F6' || e.ctrlKey || e.metaKey || e.altKey) return;
      const el = dialog.current;
      if (!el) return;
      e.preventDefault();
      if (el.contains(document.activeElement)) focusComposer();
      else el.querySelector<HTMLElement>('.approval__panel')?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [requestId]);

  return (
    <>
      <div className="visually-hidden" role="status" aria-label="Approval notices">
        {request ? announcement : ''}
      </div>
      {request && (
        <dialog
          ref={dialog}
          key={request.requestId}
          open
          className={`${APPROVAL_DIALOG_CLASS} approval--arrived${reviewed ? ' approval--review' : ''}`}
          aria-modal="false"
          aria-labelledby={idsFor(request).question}
          aria-describedby={idsFor(request).summary}
        >
          <RequestPanel
            request={request}
            reason={reason}
            {...(reviewed
              ? {}
              : {
                  position: {
                    index: shownIndex,
                    count: queue.length,
                    onPrevious: () => setIndex(Math.max(0, shownIndex - 1)),
                    onNext: () => setIndex(Math.min(queue.length - 1, shownIndex + 1)),
                  },
                })}
            {...(request.sessionId === currentId
              ? {
                  onDenyAndStop: () =>
                    void reply(request.requestId, 'deny').then(() => {
                      void stopTurn();
                    }),
                }
              : {})}
            busy={busy}
            fromOther={currentId !== request.sessionId ? otherTitle : null}
            waiting={permissions.length}
            onReviewAll={reviewed ? undefined : onReviewAll}
            onBackToInbox={reviewed ? onReviewEnd : undefined}
            onAnswer={(decision, extra) => void reply(request.requestId, decision, extra)}
          />
        </dialog>
      )}
    </>
  );
}
