// One tool call as a card: what it does (the tool's view of its input), its state in words, live
// progress while it runs, then its result or why it did not run. The view comes from the registry.
import { memo, useId, useState, type ReactNode } from 'react';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import { ChevronIcon } from '../components/icons';
import type { ProgressLog } from '../stores/progress-log';
import { useTools } from '../stores/react';
import { NestedCardContext } from '../tools/nested-calls';
import { viewFor } from '../tools/registry';
import { isActive, STATE_TONE, STATE_WORDS } from '../tools/state';
import { NO_VIEW_ENV, useViewEnv, type ViewEnv } from '../tools/view-env';
import { StateIcon } from './StateIcon';

/** Results longer than this start folded when nobody watched them arrive. */
const FOLD_LINES = 12;

function startsOpen(call: ToolCallView, progress: ProgressLog | undefined, folded: boolean): boolean {
  if (call.state === 'succeeded' && folded) return false;
  if (call.state !== 'succeeded' || progress) return true;
  const text = call.result?.text ?? '';
  return text.split('\n').length <= FOLD_LINES && text.length <= 2_000;
}

/**
 * The card's accessible name: what a sighted person reads on it (PX2) — its title, and the subject
 * when the title does not say it: "Edit src/app.ts", "Run the tests: npm test", "Looked for
 * TypeScript files" (paths relative to the project).
 */
export function cardName(call: ToolCallView, env: ViewEnv = NO_VIEW_ENV): string {
  const view = viewFor(call.name);
  const title = view.title(call, env);
  const subject = view.subject(call, env);
  return subject && !title.includes(subject) ? `${title}: ${subject}` : title;
}

export interface ToolCallCardViewProps {
  call: ToolCallView;
  progress: ProgressLog | undefined;
}

export function ToolCallCardView({ call, progress }: ToolCallCardViewProps): ReactNode {
  const view = viewFor(call.name);
  const env = useViewEnv();
  const props = { call, progress };
  const active = isActive(call.state);
  const [userOpen, setUserOpen] = useState<boolean | null>(null);
  const open = userOpen ?? startsOpen(call, progress, view.startsFolded?.(call) ?? false);
  const outputId = useId();
  const hasOutput = view.hasOutput(props);
  const problem = active ? null : view.problem(call);
  const { Use, Progress, Result, Badges, Notes, Actions } = view;

  return (
    <article
      className={`tool-card tool-card--${STATE_TONE[call.state]}`}
      aria-label={cardName(call, env)}
      aria-busy={call.state === 'running' || call.state === 'validating'}
      data-state={call.state}
      data-tool={call.name}
    >
      <div className="tool-card__head">
        <StateIcon state={call.state} />
        <span className="tool-card__title">{view.title(call, env)}</span>
        <span className="tool-card__side">
          {Badges && <Badges {...props} />}
          <span className="tool-card__state" data-state={call.state} data-testid="tool-call-state">
            {view.stateWords?.(call) ?? STATE_WORDS[call.state]}
          </span>
        </span>
      </div>
      <div className="tool-card__use">
        {/* A view may show calls this one ran (a subagent's) as cards like this one. */}
        <NestedCardContext.Provider value={ToolCallCard}>
          <Use {...props} />
        </NestedCardContext.Provider>
      </div>
      {problem && <p className={call.state === 'failed' ? 'tool-card__problem tool-card__problem--error' : 'tool-card__problem'}>{problem}</p>}
      {hasOutput && (
        <div className="tool-card__output">
          <button type="button" className="tool-card__toggle" aria-expanded={open} aria-controls={outputId} onClick={() => setUserOpen(!open)}>
            <ChevronIcon size={12} className="tool-card__chevron" />
            {open ? 'Hide output' : 'Show output'}
          </button>
          <div id={outputId} hidden={!open}>
            {open && (active ? <Progress {...props} /> : <Result {...props} />)}
          </div>
        </div>
      )}
      {Actions && active && <Actions {...props} />}
      {Notes && !active && (
        <div className="tool-card__notes">
          <Notes {...props} />
        </div>
      )}
    </article>
  );
}

/** The card of call `id`: its live snapshot when the session published one, else `fallback` (rebuilt from the transcript). */
export const ToolCallCard = memo(function ToolCallCard({ id, fallback }: { id: string; fallback: ToolCallView }): ReactNode {
  const live = useTools((s) => s.calls[id]);
  const progress = useTools((s) => s.progress[id]);
  return <ToolCallCardView call={live ?? fallback} progress={progress} />;
});
