// TeamDelete's card (agent teams): "Ended the team “docs-review” (2 helpers)" and which waiting helpers
// were stopped with it; refused while a helper still works, in the tool's own words.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { TeamDeleteData } from '../../../../shared/tools/team-delete';
import { genericView } from '../generic/GenericView';
import type { ToolViewParts, ToolViewProps } from '../types';

function ended(call: ToolCallView): TeamDeleteData | null {
  const parsed = TeamDeleteData.safeParse(call.result?.data);
  return call.state === 'succeeded' && parsed.success ? parsed.data : null;
}

const helpers = (n: number): string => (n === 1 ? '1 helper' : `${n} helpers`);

function TeamDeleteResult(props: ToolViewProps): ReactNode {
  const d = ended(props.call);
  if (!d) return <genericView.Result {...props} />;
  return (
    <p className="tool-note">
      {d.stopped.length > 0 ? `Stopped the helpers that were waiting for a message: ${d.stopped.join(', ')}. ` : ''}The team’s to-do list was removed; the assistant
      uses the conversation’s own list again.
    </p>
  );
}

export const teamDeleteView: ToolViewParts = {
  subject: (call) => ended(call)?.team_name ?? 'the team',
  title: (call) => {
    const d = ended(call);
    return d ? `Ended the team “${d.team_name}” (${helpers(d.members)})` : 'End the team';
  },
  Use: () => null,
  Result: TeamDeleteResult,
  stateWords: (call) => (call.state === 'succeeded' ? 'Ended' : null),
  hasOutput: (props) => ended(props.call) !== null || genericView.hasOutput(props),
};
