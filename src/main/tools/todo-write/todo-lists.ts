// The to-do list of each conversation, in memory (Claude Code keeps it in app state the same way): it
// only serves as the "before" of the next update. A reopened conversation's list is rebuilt by the
// window from the transcript's last TodoWrite call, which holds the whole list.
import type { TodoItem } from '../../../shared/tools/todo-write';

export interface TodoLists {
  get(sessionId: string): TodoItem[];
  set(sessionId: string, todos: TodoItem[]): void;
}

export function createTodoLists(): TodoLists {
  const lists = new Map<string, TodoItem[]>();
  return {
    get: (sessionId) => lists.get(sessionId) ?? [],
    set: (sessionId, todos) => {
      if (todos.length === 0) lists.delete(sessionId);
      else lists.set(sessionId, todos);
    },
  };
}
