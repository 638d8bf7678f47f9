// The header's "To-do list" button: opens and closes the to-do panel, with "3 of 7" while a list exists.
import type { ReactNode } from 'react';
import { progressWords, todoProgress } from '../../../shared/tools/todo-write';
import { workProgress } from '../../../shared/tools/work-items';
import { useWorkItems } from './use-work-items';
import { useTodos } from './use-todos';
import '../styles/side-pane.css';
import './Todos.css';
import { PaneLabel } from '../components/PaneLabel';

export const TODOS_PANE_ID = 'todos-pane';

export function TodosButton({ open, onToggle }: { open: boolean; onToggle: () => void }): ReactNode {
  const todos = useTodos();
  const items = useWorkItems();
  // The task list when the conversation has one, else TodoWrite's list (a headless-style conversation).
  const p = items ? workProgress(items) : todos && todos.length > 0 ? todoProgress(todos) : null;
  return (
    <button
      type="button"
      className="side-pane-toggle"
      aria-expanded={open}
      aria-controls={TODOS_PANE_ID}
      // The count is a styled badge: the name reads it as one phrase.
      aria-label={p ? `To-do list: ${progressWords(p)}` : 'To-do list'}
      title="The assistant’s plan for this conversation, step by step"
      onClick={onToggle}
    >
      <PaneLabel long="To-do list" short="To-dos" />
      {p && (
        <span className="side-pane-toggle__count side-pane-toggle__count--quiet" aria-hidden="true">
          {p.done} of {p.total}
        </span>
      )}
    </button>
  );
}
