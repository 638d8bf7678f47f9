// The model-facing words of TaskUpdate, modelled on Claude Code's (same rules, our wording).
export const TASK_UPDATE_DESCRIPTION = 'Update a task in the task list';

export const TASK_UPDATE_PROMPT = `Use this tool to update a task in the task list.

## When to use this tool
- When you start a task: set its status to in_progress BEFORE beginning the work
- When you have finished a task: set it to completed, then call TaskList to find the next one
- When a task is no longer needed or was created in error: set its status to deleted (it is removed)
- When requirements change, or to record dependencies between tasks

Only mark a task completed when it is FULLY done. If tests fail, the work is partial, you hit an unresolved error or could not find what you needed, keep it in_progress and create a new task for what blocks it.

## Fields you can update
- status: pending → in_progress → completed; deleted removes the task
- subject: the title, in the imperative ("Run tests")
- description: what needs to be done
- activeForm: the present continuous form shown while in progress ("Running tests")
- owner: the agent working on it
- metadata: keys merged into the task's metadata; a key set to null is removed
- addBlocks: tasks that cannot start until this one is completed
- addBlockedBy: tasks that must be completed before this one can start

Read a task's latest state with TaskGet before updating it.

## Examples
{"taskId": "1", "status": "in_progress"}
{"taskId": "1", "status": "completed"}
{"taskId": "1", "status": "deleted"}
{"taskId": "2", "addBlockedBy": ["1"]}`;
