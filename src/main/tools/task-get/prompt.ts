// The model-facing words of TaskGet, modelled on Claude Code's (same rules, our wording).
export const TASK_GET_DESCRIPTION = 'Get a task by ID from the task list';

export const TASK_GET_PROMPT = `Use this tool to read one task of the task list by its ID: its subject, full description, status and dependencies.

## When to use this tool
- Before you start a task, to read its whole description
- To see what a task blocks and what blocks it
- Before you update a task, to read its latest state (others, such as your subagents, may have changed it)

## Output
- Subject, status and description
- Blocked by: tasks that must be completed before this one can start
- Blocks: tasks waiting for this one

It also takes the ID of a background command or agent of this conversation (from TaskList): then it tells its status, exit code, command and output file; read its output with TaskOutput and stop it with TaskStop.`;
