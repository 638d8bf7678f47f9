// The model-facing words of TaskCreate, modelled on Claude Code's (same rules, our wording).
export const TASK_CREATE_DESCRIPTION = 'Create a new task in the task list';

export const TASK_CREATE_PROMPT = `Use this tool to create a task in the task list of this conversation. It helps you track progress, organize complex work and show the user how far along you are.

## When to use this tool
- Complex multi-step tasks (3 or more distinct steps)
- Non-trivial tasks that need careful planning
- When the user asks for a task list, or gives several things to do (numbered or comma-separated)
- After receiving new instructions: capture the requirements as tasks
- When you find follow-up work while working on a task

## When NOT to use this tool
- A single, straightforward task, or one that takes fewer than 3 trivial steps
- Purely conversational or informational requests

## Fields
- subject: a brief title in the imperative ("Run tests")
- description: what needs to be done, with enough context to do it later
- activeForm: the same in the present continuous ("Running tests"), shown while the task is in progress

A new task starts as pending with no owner. Use TaskUpdate to start it (in_progress), finish it (completed) and to set dependencies (addBlocks, addBlockedBy). Check TaskList first so you do not create a task twice.`;
