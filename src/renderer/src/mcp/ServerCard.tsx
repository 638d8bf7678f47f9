// One MCP server of the Connected tools pane: its state in words, how it is reached, its tools and what
// they cost per request, Reconnect, Turn off / Turn on, the load-when-needed switch, a warning with
// "Review change" when a tool's definition changed since it was approved (issue 17 items 5, 6), and
// Sign in / Sign out for a remote server that asks for a sign-in (item 4).
import type { ReactNode } from 'react';
import type { McpServerInfo } from '../../../shared/mcp';
import { SignInPart } from './SignInPart';
import { errorWords, scopeWords, stateWords, tokenWords, toolCountWords, transportWords } from './mcp-words';

export interface ServerCardProps {
  server: McpServerInfo;
  busy: boolean;
  onReconnect(): void;
  onEnable(on: boolean): void;
  onDefer(defer: boolean): void;
  onReview(): void;
  /** The app opened this server's sign-in page in the system browser. */
  signInOpened?: boolean;
  onSignIn(): void;
  onCancelSignIn(): void;
  onSignOut(): void;
}

export function ServerCard({ server: s, busy, onReconnect, onEnable, onDefer, onReview, signInOpened = false, onSignIn, onCancelSignIn, onSignOut }: ServerCardProps): ReactNode {
  const off = s.state === 'disabled';
  const tokens = tokenWords(s);
  const error = errorWords(s);
  const changed = s.changedTools.length;
  return (
    <li className={`side-pane__card mcp-server mcp-server--${s.state}`} aria-label={s.name}>
      <div className="mcp-server__head">
        <span className={`mcp-server__dot mcp-server__dot--${s.state}`} aria-hidden="true" />
        <span className="mcp-server__name">{s.name}</span>
      </div>
      <p className="mcp-server__state" role="status">
        {stateWords(s)}
      </p>
      {error && <p className="mcp-server__error">{error}</p>}
      <p className="mcp-server__facts">
        <span>{transportWords(s.transport)}</span>
        <span title={s.file}>{scopeWords(s.scope)}</span>
        {s.state === 'connected' && <span>{toolCountWords(s.toolCount)}</span>}
        {s.state === 'connected' && tokens && <span>{tokens}</span>}
      </p>
      <SignInPart server={s} opened={signInOpened} busy={busy} onSignIn={onSignIn} onCancel={onCancelSignIn} />
      {changed > 0 && (
        <div className="mcp-server__changed" role="alert">
          <p>
            {changed === 1 ? `The tool “${s.changedTools[0]}” changed` : `${changed} tools changed`} since you started using this server. The assistant cannot use{' '}
            {changed === 1 ? 'it' : 'them'} until you look at the change.
          </p>
          <button type="button" className="button button--small" onClick={onReview}>
            Review change
          </button>
        </div>
      )}
      <div className="mcp-server__buttons">
        {/* A server waiting for a sign-in (or in the middle of one) gets nowhere by reconnecting: Sign in is the way. */}
        {!off && !s.signInUrl && s.state !== 'needs-auth' && (
          <button type="button" className="button button--small" disabled={busy} onClick={onReconnect} aria-label={`Reconnect ${s.name}`}>
            Reconnect
          </button>
        )}
        <button type="button" className="button button--small" disabled={busy} onClick={() => onEnable(off)} aria-label={`${off ? 'Turn on' : 'Turn off'} ${s.name}`}>
          {off ? 'Turn on' : 'Turn off'}
        </button>
        {s.signedIn && !s.signInUrl && (
          <button type="button" className="button button--small" disabled={busy} onClick={onSignOut} aria-label={`Sign out of ${s.name}`}>
            Sign out
          </button>
        )}
      </div>
      <label className="mcp-server__defer">
        <input type="checkbox" role="switch" checked={s.deferred} disabled={busy} onChange={(e) => onDefer(e.target.checked)} />
        Load its tools only when needed
      </label>
      <p className="mcp-server__hint">{s.deferred ? 'The assistant sees only the names of its tools and looks them up when it needs one.' : 'Its tools are described to the assistant in every request.'}</p>
    </li>
  );
}
