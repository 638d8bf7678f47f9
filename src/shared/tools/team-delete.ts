// TeamDelete's input (none: the conversation's own team) and its output, shared by the tool and its card.
import { z } from 'zod';

export const TEAM_DELETE_TOOL_NAME = 'TeamDelete';

export function makeTeamDeleteInputSchema() {
  return z.strictObject({});
}
export type TeamDeleteInput = z.output<ReturnType<typeof makeTeamDeleteInputSchema>>;

export const TeamDeleteData = z.object({
  team_name: z.string(),
  /** Teammates that were waiting for messages, stopped as the team ended. */
  stopped: z.array(z.string()),
  /** How many teammates the team had in all. */
  members: z.number().int().nonnegative(),
});
export type TeamDeleteData = z.infer<typeof TeamDeleteData>;
