// The model-facing text of the Skill tool and the list of skills it may invoke (names and descriptions
// only: a skill's instructions are read when it is invoked — progressive disclosure, as in Claude Code).
import type { Skill } from '../../skills/skill-file';

export const SKILL_PROMPT = `Execute a skill within the main conversation.

When users ask you to perform tasks, check if any of the available skills match. Skills provide specialized capabilities and domain knowledge.

When users reference a "slash command" or "/<something>" (e.g., "/commit", "/review-pr"), they are referring to a skill. Use this tool to invoke it.

How to invoke:
- Use this tool with the skill name and optional arguments
- Examples:
  - skill: "pdf" - invoke the pdf skill
  - skill: "commit", args: "-m 'Fix bug'" - invoke with arguments

Important:
- The available skills are listed in the system prompt under "Skills you can invoke with the Skill tool"
- When a skill matches the user's request, invoke it BEFORE generating any other response about the task
- Do not invoke a skill that is already running
- Only use skills listed there; never guess a name`;

const MAX_DESCRIPTION = 250;

/** The system note: one line per skill the model may invoke; null when there is none. */
export function skillsNote(skills: readonly Skill[]): string | null {
  const offered = skills.filter((s) => !s.disableModelInvocation);
  if (offered.length === 0) return null;
  const line = (s: Skill) => `- ${s.name}: ${s.description.length > MAX_DESCRIPTION ? `${s.description.slice(0, MAX_DESCRIPTION - 1)}…` : s.description}`;
  return `Skills you can invoke with the Skill tool:\n${offered.map(line).join('\n')}`;
}
