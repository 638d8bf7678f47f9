// The ListPeers tool (agent teams, TL): the members of the team the conversation leads — for the lead or
// any teammate — each with what it is doing now (tasks/team-peers.ts). Read-only; never asks.
import { LIST_PEERS_TOOL_NAME, makeListPeersInputSchema, peerStateWords, type ListPeersData, type ListPeersInput } from '../../../shared/tools/list-peers';
import { appTasks } from '../../tasks/app-tasks';
import { TEAM_LEAD_NAME } from '../../tasks/agent-team';
import type { TaskRegistry } from '../../tasks/registry';
import { teamPeers } from '../../tasks/team-peers';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool, ToolUseContext, ValidationResult } from '../core/tool';
import { LIST_PEERS_DESCRIPTION, LIST_PEERS_PROMPT } from './prompt';

function check(ctx: ToolUseContext): ValidationResult {
  if (!ctx.agentTeam) return { result: false, message: 'Agent teams are not available here.', errorCode: 1 };
  if (!ctx.agentTeam.current()) return { result: false, message: 'You are not part of a team. The team lead creates one with TeamCreate.', errorCode: 2 };
  return { result: true };
}

export function formatPeers(d: ListPeersData): string {
  const lines = [`Team "${d.team_name}"; you are ${d.you === TEAM_LEAD_NAME ? 'its lead, "team-lead"' : `"${d.you}"`}.`];
  if (d.you !== TEAM_LEAD_NAME) lines.push(`- ${TEAM_LEAD_NAME}: the lead`);
  if (d.members.length === 0) lines.push('No teammates yet: start one with Agent (team_name, name).');
  for (const p of d.members) lines.push(`- ${p.name}${p.name.toLowerCase() === d.you.toLowerCase() ? ' (you)' : ''} (${p.agentType}): ${peerStateWords(p)}; task ${p.taskId}`);
  return lines.join('\n');
}

export function createListPeersTool(deps: { tasks?: TaskRegistry } = {}): Tool<ListPeersInput, ListPeersData> {
  const tasks = deps.tasks ?? appTasks;
  return buildTool<ListPeersInput, ListPeersData>({
    name: LIST_PEERS_TOOL_NAME,
    requires: 'agentTeams',
    shouldDefer: true,
    searchHint: 'list team members teammates peers status',
    maxResultSizeChars: 20_000,
    inputSchema: lazySchema(makeListPeersInputSchema),
    description: () => LIST_PEERS_DESCRIPTION,
    prompt: () => LIST_PEERS_PROMPT,
    userFacingName: () => 'Team members',
    summarize: () => '',
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    toAutoClassifierInput: () => 'list the team',
    validateInput: (_input, ctx) => check(ctx),
    async call(_input, ctx) {
      const valid = check(ctx);
      if (!valid.result) throw new Error(valid.message);
      const team = ctx.agentTeam!.current()!;
      // A subagent of the lead or of a teammate asks as itself, not as the one that started it.
      const you = ctx.teammateName ?? ctx.agentLabel ?? TEAM_LEAD_NAME;
      return { data: { team_name: team.name, you, members: teamPeers(team, ctx.team, tasks) } };
    },
    mapResult: (d) => ({ content: formatPeers(d) }),
  });
}

export const ListPeersTool = createListPeersTool();
