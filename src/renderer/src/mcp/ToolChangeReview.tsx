// A changed tool definition under review (issue 17 item 5): the approved and the new description and
// input schema as diffs, and "Accept the new version". Until accepted the assistant cannot use the tool.
import { useMemo, type ReactNode } from 'react';
import type { McpToolChange } from '../../../shared/mcp';
import { diffTexts } from '../diff/compute';
import { DiffView } from '../diff/DiffView';

export interface ToolChangeReviewProps {
  server: string;
  changes: McpToolChange[];
  busy: boolean;
  onAccept(change: McpToolChange): void;
  onClose(): void;
}

function ChangeBlock({ change, busy, onAccept }: { change: McpToolChange; busy: boolean; onAccept(): void }): ReactNode {
  // Each text ends in a newline, so the diff has no "no newline at the end" notes to puzzle over.
  const description = useMemo(() => diffTexts(`${change.before.description}\n`, `${change.after.description}\n`), [change]);
  const schema = useMemo(() => diffTexts(`${change.before.inputSchema}\n`, `${change.after.inputSchema}\n`), [change]);
  return (
    <section className="mcp-review__tool" aria-label={`Change to ${change.tool}`}>
      <h4 className="mcp-review__tool-name">{change.tool}</h4>
      <p className="mcp-review__label">What the tool tells the assistant it does</p>
      {description.length > 0 ? (
        <DiffView hunks={description} path="description.txt" label={`Description of ${change.tool}, before and now`} legend />
      ) : (
        <p className="side-pane__note">The description did not change.</p>
      )}
      <p className="mcp-review__label">What the assistant may send it</p>
      {schema.length > 0 ? (
        <DiffView hunks={schema} path="schema.json" label={`Input of ${change.tool}, before and now`} legend={description.length === 0} />
      ) : (
        <p className="side-pane__note">What it accepts did not change.</p>
      )}
      <button type="button" className="button button--small mcp-review__accept" disabled={busy} onClick={onAccept}>
        Accept the new version
      </button>
    </section>
  );
}

export function ToolChangeReview({ server, changes, busy, onAccept, onClose }: ToolChangeReviewProps): ReactNode {
  return (
    <div className="mcp-review" role="region" aria-label={`Changed tools of ${server}`}>
      <div className="mcp-review__head">
        <h3 className="mcp-review__title">What changed in {server}</h3>
        <button type="button" className="button button--small button--ghost" onClick={onClose}>
          Back to the list
        </button>
      </div>
      <p className="side-pane__note">
        A server can change what its tools say and do. A changed description can tell the assistant to do things you did not ask for, so read it before you accept. If it looks wrong, leave it: the
        assistant keeps not using this tool.
      </p>
      {changes.length === 0 ? (
        <p className="side-pane__note">Nothing is waiting for you here any more.</p>
      ) : (
        changes.map((c) => <ChangeBlock key={`${c.tool}:${c.after.hash}`} change={c} busy={busy} onAccept={() => onAccept(c)} />)
      )}
    </div>
  );
}
