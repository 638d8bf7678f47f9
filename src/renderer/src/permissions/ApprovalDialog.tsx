// The approval dialog (PL4e, DK4): one pending request at a time ("1 of 3"), a plain-language summary
// first, the input in full, why it asks ("Why am I asked?": the engine's explanation, the rule and its
// file), a warning when it may destroy something, and the answers Allow once / Always allow (the rule,
// editable, and which settings file saves it) / Deny (with optional feedback for the assistant).
// Keys: 1/2/3 after a quiet moment, Enter = the focused button, Esc = Deny (or Back from a step).
// It pops up only for the conversation on screen; with more waiting it leads to the inbox.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import { WarningIcon } from '../components/icons';
import { modalQueue } from '../inbox/modal-policy';
import { expiryWords } from '../inbox/wait-words';
import { useSessions, useTools } from '../stores/react';
import type { ReplyExtra } from '../stores/tools-store';
import { useViewEnv } from '../tools/view-env';
import { useNow } from '../util/use-now';
import { createKeyGuard } from './key-guard';
import { describeRule, requestKindFor } from './registry';
import { trapTab } from './use-focus-trap';
import { DEFAULT_DESTINATION, DESTINATIONS, whyWords, type SavedDestination, type WhyPart } from './why-words';
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

/**
 * Pops up only for requests of the conversation on screen (inbox/modal-policy.ts); the rest wait in
 * the inbox until the person opens one there.
 */
export function ApprovalDialog({ reviewId = null, inboxOpen = false, onReviewAll, onReviewEnd }: ApprovalDialogProps = {}): ReactNode {
  const permissions = useTools((s) => s.permissions);
  const currentId = useSessions((s) => s.currentId);
  const reviewed = reviewId ? (permissions.find((r) => r.requestId === reviewId) ?? null) : null;
  const queue = useMemo(() => modalQueue(permissions, currentId), [permissions, currentId]);
  const request = reviewed ?? (inboxOpen ? null : (queue[0] ?? null));
  const busy = useTools((s) => s.replying !== null || (request !== null && s.answering.includes(request.requestId)));
  const reply = useTools((s) => s.reply);
  const otherTitle = useSessions((s) =>
    request && request.sessionId !== s.currentId ? (s.sessions.find((x) => x.id === request.sessionId)?.title ?? 'another conversation') : null,
  );
  // The reviewed request was settled (here, elsewhere, or by its deadline): back to the inbox.
  const settled = reviewId !== null && reviewed === null;
  useEffect(() => {
    if (settled) onReviewEnd?.();
  }, [settled, onReviewEnd]);
  if (!request) return null;
  const ids = idsFor(request);
  return (
    <ModalShell labelledBy={ids.question} describedBy={ids.summary}>
      <RequestPanel
        key={request.requestId}
        request={request}
        count={reviewed ? 1 : queue.length}
        busy={busy}
        fromOther={currentId !== request.sessionId ? otherTitle : null}
        waiting={permissions.length}
        onReviewAll={reviewed ? undefined : onReviewAll}
        onBackToInbox={reviewed ? onReviewEnd : undefined}
        onAnswer={(decision, extra) => void reply(request.requestId, decision, extra)}
      />
    </ModalShell>
  );
}

function idsFor(
  request: PermissionRequestView,
): Record<'question' | 'summary' | 'why' | 'rule' | 'ruleWords' | 'saveTo' | 'saveNote' | 'feedback' | 'feedbackHint', string> {
  const base = `approval-${request.requestId.replace(/[^\w-]/g, '')}`;
  return {
    question: `${base}-q`,
    summary: `${base}-s`,
    why: `${base}-why`,
    rule: `${base}-rule`,
    ruleWords: `${base}-rule-words`,
    saveTo: `${base}-save-to`,
    saveNote: `${base}-save-note`,
    feedback: `${base}-feedback`,
    feedbackHint: `${base}-feedback-hint`,
  };
}

/** A native modal <dialog>: the page behind is inert; focus returns where it was when it closes. */
function ModalShell({ children, labelledBy, describedBy }: { children: ReactNode; labelledBy: string; describedBy: string }): ReactNode {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      before?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="approval"
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      // Esc is handled by the panel (Deny, or Back from a step); the browser must not just close it.
      onCancel={(e) => e.preventDefault()}
      onClose={(e) => {
        // Closed by the browser anyway: a request still waits, so show it again.
        if (e.currentTarget.isConnected && !e.currentTarget.open) e.currentTarget.showModal();
      }}
    >
      {children}
    </dialog>
  );
}

type Step = 'choose' | 'always' | 'deny';

interface PanelProps {
  request: PermissionRequestView;
  count: number;
  busy: boolean;
  /** The title of the conversation it comes from, when that is not the open one. */
  fromOther: string | null;
  /** How many requests wait in all (every conversation, subagent and task). */
  waiting?: number;
  /** Offered when more than one request waits: leave the modal for the inbox. */
  onReviewAll?: () => void;
  /** The request was opened from the inbox: go back there without answering. */
  onBackToInbox?: () => void;
  onAnswer: (decision: 'allow_once' | 'allow_always' | 'deny', extra?: ReplyExtra) => void;
}

/** Who asks, when it is not the conversation on screen itself. */
function fromWords(request: PermissionRequestView, fromOther: string | null, now: number): string | null {
  const origin = request.origin;
  const expiry = expiryWords(request.expiresAt ?? null, now);
  const until = expiry ? ` ${expiry} if you do not answer.` : '';
  if (origin?.kind === 'task') return `From the background task “${origin.label}”.${until}`;
  if (origin?.kind === 'subagent') return `From the helper agent “${origin.label}”${fromOther ? ` in the conversation “${fromOther}”` : ''}.${until}`;
  return fromOther ? `From the conversation “${fromOther}”${until ? `.${until}` : ''}` : until.trim() || null;
}

export function RequestPanel({ request, count, busy, fromOther, waiting = count, onReviewAll, onBackToInbox, onAnswer }: PanelProps): ReactNode {
  const kind = requestKindFor(request.toolName);
  const env = useViewEnv();
  const [step, setStep] = useState<Step>('choose');
  const [rule, setRule] = useState(request.suggestions[0] ?? request.toolName);
  const [destination, setDestination] = useState<SavedDestination>(DEFAULT_DESTINATION);
  const [feedback, setFeedback] = useState('');
  const panel = useRef<HTMLDivElement>(null);
  const guard = useMemo(() => createKeyGuard(performance.now()), []);
  const ids = idsFor(request);
  const purpose = kind.purpose(request);
  const why = whyWords(request, env.projectDir);
  const saveTo = DESTINATIONS.find((d) => d.value === destination)!;
  const now = useNow();
  const from = fromWords(request, fromOther, now);

  // A new request or step: focus the panel (nothing is pressed by a stray Enter) or the step's textbox.
  useEffect(() => {
    if (step === 'choose') panel.current?.focus();
    else panel.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, [step]);

  const backTo = (from: Step): void => {
    setStep('choose');
    // After the panel refocuses, put focus on the button that opened the step.
    requestAnimationFrame(() => panel.current?.querySelector<HTMLElement>(`[data-answer="${from}"]`)?.focus());
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    trapTab(e, panel.current);
    if (e.key === 'Escape') {
      e.preventDefault();
      if (step === 'choose') onAnswer('deny');
      else backTo(step);
      return;
    }
    if (step !== 'choose' || busy || e.ctrlKey || e.metaKey || e.altKey) return;
    const action = ({ '1': 'once', '2': 'always', '3': 'deny' } as const)[e.key as '1' | '2' | '3'];
    if (!action) return;
    e.preventDefault();
    if (!guard.allow(performance.now())) return;
    if (action === 'once') onAnswer('allow_once');
    else setStep(action);
  };

  const checked = describeRule(rule);
  const confirmAlways = (e: FormEvent): void => {
    e.preventDefault();
    if (checked.ok && !busy) onAnswer('allow_always', { rule: rule.trim(), destination });
  };
  const confirmDeny = (e: FormEvent): void => {
    e.preventDefault();
    if (!busy) onAnswer('deny', { feedback });
  };

  return (
    <div ref={panel} className="approval__panel" tabIndex={-1} onKeyDown={onKeyDown}>
      <div className="approval__head">
        <span className="approval__icon">
          <kind.Icon size={18} />
        </span>
        <div className="approval__heading">
          <h2 id={ids.question} className="approval__question">
            {kind.question(request)}
          </h2>
          <p id={ids.summary} className="approval__summary">{kind.summary(request, env)}</p>
        </div>
        {count > 1 && (
          <span className="approval__count" aria-label={`Request 1 of ${count}`}>
            1 of {count}
          </span>
        )}
      </div>

      {from && <p className="approval__from">{from}</p>}
      {purpose && (
        <p className="approval__purpose">
          <span className="approval__label">The assistant says it will</span> {purpose}
        </p>
      )}
      <kind.Details request={request} />

      {request.destructive && (
        <div className="approval__warning">
          <WarningIcon size={18} />
          <div>
            <strong>This may delete or overwrite things.</strong> It might not be possible to undo. Allow it only if you are
            sure.
          </div>
        </div>
      )}

      <section className="approval__why" aria-labelledby={ids.why}>
        <h3 id={ids.why} className="approval__label">
          Why am I asked?
        </h3>
        <p>
          <Parts parts={why.parts} />
        </p>
        {why.rule && (
          <p className="approval__why-rule">
            Rule <code>{why.rule.rule}</code> {why.rule.where}
          </p>
        )}
        <p className="approval__muted">{kind.why(request)}</p>
      </section>

      {step === 'choose' && (
        <div className="approval__actions">
          <button type="button" className="button button--primary" data-answer="once" disabled={busy} onClick={() => onAnswer('allow_once')}>
            Allow once <kbd aria-hidden="true">1</kbd>
          </button>
          <button type="button" className="button button--secondary" data-answer="always" disabled={busy} onClick={() => setStep('always')}>
            Always allow <kbd aria-hidden="true">2</kbd>
          </button>
          <button type="button" className="button button--danger" data-answer="deny" disabled={busy} onClick={() => setStep('deny')}>
            Deny <kbd aria-hidden="true">3</kbd>
          </button>
        </div>
      )}

      {step === 'always' && (
        <form className="approval__step" onSubmit={confirmAlways}>
          <label className="approval__label" htmlFor={ids.rule}>
            Rule
          </label>
          <input
            id={ids.rule}
            className="input approval__rule"
            value={rule}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={!checked.ok}
            aria-describedby={ids.ruleWords}
            onChange={(e) => setRule(e.target.value)}
          />
          <p id={ids.ruleWords} className={checked.ok ? 'approval__rule-words' : 'approval__rule-words approval__rule-words--error'}>
            {checked.ok ? `Allows: ${checked.words}.` : checked.error}
          </p>
          {request.suggestions.length > 1 && (
            <div className="approval__choices">
              <span className="approval__muted">Or choose:</span>
              {request.suggestions.map((s) => (
                <button key={s} type="button" className="approval__choice" aria-pressed={s === rule.trim()} onClick={() => setRule(s)}>
                  {s}
                </button>
              ))}
            </div>
          )}
          <fieldset className="approval__save" role="radiogroup" aria-labelledby={ids.saveTo} aria-describedby={ids.saveNote}>
            <legend id={ids.saveTo} className="approval__label">
              Save this rule for
            </legend>
            {DESTINATIONS.map((d) => (
              <label key={d.value} className="approval__save-choice">
                <input
                  type="radio"
                  name={ids.saveTo}
                  value={d.value}
                  checked={destination === d.value}
                  onChange={() => setDestination(d.value)}
                />
                <span>
                  {d.label} <span className="approval__muted">(<code>{d.file}</code>)</span>
                </span>
              </label>
            ))}
          </fieldset>
          <p id={ids.saveNote} className="approval__muted">
            {saveTo.note}
          </p>
          <div className="approval__actions">
            <button type="submit" className="button button--primary" disabled={busy || !checked.ok}>
              Allow and remember
            </button>
            <button type="button" className="button button--ghost" onClick={() => backTo('always')}>
              Back
            </button>
          </div>
        </form>
      )}

      {step === 'deny' && (
        <form className="approval__step" onSubmit={confirmDeny}>
          <label className="approval__label" htmlFor={ids.feedback}>
            Feedback for the assistant
          </label>
          <textarea
            id={ids.feedback}
            className="input approval__feedback"
            rows={3}
            value={feedback}
            placeholder="Optional. For example: don't touch the database, use the test data instead."
            aria-describedby={ids.feedbackHint}
            onChange={(e) => setFeedback(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) confirmDeny(e);
            }}
          />
          <p id={ids.feedbackHint} className="approval__muted">
            Optional. The assistant reads it and tries another way. Leave it empty to just say no.
          </p>
          <div className="approval__actions">
            <button type="submit" className="button button--danger-solid" disabled={busy}>
              Deny
            </button>
            <button type="button" className="button button--ghost" onClick={() => backTo('deny')}>
              Back
            </button>
          </div>
        </form>
      )}

      <div className="approval__foot">
        <p className="approval__keys" aria-hidden="true">
          {step === 'choose' ? 'Press 1, 2 or 3 to answer · Esc to deny' : 'Enter to confirm · Esc to go back'}
        </p>
        {onReviewAll && waiting > 1 && (
          <button type="button" className="button button--small button--secondary approval__inbox" onClick={onReviewAll}>
            Review all {waiting} in the inbox
          </button>
        )}
        {onBackToInbox && (
          <button type="button" className="button button--small button--ghost approval__inbox" onClick={onBackToInbox}>
            Back to the inbox
          </button>
        )}
      </div>
    </div>
  );
}

/** An explanation's words, with rules, commands and paths as code. */
function Parts({ parts }: { parts: WhyPart[] }): ReactNode {
  return parts.map((p, i) => (p.code ? <code key={i}>{p.text}</code> : <span key={i}>{p.text}</span>));
}
