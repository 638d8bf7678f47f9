// A docked right-hand pane's shell: the section named for screen readers, its title, the close button
// and a column body; each pane fills the body and styles only what is its own.
import type { ReactNode } from 'react';
import '../styles/side-pane.css';

export function SidePane(props: {
  id: string;
  /** The pane's title, also its accessible name ("Running programs"). */
  title: string;
  /** The close button's accessible name ("Close running programs"). */
  closeLabel: string;
  /** The pane's own class prefix: `mcp` gives `mcp-pane` and `mcp-pane__body`. */
  kind: string;
  onClose: () => void;
  children: ReactNode;
}): ReactNode {
  const { id, title, closeLabel, kind, onClose, children } = props;
  return (
    <section id={id} className={`side-pane side-pane--docked ${kind}-pane`} aria-label={title}>
      <div className="side-pane__head">
        <h2 className="side-pane__title">{title}</h2>
        <button type="button" className="side-pane__close" aria-label={closeLabel} onClick={onClose}>
          ×
        </button>
      </div>
      <div className={`side-pane__body ${kind}-pane__body`}>{children}</div>
    </section>
  );
}
