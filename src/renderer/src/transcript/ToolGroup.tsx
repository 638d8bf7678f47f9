// A run of consecutive calls of one tool (UI1), folded into one line ("Ran 3 commands: …") that opens
// to show each card. It stays open while a call in it still runs, unless the person folded it.
import { memo, useId, useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import { ChevronIcon } from '../components/icons';
import { useTools } from '../stores/react';
import { groupState } from '../tools/grouping';
import { groupedFor } from '../tools/registry';
import { isActive, STATE_TONE, STATE_WORDS } from '../tools/state';
import { StateIcon } from './StateIcon';
import { ToolCallCard } from './ToolCallCard';

export const ToolGroup = memo(function ToolGroup({ name, groupKey, fallbacks }: { name: string; groupKey: string; fallbacks: readonly ToolCallView[] }): ReactNode {
  const live = useTools(useShallow((s) => fallbacks.map((f) => s.calls[f.id])));
  const calls = fallbacks.map((f, i) => live[i] ?? f);
  const state = groupState(calls.map((c) => c.state));
  const [userOpen, setUserOpen] = useState<boolean | null>(null);
  const open = userOpen ?? calls.some((c) => isActive(c.state));
  const headingId = useId();
  const listId = useId();
  const Grouped = groupedFor(groupKey, name);

  return (
    <section className={`tool-group tool-group--${STATE_TONE[state]}`} role="group" aria-labelledby={headingId} data-state={state} data-tool={name}>
      <button type="button" className="tool-group__head" aria-expanded={open} aria-controls={listId} onClick={() => setUserOpen(!open)}>
        <StateIcon state={state} />
        <span className="tool-group__title" id={headingId}>
          <Grouped calls={calls} />
        </span>
        <span className="tool-card__state" data-state={state}>
          {STATE_WORDS[state]}
        </span>
        <ChevronIcon size={14} className="tool-group__chevron" />
      </button>
      <div className="tool-group__list-body" id={listId} hidden={!open}>
        {open && calls.map((c, i) => <ToolCallCard key={c.id} id={c.id} fallback={fallbacks[i]!} />)}
      </div>
    </section>
  );
});
