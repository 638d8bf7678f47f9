// The TeamDelete tool (agent teams, TL): ends the team the conversation leads. It refuses while a member
// still works, naming who and how to stop them; members waiting for messages are stopped with it; then
// the team's folder (config and task list) is removed. Nothing of the project changes, so it never asks.
import { makeTeamDeleteInputSchema, TEAM_DELETE_TOOL_NAME, type TeamDeleteData, type TeamDeleteInput } from '../../../shared/tools/team-delete';
import { appTasks } from '../../tasks/app-tasks';
import type { TaskRegistry } from '../../tasks/registry';
import { teamPeers } from '../../tasks/team-peers';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool, ToolUseContext, ValidationResult } from '../core/tool';
import { TEAM_DELETE_DESCRIPTION, TEAM_DELETE_PROMPT } from './prompt';

function check(ctx: ToolUseContext): ValidationResult {
  if (!ctx.agentTeam) return { result: false, message: 'Agent teams are not available here.', errorCode: 1 };
  if (ctx.teammateName || ctx.agentLabel) return { result: false, message: 'Only the team lead can delete the team.', errorCode: 2 };
  if (!ctx.agentTeam.current()) return { result: false, message: 'There is no team to delete: this conversation does not lead one.', errorCode: 3 };
  return { result: true };
}

export function createTeamDeleteTool(deps: { tasks?: TaskRegistry } = {}): Tool<TeamDeleteInput, TeamDeleteData> {
  const tasks = deps.tasks ?? appTasks;
  return buildTool<TeamDeleteInput, TeamDeleteData>({
    name: TEAM_DELETE_TOOL_NAME,
    requires: 'agentTeams',
    shouldDefer: true,
    searchHint: 'delete end clean up the team swarm',
    maxResultSizeChars: 10_000,
    inputSchema: lazySchema(makeTeamDeleteInputSchema),
    description: () => TEAM_DELETE_DESCRIPTION,
    prompt: () => TEAM_DELETE_PROMPT,
    userFacingName: () => 'End team',
    summarize: () => '',
    // It removes the team's own files beside the conversation, nothing of the project.
    isReadOnly: () => true,
    toAutoClassifierInput: () => 'end the team',
    validateInput: (_input, ctx) => check(ctx),
    async call(_input, ctx) {
      const valid = check(ctx);
      if (!valid.result) throw new Error(valid.message);
      const port = ctx.agentTeam!;
      const team = port.current()!;
      const peers = teamPeers(team, ctx.team, tasks);
      const working = peers.filter((p) => p.status === 'working');
      if (working.length > 0) {
        const who = working.map((p) => `${p.name} (task ${p.taskId})`).join(', ');
        throw new Error(
          `Cannot delete the team "${team.name}": ${working.length === 1 ? '1 member is' : `${working.length} members are`} still working: ${who}. Wait for ${working.length === 1 ? 'it' : 'them'} to finish, or stop ${working.length === 1 ? 'it' : 'them'} with TaskStop, then call TeamDelete again.`,
        );
      }
      const waiting = peers.filter((p) => p.status === 'waiting');
      for (const p of waiting) await tasks.stop(p.taskId);
      await port.remove();
      return { data: { team_name: team.name, stopped: waiting.map((p) => p.name), members: team.members.length } };
    },
    mapResult: (d) => ({
      content: `Team "${d.team_name}" deleted: its configuration and task list were removed${d.stopped.length ? `; stopped the teammates that were waiting: ${d.stopped.join(', ')}` : ''}. The Task tools use the conversation's own list again.`,
    }),
  });
}

export const TeamDeleteTool = createTeamDeleteTool();
