// ListPeers' card (agent teams): "Team “docs-review”: 2 helpers, 1 working" and each helper with what it
// is doing, in words a person reads ("Waiting for a message", "Stopped").
import type { ReactNode } from 'react';
import { ListPeersData, type Peer } from '../../../../shared/tools/list-peers';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { genericView } from '../generic/GenericView';
import type { ToolViewParts, ToolViewProps } from '../types';

function listed(call: ToolCallView): ListPeersData | null {
  const parsed = ListPeersData.safeParse(call.result?.data);
  return call.state === 'succeeded' && parsed.success ? parsed.data : null;
}

const helpers = (n: number): string => (n === 1 ? '1 helper' : `${n} helpers`);

/** What a helper is doing, for the person. */
export function peerWords(p: Pick<Peer, 'status' | 'ended'>): string {
  if (p.status === 'working') return 'Working';
  if (p.status === 'waiting') return 'Waiting for a message';
  return p.ended === 'stopped' ? 'Stopped' : p.ended === 'failed' ? 'Failed' : 'Finished';
}

export function listPeersTitle(call: ToolCallView): string {
  const d = listed(call);
  if (!d) return 'Check on the team';
  const working = d.members.filter((p) => p.status === 'working').length;
  return `Team “${d.team_name}”: ${helpers(d.members.length)}${d.members.length > 0 ? `, ${working} working` : ''}`;
}

function ListPeersResult(props: ToolViewProps): ReactNode {
  const d = listed(props.call);
  if (!d) return <genericView.Result {...props} />;
  if (d.members.length === 0) return <p className="tool-note">No helpers have joined yet.</p>;
  return (
    <ul className="tool-peers" aria-label={`Helpers of the team “${d.team_name}”`}>
      {d.members.map((p) => (
        <li key={p.taskId}>
          <strong>{p.name}</strong> <span className="tool-note">({p.agentType})</span> — {peerWords(p)}
        </li>
      ))}
    </ul>
  );
}

export const listPeersView: ToolViewParts = {
  subject: (call) => listed(call)?.team_name ?? 'the team',
  title: listPeersTitle,
  Use: () => null,
  Result: ListPeersResult,
  stateWords: (call) => (call.state === 'succeeded' ? 'Checked' : null),
  hasOutput: (props) => listed(props.call) !== null || genericView.hasOutput(props),
};
