// The to-do panel's selector, pure (TL): the conversation's list is the whole list of its last
// TodoWrite call that succeeded — live calls and calls rebuilt from the transcript alike, so a
// reopened conversation shows the list it had.
import { TODO_WRITE_TOOL_NAME, todosOf, type TodoItem } from '../../../shared/tools/todo-write';
import type { ToolCallView } from '../../../shared/tools/tool-call';

export function isTodoUpdate(call: ToolCallView): boolean {
  return call.name === TODO_WRITE_TOOL_NAME && call.state === 'succeeded';
}

/** The list now, from calls in the order they were made; null when the conversation has none. */
export function currentTodos(calls: readonly ToolCallView[]): TodoItem[] | null {
  for (let i = calls.length - 1; i >= 0; i--) {
    const call = calls[i]!;
    if (!isTodoUpdate(call)) continue;
    const todos = todosOf(call.input);
    if (todos) return todos;
  }
  return null;
}
