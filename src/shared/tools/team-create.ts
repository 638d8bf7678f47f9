// TeamCreate's input (Claude Code's fields: team_name, description, agent_type) and its output, shared by
// the tool in main and its card: the conversation leads a named team of teammates with one task list.
import { z } from 'zod';

export const TEAM_CREATE_TOOL_NAME = 'TeamCreate';

/** A team's name is a label the model and the person read; at most this long. */
export const TEAM_NAME_MAX = 64;

export function makeTeamCreateInputSchema() {
  return z.strictObject({
    team_name: z
      .string()
      .trim()
      .min(1, 'Give the team a name')
      .max(TEAM_NAME_MAX, `A team name has at most ${TEAM_NAME_MAX} characters`)
      // A control character would break the lines the name is shown in.
      .regex(/^[^\p{Cc}]+$/u, 'A team name cannot contain control characters')
      .describe('Name for the new team'),
    description: z.string().optional().describe('Team description/purpose'),
    agent_type: z.string().optional().describe('Type/role of the team lead'),
  });
}
export type TeamCreateInput = z.output<ReturnType<typeof makeTeamCreateInputSchema>>;

export const TeamCreateData = z.object({
  team_name: z.string(),
  description: z.string().optional(),
  /** How teammates address the lead (SendMessage to). */
  lead_name: z.string(),
  /** The team's config file and its task list's file. */
  team_file_path: z.string(),
  task_list_path: z.string(),
});
export type TeamCreateData = z.infer<typeof TeamCreateData>;
