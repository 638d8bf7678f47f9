// Why a run stopped short, in the conversation: a notice in plain words (an error's own words one click
// away) and, when it is the latest thing said, Retry after an error (the same request again) or
// Continue after a limit (the continuation, CONTINUE_TEXT).
import { useId, type ReactNode } from 'react';
import { CONTINUE_TEXT, type RunStop, type RunStopKind } from '../../../shared/transcript';
import { AlertIcon, InfoIcon } from '../components/icons';
import { Disclosure } from '../tools/shared/Disclosure';
import { useApp, useSessions } from '../stores/react';

const titles: Record<RunStopKind, string> = {
  max_turns: 'Paused at the turn limit',
  max_tokens: 'The reply was cut off',
  refusal: 'The model declined',
  context_full: 'The conversation is too long',
  hook_stopped: 'Stopped by a hook',
  prompt_blocked: 'Your message was not sent',
  error: 'Stopped by an error',
  interrupted: 'Agent Desk stopped mid-turn',
  budget: 'Stopped at the budget',
};

/** `latest`: nothing was said after it, so Continue picks up from here. */
export function StopNotice({ stop, latest }: { stop: RunStop; latest: boolean }): ReactNode {
  const hintId = useId();
  const idle = useSessions((s) => !s.currentId || (s.statuses[s.currentId] ?? 'idle') === 'idle');
  const sending = useSessions((s) => s.sending);
  const continueRun = useSessions((s) => s.continueRun);
  const retryRun = useSessions((s) => s.retryRun);
  const ready = useApp((s) => s.connection === 'open' && (s.init?.auth.configured ?? false));
  // After an error the same request is sent again (Retry, nothing added); after a limit, a Continue message.
  const retry = stop.kind === 'error';
  const offer = (retry || stop.canContinue) && latest && idle;
  const Icon = stop.kind === 'error' ? AlertIcon : InfoIcon;
  return (
    <section className={`stop-notice stop-notice--${stop.kind === 'error' ? 'error' : 'info'}`} role="note" aria-label="Why the assistant stopped" data-kind={stop.kind}>
      <Icon size={18} className="stop-notice__icon" />
      <div className="stop-notice__body">
        <p className="stop-notice__title">
          {titles[stop.kind]}
        </p>
        <p className="stop-notice__text">{stop.text}</p>
        {stop.details && <Disclosure what="technical details"><p className="stop-notice__details">{stop.details}</p></Disclosure>}
        {offer && (
          <div className="stop-notice__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={sending || !ready}
              onClick={() => void (retry ? retryRun() : continueRun())}
              aria-describedby={hintId}
            >
              {retry ? 'Retry' : 'Continue'}
            </button>
            <span id={hintId} className="stop-notice__hint">
              {retry ? 'Sends the same request to the model again.' : <>Sends the message “{CONTINUE_TEXT}” and the assistant goes on.</>}
            </span>
          </div>
        )}
      </div>
    </section>
  );
}
