// The model-facing words of ExitPlanMode, modelled on Claude Code's.
export const EXIT_PLAN_MODE_PROMPT = `Use this tool when you are in plan mode and have finished presenting your plan and are ready to code. This will prompt the user to approve the plan.
IMPORTANT: Only use this tool when the task requires planning the implementation steps of a task that requires writing code. For research tasks where you're gathering information, searching files, reading files or in general trying to understand the codebase - do NOT use this tool.

Before using this tool, ensure your plan is clear and unambiguous. If there are multiple valid approaches or unclear requirements, use AskUserQuestion first.`;

export const PLAN_APPROVED = 'User has approved your plan. You can now start coding. Start with updating your todo list if applicable';

/** What the model is told on every request while the session is in plan mode (Claude Code's reminder). */
export const PLAN_MODE_ACTIVE = `Plan mode is active. The user indicated that they do not want you to execute yet -- you MUST NOT make any edits, run any non-readonly tools (including changing configs or making commits), or otherwise make any changes to the system. This supersedes any other instructions you have received. Instead, you should:
1. Answer the user's query comprehensively
2. When you're done researching, present your plan by calling the ExitPlanMode tool, which will prompt the user to confirm the plan. Do NOT make any file changes or run any tools that modify the system state in any way until the user has confirmed the plan.`;
