// The model-facing words of EnterPlanMode, modelled on Claude Code's.
export const ENTER_PLAN_MODE_PROMPT = `Use this tool when you are about to start a non-trivial implementation task and want to explore the codebase and design an approach before writing any code. In plan mode you can read and search but not edit files; when the plan is ready, present it with ExitPlanMode for the user's approval.

Use it for tasks that touch several files, have more than one reasonable approach, or where the user's preferences matter. Skip it for small, obvious changes.`;

export const ENTERED_PLAN_MODE = `Entered plan mode. You should now focus on exploring the codebase and designing an implementation approach.

In plan mode, you should:
1. Thoroughly explore the codebase to understand existing patterns
2. Identify similar features and architectural approaches
3. Consider multiple approaches and their trade-offs
4. Use AskUserQuestion if you need to clarify the approach
5. Design a concrete implementation strategy
6. When ready, use ExitPlanMode to present your plan for approval

Remember: DO NOT write or edit any files yet. This is a read-only exploration and planning phase.`;
