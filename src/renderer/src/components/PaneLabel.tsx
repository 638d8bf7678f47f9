// A header button's words: the full name ("Permission rules"), and in a narrower window a short one
// ("Rules") that shows instead. The full name stays the button's accessible name (the short one is
// part of it), so screen readers and tests read the same words in every width.
import type { ReactNode } from 'react';

export function PaneLabel({ long, short }: { long: string; short: string }): ReactNode {
  return (
    <>
      <span className="pane-label__long">{long}</span>
      <span className="pane-label__short" aria-hidden="true">
        {short}
      </span>
    </>
  );
}
