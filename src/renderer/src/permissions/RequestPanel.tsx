// One approval request (PL4e, DK4, PX1): a plain-language summary first, the input in full, why it
// asks, a warning when it may destroy something, and Allow once / Always allow… / Deny.
// Keys never answer by accident: 1/2/3 act only once this panel has had the focus for a quiet moment
// and nothing was typed anywhere for one; other keys typed here go on into the message box; Esc
// denies only when pressed twice.
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import { WarningIcon } from '../components/icons';
import { expiryWords } from '../inbox/wait-words';
import type { ReplyExtra } from '../stores/tools-store';
import { useViewEnv } from '../tools/view-env';
import { useNow } from '../util/use-now';
import { AlwaysStep, DenyStep, type StepIds } from './ApprovalSteps';
import { focusComposer } from './composer-focus';
import { ESC_CONFIRM_MS, escapeDenies, formKey, shortcutArmed } from './key-guard';
import { requestKindFor } from './registry';
import { isTextEntry, lastTypedAt, noteTyping } from './typing-watch';
import { useArmedAfter } from './use-quiet';
import { whyWords, type WhyPart } from './why-words';

type Step = 'choose' | 'always' | 'deny';

export interface PanelIds extends StepIds {
  question: string;
  summary: string;
  why: string;
}

export function idsFor(request: PermissionRequestView): PanelIds {
  const base = `approval-${request.requestId.replace(/[^\w-]/g, '')}`;
  return {
    question: `${base}-q`,
    summary: `${base}-s`,
    why: `${base}-why`,
    scopes: `${base}-scopes`,
    rule: `${base}-rule`,
    ruleWords: `${base}-rule-words`,
    saveTo: `${base}-save-to`,
    saveNote: `${base}-save-note`,
    feedback: `${base}-feedback`,
    feedbackHint: `${base}-feedback-hint`,
  };
}

export interface PanelProps {
  request: PermissionRequestView;
  /** This request's place among those waiting here ("2 of 3"), with the way to the others. */
  position?: { index: number; count: number; onPrevious: () => void; onNext: () => void };
  /** The assistant's own words just before the call (its reason), when it gave some. */
  reason?: string | null;
  /** "Deny and stop": offered for the conversation on screen; denies and ends its turn. */
  onDenyAndStop?: () => void;
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
  const expiry = expiryWords(request.expiresAt ?? null, now, requestKindFor(request).denialOutcome);
  const until = expiry ? ` ${expiry} if you do not answer.` : '';
  if (origin?.kind === 'task') return `From the background task “${origin.label}”${origin.where ? ` in ${origin.where}` : ''}.${until}`;
  if (origin?.kind === 'subagent') return `From the helper agent “${origin.label}”${fromOther ? ` in the conversation “${fromOther}”` : ''}.${until}`;
  if (origin?.kind === 'tool') return `From the connected tool “${origin.label}”, while no conversation was using it.`;
  return fromOther ? `From the conversation “${fromOther}”${until ? `.${until}` : ''}` : until.trim() || null;
}

const SHORTCUTS = { '1': 'once', '2': 'always', '3': 'deny' } as const;

export function RequestPanel({ request, position, reason = null, busy, fromOther, waiting = position?.count ?? 1, onReviewAll, onBackToInbox, onDenyAndStop, onAnswer }: PanelProps): ReactNode {
  const kind = requestKindFor(request);
  const Form = kind.Form;
  const env = useViewEnv();
  const [step, setStep] = useState<Step>('choose');
  const [escArmedAt, setEscArmedAt] = useState<number | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const focusedAt = useRef<number | null>(null);
  // Buttons that appear under the pointer wait a moment before a click counts.
  const armed = useArmedAfter(request.requestId);
  const ids = idsFor(request);
  const purpose = kind.purpose(request);
  const why = whyWords(request, env.projectDir);
  // A tool that asked through its own check has said what always asks first and how to stop it: the
  // kind's general line would repeat it, or contradict it ("has not been allowed yet").
  const kindWhy = request.explanation?.reason.kind === 'check' ? '' : kind.why(request);
  const now = useNow();
  const from = fromWords(request, fromOther, now);
  const disabled = busy || !armed;

  // A new request or step. The panel takes the focus only from someone who is not typing: a text field
  // keeps it (the request announces itself instead; F6 comes here). A step focuses its textbox.
  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    if (step !== 'choose') {
      // The chosen scope (Always allow) or the feedback box (Deny); focusing it scrolls the step into view.
      (el.querySelector<HTMLElement>('.approval__step input:checked') ?? el.querySelector<HTMLElement>('.approval__step input, .approval__step textarea'))?.focus();
      return;
    }
    const active = document.activeElement;
    if (!isTextEntry(active) || el.contains(active)) el.focus();
  }, [step]);

  // "Press Esc again" holds only for a moment.
  useEffect(() => {
    if (escArmedAt === null) return;
    const id = setTimeout(() => setEscArmedAt(null), ESC_CONFIRM_MS);
    return () => clearTimeout(id);
  }, [escArmedAt]);

  const backTo = (from: Step): void => {
    setStep('choose');
    // After the panel refocuses, put focus on the button that opened the step.
    requestAnimationFrame(() => panel.current?.querySelector<HTMLElement>(`[data-answer="${from}"]`)?.focus());
  };

  // Times are the events' own (when the focus moved, when the key was pressed), not when a busy page
  // got round to handling them: keys queued behind other work are judged by when the person pressed them.
  const onFocus = (e: FocusEvent<HTMLDivElement>): void => {
    if (focusedAt.current === null) focusedAt.current = e.timeStamp;
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>): void => {
    if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) focusedAt.current = null;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    const at = e.timeStamp;
    if (e.key === 'Escape') {
      e.preventDefault();
      if (step !== 'choose') backTo(step);
      else if (escapeDenies(at, escArmedAt)) {
        if (kind.dismiss) onAnswer('allow_once', kind.dismiss);
        else onAnswer('deny');
      }
      else setEscArmedAt(at);
      return;
    }
    if (step !== 'choose' || e.ctrlKey || e.metaKey || e.altKey) return;
    const keysArmed = armed && shortcutArmed({ now: at, focusedAt: focusedAt.current, lastTypedAt: lastTypedAt() });
    if (Form) {
      const key = formKey(e.key, e.target instanceof Element && isTextEntry(e.target), keysArmed);
      if (key === 'hold') e.preventDefault();
      if (key !== 'to-composer') return;
      noteTyping();
      focusComposer();
      return;
    }
    const onButton = e.target instanceof HTMLButtonElement;
    if ((e.key === 'Enter' || e.key === ' ') && onButton) {
      // A button pressed by a key that came too early was typed, not chosen.
      if (!keysArmed) e.preventDefault();
      return;
    }
    if (e.key.length !== 1) return;
    const action = SHORTCUTS[e.key as keyof typeof SHORTCUTS];
    if (action && keysArmed && !busy) {
      e.preventDefault();
      if (action === 'once') onAnswer('allow_once');
      else setStep(action);
      return;
    }
    // Text on its way to the message box: moving the focus during keydown sends this key there too.
    noteTyping();
    focusComposer();
  };

  return (
    <div ref={panel} className="approval__panel" tabIndex={-1} onKeyDown={onKeyDown} onFocus={onFocus} onBlur={onBlur}>
      <div className="approval__head">
        <span className="approval__icon">
          <kind.Icon size={18} />
        </span>
        <div className="approval__heading">
          <h2 id={ids.question} className="approval__question">
            {kind.question(request)}
          </h2>
          <p id={ids.summary} className="approval__summary">
            {kind.summary(request, env)}
          </p>
        </div>
        {position && position.count > 1 && (
          <div className="approval__nav" role="group" aria-label={`Request ${position.index + 1} of ${position.count}`}>
            <button type="button" className="approval__nav-button" aria-label="Previous request" disabled={position.index === 0} onClick={position.onPrevious}>
              ‹
            </button>
            <span className="approval__count" aria-hidden="true">
              {position.index + 1} of {position.count}
            </span>
            <button type="button" className="approval__nav-button" aria-label="Next request" disabled={position.index >= position.count - 1} onClick={position.onNext}>
              ›
            </button>
          </div>
        )}
      </div>

      {from && <p className="approval__from">{from}</p>}
      {reason && (
        <figure className="approval__reason">
          <figcaption className="approval__label">What the assistant said</figcaption>
          <blockquote>{reason}</blockquote>
        </figure>
      )}
      {purpose && (
        <p className="approval__purpose">
          <span className="approval__label">The assistant says it will</span> {purpose}
        </p>
      )}
      {Form ? (
        <Form request={request} disabled={disabled} onAnswer={onAnswer} />
      ) : (
        <>
          <kind.Details request={request} />

          {request.destructive && <DestructiveWarning request={request} />}

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
            {kindWhy && <p className="approval__muted">{kindWhy}</p>}
          </section>
        </>
      )}

      {step === 'choose' && !Form && (
        <div className="approval__actions">
          <button type="button" className="button button--primary" data-answer="once" disabled={disabled} onClick={() => onAnswer('allow_once')}>
            Allow once <kbd aria-hidden="true">1</kbd>
          </button>
          <button type="button" className="button button--secondary" data-answer="always" disabled={disabled} onClick={() => setStep('always')}>
            Always allow… <kbd aria-hidden="true">2</kbd>
          </button>
          <button type="button" className="button button--danger" data-answer="deny" disabled={disabled} onClick={() => setStep('deny')}>
            Deny <kbd aria-hidden="true">3</kbd>
          </button>
          {onDenyAndStop && (
            <button type="button" className="button button--danger" disabled={disabled} onClick={onDenyAndStop}>
              Deny and stop
            </button>
          )}
        </div>
      )}
      {step === 'always' && <AlwaysStep request={request} ids={ids} busy={busy} onBack={() => backTo('always')} onAnswer={onAnswer} />}
      {step === 'deny' && <DenyStep request={request} ids={ids} busy={busy} onBack={() => backTo('deny')} onAnswer={onAnswer} />}

      <div className="approval__foot">
        <p className="approval__keys" role={escArmedAt !== null ? 'status' : undefined}>
          {step !== 'choose'
            ? 'Enter to confirm · Esc to go back'
            : escArmedAt !== null
              ? Form
                ? 'Press Esc again to skip.'
                : 'Press Esc again to deny.'
              : Form
                ? 'Press F6 to come here, Tab to move between the choices · Esc twice to skip'
                : 'Click an answer, or press F6 to come here and then 1, 2 or 3 · Esc twice to deny'}
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

/** What may be lost, specifically when the tool says (BA9), else in general. */
function DestructiveWarning({ request }: { request: PermissionRequestView }): ReactNode {
  const warnings = request.warnings ?? [];
  return (
    <div className="approval__warning" role="note" aria-label="Warning">
      <WarningIcon size={18} />
      {warnings.length === 0 ? (
        <div>
          <strong>This may delete or overwrite things.</strong> It might not be possible to undo. Allow it only if you are sure.
        </div>
      ) : (
        <div>
          <strong>{warnings.length === 1 ? 'Be careful:' : 'Be careful, this command:'}</strong>
          {warnings.length === 1 ? (
            <> {warnings[0]!.text}</>
          ) : (
            <ul className="approval__warning-list">
              {warnings.map((w) => (
                <li key={w.id}>{w.text}</li>
              ))}
            </ul>
          )}
          <p className="approval__warning-tail">It might not be possible to undo. Allow it only if you are sure.</p>
        </div>
      )}
    </div>
  );
}

/** An explanation's words, with rules, commands and paths as code. */
function Parts({ parts }: { parts: WhyPart[] }): ReactNode {
  return parts.map((p, i) => (p.code ? <code key={i}>{p.text}</code> : <span key={i}>{p.text}</span>));
}
