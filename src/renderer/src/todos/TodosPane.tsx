// The to-do panel (TL, issue 18 items 3, 4): the assistant's list for this conversation, updated as it
// works — its task list (the Task tools') or, in a conversation that uses TodoWrite, that list — how
// many steps are done ("3 of 7 done"), the step it is on highlighted in its "-ing" words, finished ones
// ticked, waiting ones marked; then what it runs in the background.
import type { ReactNode } from 'react';
import { todoProgress, type TodoItem, type TodoStatus } from '../../../shared/tools/todo-write';
import { BackgroundList } from './BackgroundList';
import { ProgressHead } from './ProgressHead';
import { TODOS_PANE_ID } from './TodosButton';
import { useBackground, useWorkItems } from './use-work-items';
import { useTodos } from './use-todos';
import { WorkList } from './WorkList';
import { SidePane } from '../components/SidePane';
import './Todos.css';

const STATUS_WORDS: Record<TodoStatus, string> = { pending: 'To do', in_progress: 'Working on it', completed: 'Done' };

function TodoRow({ todo, current }: { todo: TodoItem; current: boolean }): ReactNode {
  return (
    <li className={`todo todo--${todo.status}${current ? ' todo--current' : ''}`} aria-current={current ? 'step' : undefined}>
      <span className="todo__mark" aria-hidden="true" />
      <span className="todo__text">
        <span className="visually-hidden">{STATUS_WORDS[todo.status]}: </span>
        {current ? todo.activeForm : todo.content}
      </span>
    </li>
  );
}

export function TodoList({ todos }: { todos: readonly TodoItem[] }): ReactNode {
  const p = todoProgress(todos);
  return (
    <>
      <ProgressHead done={p.done} total={p.total} now={p.current?.activeForm ?? null} />
      <ol className="todos-pane__list" aria-label="Steps">
        {todos.map((t, i) => (
          <TodoRow key={i} todo={t} current={t === p.current} />
        ))}
      </ol>
    </>
  );
}

export function TodosPane({ onClose }: { onClose: () => void }): ReactNode {
  const todos = useTodos();
  const items = useWorkItems();
  const background = useBackground();
  return (
    <SidePane id={TODOS_PANE_ID} title="To-do list" closeLabel="Close to-do list" kind="todos" onClose={onClose}>
      {items ? (
        <WorkList items={items} />
      ) : todos && todos.length > 0 ? (
        <TodoList todos={todos} />
      ) : (
        <p className="side-pane__note">
          {todos
            ? 'The assistant cleared its to-do list.'
            : 'No to-do list in this conversation yet. For a bigger task the assistant writes down its steps here and ticks them off as it goes.'}
        </p>
      )}
      {background.length > 0 && <BackgroundList tasks={background} />}
    </SidePane>
  );
}
