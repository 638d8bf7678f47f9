// The open conversation's to-do list from the tools store: only TodoWrite calls are picked (shallowly
// compared), so streaming output elsewhere never re-renders the panel.
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { TodoItem } from '../../../shared/tools/todo-write';
import { useTools } from '../stores/react';
import { currentTodos, isTodoUpdate } from './select-todos';

export function useTodos(): TodoItem[] | null {
  const calls = useTools(useShallow((s) => Object.values(s.calls).filter(isTodoUpdate)));
  return useMemo(() => currentTodos(calls), [calls]);
}
