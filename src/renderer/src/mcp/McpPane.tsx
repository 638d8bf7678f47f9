// The "Connected tools" pane (issue 17 items 4, 5, 6): the project's MCP servers with their state and
// controls, or one server's changed tools under review. Read when opened; mcp:changed keeps it current.
import { useEffect, type ReactNode } from 'react';
import { useMcp } from '../stores/react';
import { MCP_PANE_ID } from './McpButton';
import { ServerCard } from './ServerCard';
import { ToolChangeReview } from './ToolChangeReview';
import { SidePane } from '../components/SidePane';
import './Mcp.css';

export function McpPane({ onClose }: { onClose: () => void }): ReactNode {
  const servers = useMcp((s) => s.servers);
  const loaded = useMcp((s) => s.loaded);
  const busy = useMcp((s) => s.busy);
  const review = useMcp((s) => s.review);
  const failure = useMcp((s) => s.failure);
  const signInOpened = useMcp((s) => s.signInOpened);
  const { load, reconnect, setEnabled, setDefer, openReview, closeReview, accept, signIn, cancelSignIn, signOut } = useMcp((s) => s);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <SidePane id={MCP_PANE_ID} title="Connected tools" closeLabel="Close connected tools" kind="mcp" onClose={onClose}>
      {failure && (
        <p className="mcp-pane__failure" role="alert">
          {failure}
        </p>
      )}
      {review ? (
        <ToolChangeReview server={review.server} changes={review.changes} busy={busy[review.server] === true} onAccept={(c) => void accept(review.server, c.tool, c.after.hash)} onClose={closeReview} />
      ) : (
        <>
          <p className="side-pane__note">
            {servers.length === 0
              ? loaded
                ? 'This project has no connected tools. Outside programs and services (MCP servers) listed in the project’s .mcp.json or your settings show up here once the folder is trusted.'
                : 'Looking for connected tools…'
              : 'Outside programs and services whose tools the assistant can use in this project (MCP servers).'}
          </p>
          {servers.length > 0 && (
            <ul className="mcp-pane__list" aria-label="Servers">
              {servers.map((s) => (
                <ServerCard
                  key={s.name}
                  server={s}
                  busy={busy[s.name] === true}
                  onReconnect={() => void reconnect(s.name)}
                  onEnable={(on) => void setEnabled(s.name, on)}
                  onDefer={(d) => void setDefer(s.name, d)}
                  onReview={() => void openReview(s.name)}
                  signInOpened={signInOpened[s.name] === true}
                  onSignIn={() => void signIn(s.name)}
                  onCancelSignIn={() => void cancelSignIn(s.name)}
                  onSignOut={() => void signOut(s.name)}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </SidePane>
  );
}
