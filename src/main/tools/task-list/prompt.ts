// The model-facing words of TaskList, modelled on Claude Code's (same rules, our wording), plus what it
// adds: the conversation's background commands and agents.
export const TASK_LIST_DESCRIPTION = 'List all tasks in the task list';

export const TASK_LIST_PROMPT = `Use this tool to list all tasks in the task list.

## When to use this tool
- To see what is available to work on (status pending, no owner, not blocked)
- To check overall progress
- To find tasks that are blocked and need their dependencies resolved
- After completing a task, to find newly unblocked work
- Prefer working on tasks in ID order (lowest ID first) when several are available: earlier tasks often set up context for later ones

## Output
One line per task: its ID (use it with TaskGet and TaskUpdate), status, subject, owner if it has one, and the open tasks that block it.

After the tasks it lists the background commands and agents of this conversation (started with run_in_background): their ID, status or exit code, what they run and their output file. Read their output with TaskOutput and stop them with TaskStop.

Use TaskGet with an ID for a task's full description.`;
