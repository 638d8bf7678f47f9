// The model-facing description of TaskStop, modelled on Claude Code's.
export const TASK_STOP_PROMPT = `- Stops a running background task by its ID
- Takes a task_id parameter identifying the task to stop
- Returns a success or failure status
- Use this tool when you need to terminate a long-running task`;
