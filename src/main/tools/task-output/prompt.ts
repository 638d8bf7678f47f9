// The model-facing description of TaskOutput, modelled on Claude Code's.
export const TASK_OUTPUT_PROMPT = `- Retrieves output from a running or completed task (a background shell started with Bash's run_in_background, or a command the user moved to the background)
- Takes a task_id parameter identifying the task
- Returns the output written since the previous TaskOutput call for that task, along with status information (running, completed, failed, killed) and the exit code
- Use block=true (default) to wait for task completion, up to timeout milliseconds (default 30000, max 600000)
- Use block=false for non-blocking check of current status
- When there is more new output than fits, the result says how much was left out and where the full output file is; read that file with the Read tool
- Only tasks started in this conversation can be read`;
