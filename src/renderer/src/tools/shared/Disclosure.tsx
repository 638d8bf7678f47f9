// The detail one click away (PX2): a button that shows and hides what a person does not need to read
// first — the raw input, the exact pattern, a command's exit code. Its name says what it opens
// ("Show the exact search" / "Hide the exact search"); the content is rendered only when open.
// Styled like the card's Show/Hide output toggle (Tools.css, loaded by the App).
import { useId, useState, type ReactNode } from 'react';
import { ChevronIcon } from '../../components/icons';
import { inputEntries } from '../input-summary';

export function Disclosure({ what, children }: { what: string; children: ReactNode }): ReactNode {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="disclosure">
      <button type="button" className="tool-card__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <ChevronIcon size={12} className="tool-card__chevron" />
        {open ? `Hide ${what}` : `Show ${what}`}
      </button>
      <div id={id} className="disclosure__body" hidden={!open}>
        {open && children}
      </div>
    </div>
  );
}

/** A tool's input exactly as the assistant sent it: its own field names and values. */
export function RawFields({ input }: { input: unknown }): ReactNode {
  const entries = inputEntries(input);
  if (entries.length === 0) return <p className="tool-note">The assistant sent nothing else.</p>;
  return (
    <dl className="tool-input tool-input--raw">
      {entries.map(({ key, value }) => (
        <div className="tool-input__row" key={key || '_'}>
          {key && <dt>{key}</dt>}
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A tool's input exactly as sent, behind "Show {what}" ("the exact search", "the exact request"). */
export function ExactInput({ input, what }: { input: unknown; what: string }): ReactNode {
  return (
    <Disclosure what={what}>
      <RawFields input={input} />
    </Disclosure>
  );
}
