// The model-facing description of TodoWrite, modelled on Claude Code's (same rules, shorter words).
export const TODO_WRITE_DESCRIPTION =
  'Update the todo list for the current session. To be used proactively and often to track progress and pending tasks.';

export const TODO_WRITE_PROMPT = `Use this tool to create and manage a structured task list for your current coding session. It helps you track progress, organize complex tasks and show the user how far along you are.

## When to use this tool
- Complex multi-step tasks (3 or more distinct steps)
- Non-trivial tasks that need careful planning
- When the user asks for a todo list, or gives several things to do (numbered or comma-separated)
- After receiving new instructions: capture the requirements as todos
- When you start a task: mark it in_progress BEFORE beginning the work
- When you finish a task: mark it completed and add any follow-up tasks you found

## When NOT to use this tool
- A single, straightforward task, or one that takes fewer than 3 trivial steps
- Purely conversational or informational requests

## Task states
- pending: not started yet
- in_progress: being worked on now (exactly one task at a time)
- completed: finished successfully

Every task has two forms:
- content: what needs to be done, in the imperative ("Run tests")
- activeForm: the same in the present continuous, shown while it is done ("Running tests")

## Task management
- Update the status in real time as you work; mark a task completed IMMEDIATELY after finishing it, do not batch completions
- Only mark a task completed when it is fully done; if tests fail, work is partial or you hit an error, keep it in_progress and add a task for what blocks it
- Remove tasks that are no longer relevant from the list entirely

Each call replaces the whole list: send every task, with its current status.`;
