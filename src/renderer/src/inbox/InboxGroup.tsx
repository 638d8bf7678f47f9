// One group of the inbox ("3 reads outside the project"): where it comes from and how long it waits,
// "Allow all 3" / "Deny all 3" (with optional feedback), and each request with Allow once, Deny and
// Review (the full modal: diff, why, Always allow). A group is only ever allowed once, request by request.
// Answers wait a quiet moment after they appear, and keys typed elsewhere a moment ago press nothing (PX1).
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import { WarningIcon } from '../components/icons';
import { requestKindFor } from '../permissions/registry';
import { refuseTypedAhead, useArmedAfter } from '../permissions/use-quiet';
import { useTools } from '../stores/react';
import { useViewEnv } from '../tools/view-env';
import type { RequestGroup } from './group-requests';
import { itemWords } from './item-words';
import { expiryWords, waitingWords } from './wait-words';

interface GroupProps {
  group: RequestGroup;
  now: number;
  onReview: (requestId: string) => void;
}

/** Whether a group shows "Allow all N": more than one request, of a kind a plain allow answers (a group is
 *  one kind of request; a kind answered only by its form has no "Allow all"). */
export function offersAllowAll(group: RequestGroup): boolean {
  return group.requests.length > 1 && requestKindFor(group.requests[0]!).inboxAnswers?.allow !== null;
}

export function InboxGroup({ group, now, onReview }: GroupProps): ReactNode {
  const headingId = useId();
  const feedbackId = useId();
  const replying = useTools((s) => s.replying);
  const answering = useTools((s) => s.answering);
  const replyMany = useTools((s) => s.replyMany);
  const [denying, setDenying] = useState(false);
  const [feedback, setFeedback] = useState('');
  const ids = group.requests.map((r) => r.requestId);
  const n = ids.length;
  const busy = ids.some((id) => id === replying || answering.includes(id));
  // "Allow all 3" that just became "Allow all 4" waits a moment: nobody approves what they have not seen.
  const armed = useArmedAfter(ids.join('\n'));
  const waited = waitingWords(group.since, now);
  const kind = requestKindFor(group.requests[0]!);
  const expiry = expiryWords(group.expiresAt, now, kind.denialOutcome);

  const denyAll = (e: FormEvent): void => {
    e.preventDefault();
    if (!busy) void replyMany(ids, 'deny', feedback);
  };

  return (
    <section className={`side-pane__card inbox-group inbox-group--${group.origin}`} aria-labelledby={headingId}>
      <p className="inbox-group__source">
        <span className="inbox-group__from">{group.source}</span>
        {waited && <span className="inbox-group__waited"> · {waited}</span>}
      </p>
      {expiry && <p className="inbox-group__expiry">{expiry} if you do not answer.</p>}
      <div className="inbox-group__head">
        <h3 id={headingId} className="inbox-group__label">
          {group.label}
        </h3>
        {n > 1 && !denying && (
          <div className="inbox-group__actions" onKeyDown={refuseTypedAhead}>
            {offersAllowAll(group) && (
              <button type="button" className="button button--small button--primary" disabled={busy || !armed} onClick={() => void replyMany(ids, 'allow_once')}>
                Allow all {n}
              </button>
            )}
            <button type="button" className="button button--small inbox-button--deny" disabled={busy || !armed} onClick={() => setDenying(true)}>
              Deny all {n}
            </button>
          </div>
        )}
      </div>
      {denying && (
        <form className="inbox-group__deny" onSubmit={denyAll}>
          <label className="inbox__label" htmlFor={feedbackId}>
            Feedback for the assistant
          </label>
          <textarea
            id={feedbackId}
            className="input inbox-group__feedback"
            rows={2}
            value={feedback}
            placeholder="Optional. Say why, and the assistant tries another way."
            autoFocus
            onChange={(e) => setFeedback(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) denyAll(e);
              if (e.key === 'Escape') {
                // Back to the choice, not out of the inbox.
                e.stopPropagation();
                setDenying(false);
              }
            }}
          />
          <div className="inbox-group__actions">
            <button type="submit" className="button button--small inbox-button--deny-solid" disabled={busy}>
              Deny all {n}
            </button>
            <button type="button" className="button button--small button--ghost" onClick={() => setDenying(false)}>
              Back
            </button>
          </div>
        </form>
      )}
      <ul className="inbox-group__items">
        {group.requests.map((r) => (
          <InboxItem key={r.requestId} request={r} onReview={onReview} />
        ))}
      </ul>
    </section>
  );
}

function InboxItem({ request, onReview }: { request: PermissionRequestView; onReview: (requestId: string) => void }): ReactNode {
  const env = useViewEnv();
  const textId = useId();
  const kind = requestKindFor(request);
  const words = itemWords(request, env);
  const busy = useTools((s) => s.replying !== null || s.answering.includes(request.requestId));
  const reply = useTools((s) => s.reply);
  // A request that just appeared under the pointer is not answered by a click meant for the one before.
  const armed = useArmedAfter(request.requestId);
  return (
    <li className="inbox-item">
      <span className="inbox-item__icon">
        <kind.Icon size={14} />
      </span>
      <div className="inbox-item__text" id={textId}>
        <span className="inbox-item__summary">{words.summary}</span>
        {words.detail && (
          <span className="inbox-item__detail">
            <code>{words.detail}</code>
            {words.outside && <span className="inbox-item__outside"> (outside the project)</span>}
          </span>
        )}
        {words.note && <span className="inbox-item__outside">{words.note}</span>}
        {request.destructive && (
          <span className="inbox-item__warning">
            <WarningIcon size={12} /> May delete or overwrite things
          </span>
        )}
      </div>
      <div className="inbox-item__actions" onKeyDown={refuseTypedAhead}>
        {kind.inboxAnswers?.allow !== null && (
          <button type="button" className="button button--small" aria-describedby={textId} disabled={busy || !armed} onClick={() => void reply(request.requestId, 'allow_once')}>
            {kind.inboxAnswers?.allow ?? 'Allow once'}
          </button>
        )}
        <button type="button" className="button button--small inbox-button--deny" aria-describedby={textId} disabled={busy || !armed} onClick={() => void reply(request.requestId, 'deny')}>
          {kind.inboxAnswers?.deny ?? 'Deny'}
        </button>
        <button type="button" className="button button--small button--ghost" aria-describedby={textId} onClick={() => onReview(request.requestId)}>
          {kind.inboxAnswers?.review ?? 'Review'}
        </button>
      </div>
    </li>
  );
}
