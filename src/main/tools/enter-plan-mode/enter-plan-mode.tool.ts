// The EnterPlanMode tool (issue 19): the session goes into plan mode — read-only until a plan is
// approved — through the session's mode port. It only narrows what the assistant may do, so it never asks.
import { ENTER_PLAN_MODE_TOOL_NAME, makeEnterPlanModeInputSchema, type EnterPlanModeData, type EnterPlanModeInput } from '../../../shared/tools/plan-mode';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool } from '../core/tool';
import { ENTER_PLAN_MODE_PROMPT, ENTERED_PLAN_MODE } from './prompt';

export function createEnterPlanModeTool(): Tool<EnterPlanModeInput, EnterPlanModeData> {
  return buildTool<EnterPlanModeInput, EnterPlanModeData>({
    name: ENTER_PLAN_MODE_TOOL_NAME,
    searchHint: 'switch to plan mode to design an approach before coding',
    maxResultSizeChars: 10_000,
    inputSchema: lazySchema(makeEnterPlanModeInputSchema),
    description: () => 'Requests permission to enter plan mode for complex tasks requiring exploration and design',
    prompt: () => ENTER_PLAN_MODE_PROMPT,
    userFacingName: () => 'Plan mode',
    isReadOnly: () => true,
    checkPermissions: (input) => ({ behavior: 'allow', updatedInput: input, reason: { type: 'tool', reason: 'plan mode only narrows what the assistant may do' } }),
    async call(_input, ctx) {
      if (!ctx.permissionMode) throw new Error('This session cannot change its permission mode.');
      ctx.permissionMode.set('plan');
      return { data: { message: ENTERED_PLAN_MODE } };
    },
    mapResult: (data) => ({ content: data.message }),
  });
}

export const EnterPlanModeTool = createEnterPlanModeTool();
