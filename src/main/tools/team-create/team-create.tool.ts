// The TeamCreate tool (agent teams, TL): the conversation becomes the lead of a named team whose members
// share one task list, kept beside the conversation (tasks/agent-team.ts). It writes nothing in the
// project and starts nothing, so it never asks.
import { makeTeamCreateInputSchema, TEAM_CREATE_TOOL_NAME, type TeamCreateData, type TeamCreateInput } from '../../../shared/tools/team-create';
import { TEAM_LEAD_NAME } from '../../tasks/agent-team';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool, ToolUseContext, ValidationResult } from '../core/tool';
import { TEAM_CREATE_DESCRIPTION, TEAM_CREATE_PROMPT } from './prompt';

function check(ctx: ToolUseContext): ValidationResult {
  if (!ctx.agentTeam) return { result: false, message: 'Agent teams are not available here.', errorCode: 1 };
  // No nested teams: a teammate or a subagent cannot lead one.
  if (ctx.teammateName || ctx.agentLabel) return { result: false, message: 'Only the main conversation can create a team; a teammate or subagent cannot.', errorCode: 2 };
  const current = ctx.agentTeam.current();
  if (current) return { result: false, message: `This conversation already leads the team "${current.name}". Delete it with TeamDelete before creating another.`, errorCode: 3 };
  return { result: true };
}

export function createTeamCreateTool(): Tool<TeamCreateInput, TeamCreateData> {
  return buildTool<TeamCreateInput, TeamCreateData>({
    name: TEAM_CREATE_TOOL_NAME,
    requires: 'agentTeams',
    shouldDefer: true,
    searchHint: 'create a team of agents swarm teammates',
    maxResultSizeChars: 10_000,
    inputSchema: lazySchema(makeTeamCreateInputSchema),
    description: () => TEAM_CREATE_DESCRIPTION,
    prompt: () => TEAM_CREATE_PROMPT,
    userFacingName: () => 'Start team',
    summarize: (input) => input.team_name ?? '',
    // It changes no project file and runs nothing: the team lives beside the conversation (plan mode too).
    isReadOnly: () => true,
    toAutoClassifierInput: (input) => input.team_name,
    validateInput: (_input, ctx) => check(ctx),
    async call(input, ctx) {
      const valid = check(ctx);
      if (!valid.result) throw new Error(valid.message);
      const port = ctx.agentTeam!;
      const team = await port.create({
        name: input.team_name,
        ...(input.description?.trim() ? { description: input.description.trim() } : {}),
        ...(input.agent_type?.trim() ? { leadAgentType: input.agent_type.trim() } : {}),
      });
      return {
        data: {
          team_name: team.name,
          ...(team.description ? { description: team.description } : {}),
          lead_name: TEAM_LEAD_NAME,
          team_file_path: port.configFile,
          task_list_path: port.taskListFile,
        },
      };
    },
    mapResult: (d) => ({
      content: [
        `Team "${d.team_name}" created. You lead it; teammates address you as "${d.lead_name}".`,
        'The Task tools now use the team\'s task list, which every teammate shares.',
        `Start teammates with Agent (team_name: "${d.team_name}", name: "…"). ListPeers shows them; TeamDelete ends the team.`,
      ].join('\n'),
    }),
  });
}

export const TeamCreateTool = createTeamCreateTool();
