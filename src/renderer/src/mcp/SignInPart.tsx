// A remote MCP server's sign-in on its card (issue 17 item 4): "Sign in" when it asks for one; while the
// person signs in, where to finish (the browser the app opened, or the page behind the link) and Cancel.
// The button pressed goes away with the state it started; the keyboard's focus moves to what replaced it.
import { useEffect, useRef, type ReactNode } from 'react';
import type { McpServerInfo } from '../../../shared/mcp';
import { canSignIn, signInHint } from './mcp-words';

export interface SignInPartProps {
  server: McpServerInfo;
  /** The app opened the page in the system browser (desktop). */
  opened: boolean;
  busy: boolean;
  onSignIn(): void;
  onCancel(): void;
}

export function SignInPart({ server: s, opened, busy, onSignIn, onCancel }: SignInPartProps): ReactNode {
  const part = useRef<HTMLDivElement>(null);
  const waiting = Boolean(s.signInUrl);
  // Whether it was waiting when Sign in or Cancel was pressed (null: nothing pressed): once that has
  // changed, the primary control of the new state takes the focus as soon as it can.
  const pressedWhile = useRef<boolean | null>(null);
  // After every render: what replaces the button may come a state or two later (cancelled, reconnecting, needs sign-in).
  useEffect(() => {
    if (pressedWhile.current === null || pressedWhile.current === waiting) return;
    const next = part.current?.querySelector<HTMLElement>('.button--primary');
    if (!next || next.matches(':disabled')) return;
    next.focus();
    pressedWhile.current = null;
  });
  const press = (act: () => void) => () => {
    pressedWhile.current = waiting;
    act();
  };
  if (s.signInUrl) {
    return (
      <div className="mcp-server__signin" ref={part}>
        <p>{signInHint(opened)}</p>
        <div className="mcp-server__buttons">
          <a className="button button--small button--primary" href={s.signInUrl} target="_blank" rel="noopener noreferrer">
            Open the sign-in page
          </a>
          <button type="button" className="button button--small" disabled={busy} onClick={press(onCancel)} aria-label={`Cancel signing in to ${s.name}`}>
            Cancel
          </button>
        </div>
      </div>
    );
  }
  if (!canSignIn(s)) return null;
  return (
    <div className="mcp-server__signin" ref={part}>
      <p>This service asks you to sign in before the assistant can use its tools. Signing in happens on the service’s own page, in your browser.</p>
      <button type="button" className="button button--small button--primary" disabled={busy} onClick={press(onSignIn)} aria-label={`Sign in to ${s.name}`}>
        Sign in
      </button>
    </div>
  );
}
