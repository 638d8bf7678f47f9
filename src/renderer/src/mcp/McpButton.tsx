// The header's "Connected tools" button: opens and closes the pane, with a count of servers that need
// the person (a changed tool to review, or one that could not start).
import type { ReactNode } from 'react';
import { useMcp } from '../stores/react';
import { attentionCount } from './mcp-words';
import '../styles/side-pane.css';
import './Mcp.css';
import { PaneLabel } from '../components/PaneLabel';

export const MCP_PANE_ID = 'mcp-pane';

export function McpButton({ open, onToggle }: { open: boolean; onToggle: () => void }): ReactNode {
  const count = useMcp((s) => attentionCount(s.servers));
  return (
    <button type="button" className="side-pane-toggle" aria-expanded={open} aria-controls={MCP_PANE_ID} title="Outside programs and services whose tools the assistant can use (MCP servers)" onClick={onToggle}>
      <PaneLabel long="Connected tools" short="Tools" />
      {count > 0 && (
        <>
          <span className="visually-hidden">: {count === 1 ? '1 needs you' : `${count} need you`}</span>
          <span className="side-pane-toggle__count side-pane-toggle__count--alert" aria-hidden="true">
            {count}
          </span>
        </>
      )}
    </button>
  );
}
