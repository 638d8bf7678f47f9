// The Skill tool (issue 19, AG9): the model invokes a skill by name; its instructions (SKILL.md's body,
// $ARGUMENTS filled in, its folder named) join the conversation as the content the model reads next.
// Only the skills' names and descriptions are in the system note until one is invoked.
import { makeSkillInputSchema, SKILL_TOOL_NAME, type SkillData, type SkillInput } from '../../../shared/tools/skill';
import path from 'node:path';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool, ToolUseContext, ValidationResult } from '../core/tool';
import { loadSkills } from '../../skills/load-skills';
import { SKILL_PROMPT, skillsNote } from './prompt';
import { expandSkill, type Skill } from '../../skills/skill-file';

const skillsFor = (ctx: ToolUseContext) => loadSkills({ projectDir: ctx.projectDir, home: ctx.home, projectTrusted: ctx.folderTrusted?.() === true });

/** "/fmt" and "fmt" name the same skill. */
const nameOf = (input: Partial<SkillInput>) => (input.skill ?? '').trim().replace(/^\//, '');

function find(input: SkillInput, ctx: ToolUseContext): { ok: true; skill: Skill } | { ok: false; message: string } {
  const name = nameOf(input);
  const skill = skillsFor(ctx).skills.find((s) => s.name === name);
  if (!skill) return { ok: false, message: `Unknown skill: ${name}` };
  if (skill.disableModelInvocation) return { ok: false, message: `Skill ${name} cannot be used with Skill tool due to disable-model-invocation` };
  // AG9's fork runs the skill as a subagent with its own context: only where subagents can start.
  if (skill.fork && !ctx.subagents) return { ok: false, message: `Skill ${name} runs as a subagent (context: fork), and subagents cannot be started here. Do its task directly instead, or ask the user.` };
  return { ok: true, skill };
}

const FORK_SYSTEM_PROMPT = `You are an agent for Agent Desk. Carry out the skill's instructions you are given, using the tools available, and finish with a concise report of what you did and found: it is all the conversation that started you will see.`;

/** `context: fork`: the skill's instructions run as a subagent with a context of its own; its answer is the result. */
async function runForked(s: Skill, args: string, ctx: ToolUseContext): Promise<string> {
  const host = ctx.subagents!;
  const outcome = await host.run({
    agentId: `skill-${s.name}-${Date.now().toString(36)}`,
    // A fork runs as a general-purpose agent (what SubagentStart/SubagentStop hooks match).
    agentType: 'general-purpose',
    label: `Skill ${s.name}`,
    systemPrompt: `${FORK_SYSTEM_PROMPT}\n\nWorking directory: ${ctx.state.cwd}`,
    prompt: expandSkill(s, args),
    // A full model id is honoured; an alias (sonnet, haiku) is the parent's choice of model family.
    model: s.model && s.model.startsWith('claude-') ? s.model : host.parentModel(),
    // The fork may not start agents or skills of its own.
    tools: ctx.tools.filter((t) => t.name !== 'Agent' && t.name !== SKILL_TOOL_NAME),
    cwd: ctx.state.cwd,
    parentToolUseId: ctx.toolUseId ?? '',
    signal: ctx.abortSignal,
  });
  if (outcome.error) throw new Error(`The skill ${s.name} stopped with an error: ${outcome.error}`);
  return outcome.text;
}

/** A skill's allowed-tools as rules for the calls that follow; null when it lists none. */
function allowing(s: Skill): ((c: ToolUseContext) => ToolUseContext) | null {
  const file = path.join(s.dir, 'SKILL.md');
  const allow = s.allowedTools.map((rule) => ({ rule, source: 'command' as const, file }));
  return allow.length > 0 ? (c) => ({ ...c, extraAllow: [...(c.extraAllow ?? []), ...allow] }) : null;
}

export function createSkillTool(): Tool<SkillInput, SkillData> {
  return buildTool<SkillInput, SkillData>({
    name: SKILL_TOOL_NAME,
    searchHint: 'invoke a skill or slash command',
    maxResultSizeChars: 100_000,
    inputSchema: lazySchema(makeSkillInputSchema),
    description: (input) => `Use the skill ${nameOf(input)}`,
    prompt: () => SKILL_PROMPT,
    userFacingName: () => 'Skill',
    summarize: (input) => nameOf(input),
    // Reading a skill's instructions changes nothing; what it then asks for is judged call by call.
    isReadOnly: () => true,
    systemNote: (ctx) => skillsNote(skillsFor(ctx).skills),
    validateInput: (input, ctx): ValidationResult => {
      const f = find(input, ctx);
      return f.ok ? { result: true } : { result: false, message: f.message, errorCode: 1 };
    },
    checkPermissions: (input, ctx) => {
      const f = find(input, ctx);
      // Claude Code allows a skill whose properties are all safe; one that would allow tools without
      // asking (or name another model) asks first, saying what it would allow.
      if (f.ok && (f.skill.allowedTools.length > 0 || f.skill.model)) {
        const what = [
          ...(f.skill.allowedTools.length > 0 ? [`to use ${f.skill.allowedTools.join(', ')} without asking while it works`] : []),
          ...(f.skill.model ? [`the model ${f.skill.model}`] : []),
        ].join(', and ');
        return { behavior: 'ask', message: `The skill ${f.skill.name} asks for ${what}.`, action: 'Using a skill that allows tools or picks a model' };
      }
      return { behavior: 'allow', updatedInput: input };
    },
    async call(input, ctx) {
      const f = find(input, ctx);
      if (!f.ok) throw new Error(f.message);
      const s = f.skill;
      const data: SkillData = {
        success: true,
        commandName: s.name,
        source: s.source,
        ...(s.allowedTools.length > 0 ? { allowedTools: s.allowedTools } : {}),
        ...(s.model ? { model: s.model } : {}),
      };
      if (s.fork) return { data: { ...data, result: await runForked(s, input.args ?? '', ctx) } };
      const modifier = allowing(s);
      return {
        data,
        newMessages: [{ role: 'user', content: expandSkill(s, input.args ?? '') }],
        // Its allowed-tools are allowed without asking for the rest of this message, as in Claude Code.
        ...(modifier ? { contextModifier: modifier } : {}),
      };
    },
    mapResult: (data) => ({ content: data.result !== undefined ? `Skill "${data.commandName}" completed (forked execution).\n\nResult:\n${data.result}` : `Launching skill: ${data.commandName}` }),
    // "/fmt src/a.ts" typed by the person: their words, then the skill's instructions (AG9).
    expandCommand: (text, ctx) => {
      const m = /^\/([a-z0-9][a-z0-9-]*)(?:\s+([\s\S]*))?$/.exec(text.trim());
      const skill = m ? skillsFor(ctx).skills.find((s) => s.name === m[1] && s.userInvocable) : undefined;
      if (!m || !skill) return null;
      return [
        { type: 'text', text },
        { type: 'text', text: expandSkill(skill, m[2] ?? ''), command: skill.name },
      ];
    },
    // The person chose the skill themselves: its allowed-tools apply without asking again.
    commandContext: (name, ctx) => {
      const skill = skillsFor(ctx).skills.find((s) => s.name === name);
      return skill ? allowing(skill) : null;
    },
  });
}

export const SkillTool = createSkillTool();
