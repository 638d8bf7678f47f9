// The model-facing words of ExitPlanMode, modelled on Claude Code's.
export const EXIT_PLAN_MODE_PROMPT = `Use this tool when you are in plan mode and have finished presenting your plan and are ready to code. This will prompt the user to approve the plan.
IMPORTANT: Only use this tool when the task requires planning the implementation steps of a task that requires writing code. For research tasks where you're gathering information, searching files, reading files or in general trying to understand the codebase - do NOT use this tool.

Before using this tool, ensure your plan is clear and unambiguous. If there are multiple valid approaches or unclear requirements, use AskUserQuestion first.`;

export const PLAN_APPROVED = 'User has approved your plan. You can now start coding. Start with updating your todo list if applicable';
