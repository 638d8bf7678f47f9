// Where a conversation was summarised (issue 20 item 2): a divider across the transcript saying so in
// plain words, with a button that opens the summary the model now reads instead of what is above it.
import { useId, useState, type ReactNode } from 'react';
import type { Message } from '../../../shared/transcript';
import { Markdown } from './Markdown';

const number = new Intl.NumberFormat('en-US');

export function CompactionDivider({ message, defaultOpen = false }: { message: Message; defaultOpen?: boolean }): ReactNode {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const c = message.compaction;
  if (!c) return null;
  const why = c.trigger === 'manual' ? 'You asked for a summary.' : 'The conversation was getting too long for the model to read at once.';
  return (
    <section className="compaction" aria-label="Conversation summarised">
      <div className="compaction__rule">
        <span className="compaction__title">Conversation summarised</span>
      </div>
      <p className="compaction__lead">
        {why} From here on the model works from a summary of everything above
        {c.tokensAfter < c.tokensBefore ? ` (it now reads about ${number.format(c.tokensAfter)} tokens instead of ${number.format(c.tokensBefore)})` : ''}; you can still read all of it
        here.
      </p>
      <button type="button" className="compaction__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        {open ? 'Hide the summary' : 'Show the summary'}
      </button>
      <div id={id} className="compaction__summary" role="region" aria-label="Summary" hidden={!open}>
        {open && <Markdown text={c.summary} />}
      </div>
    </section>
  );
}
