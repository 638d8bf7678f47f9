// TeamDelete's card (agent teams): "Ended the team “docs-review” (2 helpers)" and which waiting helpers
// were stopped with it; refused while a helper still works, in the tool's own words.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { TeamDeleteData } from '../../../../shared/tools/team-delete';
import { genericView } from '../generic/GenericView';
import { problemText } from '../problem-text';
import type { ToolViewParts, ToolViewProps } from '../types';

function ended(call: ToolCallView): TeamDeleteData | null {
  const parsed = TeamDeleteData.safeParse(call.result?.data);
  return call.state === 'succeeded' && parsed.success ? parsed.data : null;
}

const helpers = (n: number): string => (n === 1 ? '1 helper' : `${n} helpers`);

// The tool's refusal, written for the model (task ids, TaskStop): the helpers' names are what the person needs.
const STILL_WORKING = /still working: (.+?)\. Wait for/;

/** Why the team did not end, for the person. */
export function teamDeleteProblem(call: ToolCallView): string | null {
  const message = (call.error?.message ?? (call.result?.isError ? call.result.text : '')).trim();
  const working = STILL_WORKING.exec(message);
  if (!working) return problemText(call);
  const names = working[1]!.split(', ').map((w) => w.replace(/ \(task [^)]*\)$/, ''));
  return `Not ended yet: ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} still working. The team can end once ${names.length === 1 ? 'it stops' : 'they stop'}.`;
}

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
  stateWords: (call) => (call.state === 'succeeded' ? 'Ended' : STILL_WORKING.test(call.error?.message ?? call.result?.text ?? '') ? 'Not yet' : null),
  problem: teamDeleteProblem,
  // A refusal is said in the problem line; the model's wording of it adds nothing for the person.
  hasOutput: (props) => ended(props.call) !== null || (!STILL_WORKING.test(props.call.result?.text ?? '') && genericView.hasOutput(props)),
};
