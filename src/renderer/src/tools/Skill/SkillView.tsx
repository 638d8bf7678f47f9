// The Skill tool's card (AG9): one line — "Used the skill “fmt”" — with its arguments; the skill's
// instructions go to the assistant, not into the card.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { makeSkillInputSchema } from '../../../../shared/tools/skill';
import type { ToolViewParts } from '../types';

const inputOf = (call: ToolCallView): { skill: string; args?: string } => {
  const parsed = makeSkillInputSchema().safeParse(call.input);
  return parsed.success ? { skill: parsed.data.skill.replace(/^\//, ''), ...(parsed.data.args ? { args: parsed.data.args } : {}) } : { skill: '' };
};

function SkillUse({ call }: { call: ToolCallView }): ReactNode {
  const { args } = inputOf(call);
  return args ? <p className="tool-note">With: {args}</p> : null;
}

function SkillGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  return <>Used {calls.length} skills: {calls.map((c) => inputOf(c).skill).join(', ')}</>;
}

export const skillView: ToolViewParts = {
  subject: (call) => inputOf(call).skill,
  title: (call) => `${call.state === 'succeeded' ? 'Used' : 'Use'} the skill “${inputOf(call).skill}”`,
  Use: SkillUse,
  // Its result only says the skill started.
  hasOutput: () => false,
  Grouped: SkillGrouped,
};
