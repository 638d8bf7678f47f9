// The TodoWrite tool (issue 19, TL): the model replaces its conversation's to-do list; the window shows
// it in the to-do panel. Claude Code's input and result words, so users' rules and hooks carry over.
import {
  makeTodoWriteInputSchema,
  progressWords,
  todoProgress,
  TODO_WRITE_TOOL_NAME,
  type TodoWriteData,
  type TodoWriteInput,
} from '../../../shared/tools/todo-write';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool } from '../core/tool';
import { TODO_WRITE_DESCRIPTION, TODO_WRITE_PROMPT } from './prompt';
import { createTodoLists, type TodoLists } from './todo-lists';

export const TODO_WRITE_RESULT =
  'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable';

export function createTodoWriteTool(lists: TodoLists = createTodoLists()): Tool<TodoWriteInput, TodoWriteData> {
  return buildTool<TodoWriteInput, TodoWriteData>({
    name: TODO_WRITE_TOOL_NAME,
    searchHint: 'manage the session task checklist',
    // Headless runs' to-do list; interactive sessions get the Task tools instead (checklist.ts).
    checklist: 'todos',
    maxResultSizeChars: 100_000,
    inputSchema: lazySchema(makeTodoWriteInputSchema),
    description: () => TODO_WRITE_DESCRIPTION,
    prompt: () => TODO_WRITE_PROMPT,
    userFacingName: () => 'To-do list',
    summarize: (input) => (Array.isArray(input.todos) ? progressWords(todoProgress(input.todos)) : ''),
    // It changes nothing but the conversation's own list: never asks, in plan mode too (as in Claude Code).
    isReadOnly: () => true,
    // Each call replaces the whole list; two at once would race.
    isConcurrencySafe: () => false,
    checkPermissions: (input) => ({ behavior: 'allow', updatedInput: input }),
    async call(input, ctx) {
      const oldTodos = lists.get(ctx.sessionId);
      // Claude Code forgets a list once every item is done, so the next task starts a fresh one.
      const allDone = input.todos.length > 0 && input.todos.every((t) => t.status === 'completed');
      lists.set(ctx.sessionId, allDone ? [] : input.todos);
      return { data: { oldTodos, newTodos: input.todos } };
    },
    mapResult: () => ({ content: TODO_WRITE_RESULT }),
  });
}

export const TodoWriteTool = createTodoWriteTool();
