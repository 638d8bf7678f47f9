// The Skill tool's card (AG9): one line — "Used the skill “fmt”" — with its arguments; the skill's
// instructions go to the assistant, not into the card. A forked skill (a subagent) shows its answer.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { makeSkillInputSchema, SkillData } from '../../../../shared/tools/skill';
import { Markdown } from '../../transcript/Markdown';
import type { ToolViewParts, ToolViewProps } from '../types';

const inputOf = (call: ToolCallView): { skill: string; args?: string } => {
  const parsed = makeSkillInputSchema().safeParse(call.input);
  return parsed.success ? { skill: parsed.data.skill.replace(/^\//, ''), ...(parsed.data.args ? { args: parsed.data.args } : {}) } : { skill: '' };
};

function SkillUse({ call }: { call: ToolCallView }): ReactNode {
  const { args } = inputOf(call);
  return args ? <p className="tool-note">With: {args}</p> : null;
}

/** A forked skill's answer; undefined for a skill whose instructions joined the conversation. */
const forkedAnswer = (call: ToolCallView): string | undefined => {
  const parsed = SkillData.safeParse(call.result?.data);
  return parsed.success ? parsed.data.result : undefined;
};

function SkillResult({ call }: ToolViewProps): ReactNode {
  const answer = forkedAnswer(call);
  return answer === undefined ? null : (
    <section aria-label={`Answer of the skill “${inputOf(call).skill}”`}>
      <Markdown text={answer} />
    </section>
  );
}

function SkillGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  return <>Used {calls.length} skills: {calls.map((c) => inputOf(c).skill).join(', ')}</>;
}

export const skillView: ToolViewParts = {
  subject: (call) => inputOf(call).skill,
  title: (call) => `${call.state === 'succeeded' ? 'Used' : 'Use'} the skill “${inputOf(call).skill}”`,
  Use: SkillUse,
  Result: SkillResult,
  // Its result only says the skill started, unless it ran forked and answered.
  hasOutput: ({ call }) => forkedAnswer(call) !== undefined,
  Grouped: SkillGrouped,
};
