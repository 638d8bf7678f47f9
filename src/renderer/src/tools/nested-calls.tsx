// How a view shows the calls another call ran (a subagent's, under its Agent card) with the usual
// cards, without the tools layer importing the transcript's card: the card provides its own renderer.
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import { useTools } from '../stores/react';

export type NestedCard = ComponentType<{ id: string; fallback: ToolCallView }>;

export const NestedCardContext = createContext<NestedCard | null>(null);

/** The calls run under call `parentId`, in the order they started. Pure. */
export function childCalls(calls: Readonly<Record<string, ToolCallView>>, parentId: string): ToolCallView[] {
  return Object.values(calls).filter((c) => c.parentToolUseId === parentId);
}

export function NestedCallList({ calls, label, Card }: { calls: readonly ToolCallView[]; label: string; Card: NestedCard | null }): ReactNode {
  if (!Card || calls.length === 0) return null;
  return (
    <ol className="tool-nested" aria-label={label}>
      {calls.map((c) => (
        <li key={c.id}>
          <Card id={c.id} fallback={c} />
        </li>
      ))}
    </ol>
  );
}

export function NestedCalls({ parentId, label }: { parentId: string; label: string }): ReactNode {
  const calls = useTools(useShallow((s) => childCalls(s.calls, parentId)));
  return <NestedCallList calls={calls} label={label} Card={useContext(NestedCardContext)} />;
}
