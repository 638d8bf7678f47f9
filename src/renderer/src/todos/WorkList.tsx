// The task list's work items in the to-do panel (issue 18 items 3, 4): "3 of 7 done", the one being
// worked on highlighted in its "-ing" words, finished ones ticked, and a step that waits for others
// shown as waiting, with what it waits for — each readable by a screen reader as one sentence.
import type { ReactNode } from 'react';
import { openBlockers, workProgress, type WorkItem } from '../../../shared/tools/work-items';
import { ProgressHead } from './ProgressHead';

const STATUS_WORDS = { pending: 'To do', in_progress: 'Working on it', completed: 'Done', blocked: 'Waiting' } as const;

function WorkRow({ item, items, current }: { item: WorkItem; items: readonly WorkItem[]; current: boolean }): ReactNode {
  const waitingFor = item.status === 'pending' ? openBlockers(item, items) : [];
  const state = waitingFor.length > 0 ? 'blocked' : item.status;
  const names = waitingFor.map((id) => {
    const other = items.find((t) => t.id === id);
    return other ? `#${id} ${other.subject}` : `#${id}`;
  });
  return (
    <li className={`todo todo--${state}${current ? ' todo--current' : ''}`} aria-current={current ? 'step' : undefined}>
      <span className="todo__mark" aria-hidden="true" />
      <span className="todo__body">
        <span className="todo__text">
          <span className="visually-hidden">{STATUS_WORDS[state]}: </span>
          <span className="todo__id">#{item.id}</span> {current && item.activeForm ? item.activeForm : item.subject}
        </span>
        {names.length > 0 && <span className="todo__note">Waits for {names.join(', ')}</span>}
        {item.owner && <span className="todo__note">Taken by {item.owner}</span>}
      </span>
    </li>
  );
}

export function WorkList({ items }: { items: readonly WorkItem[] }): ReactNode {
  const p = workProgress(items);
  return (
    <>
      <ProgressHead done={p.done} total={p.total} now={p.current ? p.current.activeForm || p.current.subject : null} />
      <ol className="todos-pane__list" aria-label="Steps">
        {items.map((t) => (
          <WorkRow key={t.id} item={t} items={items} current={t === p.current} />
        ))}
      </ol>
    </>
  );
}
