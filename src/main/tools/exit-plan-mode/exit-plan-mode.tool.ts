// The ExitPlanMode tool (issue 19): the assistant presents its plan (Markdown) for approval. Its
// permission check asks; the approval window shows the plan, and the person approves it into the mode
// that follows (the reply's nextMode, set by the session before this call runs) or keeps planning
// with feedback the model reads (a denial). Headless it is asked like any call (rules, flags).
import { EXIT_PLAN_MODE_TOOL_NAME, makeExitPlanModeInputSchema, type ExitPlanModeData, type ExitPlanModeInput } from '../../../shared/tools/plan-mode';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool, ValidationResult } from '../core/tool';
import { EXIT_PLAN_MODE_PROMPT, PLAN_APPROVED, PLAN_MODE_ACTIVE } from './prompt';

export function createExitPlanModeTool(): Tool<ExitPlanModeInput, ExitPlanModeData> {
  return buildTool<ExitPlanModeInput, ExitPlanModeData>({
    name: EXIT_PLAN_MODE_TOOL_NAME,
    searchHint: 'present the plan for approval and leave plan mode',
    maxResultSizeChars: 100_000,
    endsPlanMode: true,
    inputSchema: lazySchema(makeExitPlanModeInputSchema),
    description: () => 'Prompts the user to exit plan mode and start coding',
    prompt: () => EXIT_PLAN_MODE_PROMPT,
    userFacingName: () => 'Plan',
    summarize: (input) => input.plan?.split('\n').find((l) => l.trim())?.replace(/^#+\s*/, '') ?? '',
    // Presenting a plan changes nothing: plan mode lets it be asked.
    isReadOnly: () => true,
    validateInput: (_input, ctx): ValidationResult =>
      ctx.permissionMode && ctx.permissionMode.get() !== 'plan'
        ? { result: false, message: 'You are not in plan mode. This tool is only for presenting a plan made in plan mode.', errorCode: 1 }
        : { result: true },
    checkPermissions: () => ({ behavior: 'ask', message: 'The assistant has a plan for you to approve.', reason: { type: 'tool', reason: 'leaving plan mode needs your approval' }, action: 'Leaving plan mode' }),
    async call(input, ctx) {
      // Approved by a rule or flag, not a person's choice of mode: the session goes on in default.
      if (ctx.permissionMode?.get() === 'plan') ctx.permissionMode.set('default');
      return { data: { plan: input.plan, message: PLAN_APPROVED } };
    },
    mapResult: (data) => ({ content: data.message }),
    // However plan mode began (EnterPlanMode, the person's choice, settings), the model knows it is in it.
    systemNote: (ctx) => (ctx.permissionMode?.get() === 'plan' ? PLAN_MODE_ACTIVE : null),
  });
}

export const ExitPlanModeTool = createExitPlanModeTool();
