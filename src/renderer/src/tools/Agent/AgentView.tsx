// The Agent card (AG7): who works on what ("Explore agent: Look around"), the task it was given
// (folded), its own tool calls live as the usual cards nested under it, and its answer in Markdown —
// or, in the background, where to follow it; for an isolated run, the branch its changes are on; and
// what its own model calls cost, live while it works (issue 20 item 3).
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { Markdown } from '../../transcript/Markdown';
import { useTools } from '../../stores/react';
import { agentSpendWords } from './agent-facts';
import { NestedCalls } from '../nested-calls';
import type { ToolViewParts, ToolViewProps } from '../types';
import { agentData, agentInput, agentLabel, agentStateWords } from './agent-facts';
import './Agent.css';

function AgentUse({ call }: ToolViewProps): ReactNode {
  const i = agentInput(call.input);
  return (
    <>
      {i.prompt && (
        <details className="agent-task">
          <summary>The task it was given</summary>
          <p className="agent-task__prompt">{i.prompt}</p>
        </details>
      )}
      <NestedCalls parentId={call.id} label={`What ${agentLabel(call.input)} did`} />
    </>
  );
}

function AgentProgress({ progress }: ToolViewProps): ReactNode {
  return progress?.status ? <p className="tool-note agent-now">{progress.status}</p> : null;
}

function AgentResult({ call }: ToolViewProps): ReactNode {
  const d = agentData(call);
  if (!d) return call.result?.text ? <p className="tool-note">{call.result.text}</p> : null;
  if (d.status === 'async_launched') return null;
  return d.result ? (
    <section className="agent-answer" aria-label={`Answer of ${agentLabel(call.input)}`}>
      <Markdown text={d.result} />
    </section>
  ) : null;
}

function AgentNotes({ call }: ToolViewProps): ReactNode {
  const d = agentData(call);
  if (!d) return null;
  const w = d.worktree;
  return (
    <>
      {d.status === 'async_launched' && (
        <p className="tool-note">It works in the background, listed in the to-do list, where you can stop it. The assistant reads its answer when it is done.</p>
      )}
      {d.team && <p className="tool-note">It is a helper of the team “{d.team}”: it shares the team’s to-do list and can message the other helpers.</p>}
      {w && !w.removed && (
        <div className="tool-note">
          It worked on a separate copy of the project; your files are unchanged. Its changes are on the branch <code className="tool-path">{w.branch}</code>:
          <pre className="agent-diffstat">{w.diffStat}</pre>
        </div>
      )}
      {w?.removed && <p className="tool-note">It worked on a separate copy of the project and changed nothing.</p>}
      {d.warnings?.map((warning) => (
        <p className="tool-note agent-warning" key={warning}>
          {warning}
        </p>
      ))}
    </>
  );
}

function AgentBadges({ call }: ToolViewProps): ReactNode {
  const i = agentInput(call.input);
  const live = useTools((s) => s.agentUsage[call.id]);
  const spend = agentSpendWords(agentData(call)?.spend, live);
  return (
    <>
      {i.background && <span className="badge">In the background</span>}
      {i.isolated && <span className="badge">Separate copy</span>}
      {spend && (
        <span className="badge badge--quiet" aria-label={`What ${agentLabel(call.input)} cost: ${spend}`}>
          {spend}
        </span>
      )}
    </>
  );
}

function AgentGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  return <>Handed {calls.length} tasks to helper agents</>;
}

export const agentView: ToolViewParts = {
  subject: (call) => agentInput(call.input).description,
  title: (call) => {
    const i = agentInput(call.input);
    return i.description ? `${agentLabel(call.input)}: ${i.description}` : agentLabel(call.input);
  },
  Use: AgentUse,
  Progress: AgentProgress,
  Result: AgentResult,
  Notes: AgentNotes,
  Badges: AgentBadges,
  stateWords: agentStateWords,
  hasOutput: ({ call, progress }) => (call.state === 'running' ? Boolean(progress?.status) : Boolean(agentData(call)?.result || (!agentData(call) && call.result?.text))),
  Grouped: AgentGrouped,
};
