// EnterPlanMode's and ExitPlanMode's inputs (Claude Code's: `{}` and `{ plan }`, the plan in Markdown)
// and outputs, shared by the tools and their views.
import { z } from 'zod';

export const ENTER_PLAN_MODE_TOOL_NAME = 'EnterPlanMode';
export const EXIT_PLAN_MODE_TOOL_NAME = 'ExitPlanMode';

export function makeEnterPlanModeInputSchema() {
  return z.strictObject({});
}
export type EnterPlanModeInput = z.output<ReturnType<typeof makeEnterPlanModeInputSchema>>;

export function makeExitPlanModeInputSchema() {
  return z.strictObject({
    plan: z.string().min(1).describe('The plan you came up with, that you want to run by the user for approval. Supports markdown. The plan should be pretty concise.'),
  });
}
export type ExitPlanModeInput = z.output<ReturnType<typeof makeExitPlanModeInputSchema>>;

export const EnterPlanModeData = z.object({ message: z.string() });
export type EnterPlanModeData = z.infer<typeof EnterPlanModeData>;

export const ExitPlanModeData = z.object({ plan: z.string(), message: z.string() });
export type ExitPlanModeData = z.infer<typeof ExitPlanModeData>;
