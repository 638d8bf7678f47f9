// The Skill tool's input schema (Claude Code's: {skill, args?}) and its output, shared by the tool in
// main and its card in the renderer (AG9).
import { z } from 'zod';

export const SKILL_TOOL_NAME = 'Skill';

export function makeSkillInputSchema() {
  return z.strictObject({
    skill: z.string().describe('The skill name. E.g., "commit", "review-pr", or "pdf"'),
    args: z.string().optional().describe('Optional arguments for the skill'),
  });
}
export type SkillInput = z.output<ReturnType<typeof makeSkillInputSchema>>;

export const SkillData = z.object({
  success: z.boolean(),
  commandName: z.string(),
  /** Where the skill came from: the project's .claude/skills or the person's own. */
  source: z.enum(['project', 'user']),
  allowedTools: z.array(z.string()).optional(),
  model: z.string().optional(),
  /** `context: fork`: the subagent's answer (the skill ran in a context of its own). */
  result: z.string().optional(),
});
export type SkillData = z.infer<typeof SkillData>;
