// An assistant reply's steps in order: text as markdown, each tool call as a card, and runs of one
// tool folded into a group (the grouping selector decides).
import { useMemo, type ReactNode } from 'react';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import { groupSteps, type StepItem } from '../tools/grouping';
import { groupKeyFor } from '../tools/registry';
import { Markdown } from './Markdown';
import { ToolCallCard } from './ToolCallCard';
import { ToolGroup } from './ToolGroup';

export function AssistantSteps({ steps, calls }: { steps: readonly StepItem[]; calls: ReadonlyMap<string, ToolCallView> }): ReactNode {
  const items = useMemo(() => groupSteps(steps, { groupKeyOf: groupKeyFor }), [steps]);
  return (
    <>
      {items.map((item) => {
        if (item.kind === 'text') return <Markdown key={item.key} text={item.text} />;
        if (item.kind === 'tool') {
          const call = calls.get(item.id);
          return call ? <ToolCallCard key={item.id} id={item.id} fallback={call} /> : null;
        }
        const group = item.ids.map((id) => calls.get(id)).filter((c): c is ToolCallView => c !== undefined);
        return <ToolGroup key={item.key} name={item.name} groupKey={item.groupKey} fallbacks={group} />;
      })}
    </>
  );
}
