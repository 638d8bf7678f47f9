// TodoWrite's input schema (Claude Code's: todos[{content, status, activeForm}]) and its output, shared
// by the tool in main, its card and the to-do panel in the renderer; plus the panel's counting.
import { z } from 'zod';

export const TODO_WRITE_TOOL_NAME = 'TodoWrite';

export const TodoStatus = z.enum(['pending', 'in_progress', 'completed']);
export type TodoStatus = z.infer<typeof TodoStatus>;

export const TodoItem = z.object({
  content: z.string().min(1, 'Content cannot be empty'),
  status: TodoStatus,
  activeForm: z.string().min(1, 'Active form cannot be empty'),
});
export type TodoItem = z.infer<typeof TodoItem>;

export function makeTodoWriteInputSchema() {
  return z.strictObject({
    todos: z.array(TodoItem).describe('The updated todo list'),
  });
}
export type TodoWriteInput = z.output<ReturnType<typeof makeTodoWriteInputSchema>>;

export const TodoWriteData = z.object({
  oldTodos: z.array(TodoItem),
  newTodos: z.array(TodoItem),
});
export type TodoWriteData = z.infer<typeof TodoWriteData>;

/** The list a call's input holds, or null when the input is not a valid list. */
export function todosOf(input: unknown): TodoItem[] | null {
  const parsed = makeTodoWriteInputSchema().safeParse(input);
  return parsed.success ? parsed.data.todos : null;
}

export interface TodoProgress {
  done: number;
  total: number;
  /** The item being worked on (the first in_progress one), if any. */
  current: TodoItem | null;
}

export function todoProgress(todos: readonly TodoItem[]): TodoProgress {
  return {
    done: todos.filter((t) => t.status === 'completed').length,
    total: todos.length,
    current: todos.find((t) => t.status === 'in_progress') ?? null,
  };
}

/** "3 of 7 done" — the words the card, the button and the panel share. */
export function progressWords({ done, total }: Pick<TodoProgress, 'done' | 'total'>): string {
  return `${done} of ${total} done`;
}
