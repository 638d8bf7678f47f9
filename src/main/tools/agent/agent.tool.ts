// The Agent tool (AG1–AG8; Claude Code's name, earlier Task): runs a subagent with its own
// conversation and tools. Sync, its final answer is this call's result; with run_in_background it
// is a task TaskOutput reads; with isolation "worktree" it works on its own branch in a worktree.
import { AGENT_TOOL_NAME, AGENT_TOOL_OLD_NAME, makeAgentInputSchema, type AgentData, type AgentInput } from '../../../shared/tools/agent';
import { appTasks } from '../../tasks/app-tasks';
import type { TaskRegistry } from '../../tasks/registry';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool } from '../core/tool';
import { startBackgroundAgent } from './background';
import { findDefinition } from './definitions';
import { finishRun } from './finish';
import { definitionsFor, prepareRun, type PreparedRun } from './prepare';
import { AGENT_DESCRIPTION, agentPrompt } from './prompt';
import { formatAgentResult } from './result-text';
import { teamJoin, teammateSystemNote } from './team-seat';

export interface AgentToolDeps {
  tasks?: TaskRegistry;
}

export function createAgentTool(deps: AgentToolDeps = {}): Tool<AgentInput, AgentData> {
  const tasks = deps.tasks ?? appTasks;
  return buildTool<AgentInput, AgentData>({
    name: AGENT_TOOL_NAME,
    aliases: [AGENT_TOOL_OLD_NAME],
    kind: 'agent',
    searchHint: 'delegate a task to a subagent explore plan',
    maxResultSizeChars: 100_000,
    inputSchema: lazySchema(makeAgentInputSchema),
    description: () => AGENT_DESCRIPTION,
    prompt: agentPrompt,
    userFacingName: (input) => (input?.subagent_type && input.subagent_type !== 'general-purpose' ? `${input.subagent_type} agent` : 'Agent'),
    summarize: (input) => input.description ?? '',
    // Its own calls are each decided as any call is; starting it changes nothing by itself.
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    async validateInput(input, ctx) {
      if (!ctx.subagents) return { result: false, message: 'Agents cannot be started here.', errorCode: 1 };
      const join = teamJoin(input, ctx);
      if (!join.ok) return { result: false, message: join.message, errorCode: 3 };
      if (input.subagent_type === undefined) return { result: true };
      const { definitions } = await definitionsFor(ctx.subagents, ctx);
      if (findDefinition(definitions, input.subagent_type)) return { result: true };
      return { result: false, message: `Agent type '${input.subagent_type}' not found. Available agents: ${definitions.map((d) => d.agentType).join(', ')}`, errorCode: 2 };
    },
    async call(input, ctx, _canUseTool, _parentMessageId, onProgress) {
      const host = ctx.subagents;
      if (!host) throw new Error('Agents cannot be started here.');
      // Named and in the background: a teammate (AG7) the conversation and it exchange messages with
      // through SendMessage. Its name is taken first, so a name in use costs no worktree. A member of
      // the conversation's agent team always runs in the background.
      const join = teamJoin(input, ctx);
      if (!join.ok) throw new Error(join.message);
      const background = input.run_in_background === true || join.team !== null;
      const name = background ? input.name?.trim() : undefined;
      const seat = name && ctx.team ? { name, ...ctx.team.join(name) } : undefined;
      let run;
      try {
        run = await prepareRun(input, ctx, host);
      } catch (err) {
        seat?.leave();
        throw err;
      }
      if (background) {
        const team = join.team;
        const teamRun = team && name ? { ...run, spec: withNote(run.spec, teammateSystemNote(team, name)) } : run;
        const data = startBackgroundAgent(teamRun, input.description, ctx, host, tasks, seat);
        if (team === null || !name) return { data };
        // The team knows its member from here; only saving it can fail, and the teammate already runs.
        await ctx.agentTeam
          ?.addMember({ name, agentId: data.agentId, agentType: data.agentType, model: data.model, joinedAt: Date.now() })
          .catch((err: unknown) => ctx.log.warn(`team ${team}: could not save its member ${name}`, err));
        return { data: { ...data, team } };
      }
      const startedAt = Date.now();
      onProgress({ type: 'status', text: `It started working, using the model ${run.model}${run.worktree ? `, on a separate copy of the project (branch ${run.worktree.branch})` : ''}.` });
      // The call's Stop stops the agent and every call it runs. Its calls show as cards of their own
      // under this one; the progress line carries what it says between them.
      const outcome = await host.run(
        run.spec(ctx.abortSignal, (a) => {
          if (a.type === 'text') onProgress({ type: 'status', text: a.text.trim() });
        }),
      );
      return { data: await finishRun(run, input.description, outcome, startedAt) };
    },
    mapResult: (data) => ({ content: formatAgentResult(data), ...(data.status === 'failed' ? { isError: true } : {}) }),
  });
}

/** The run with `note` after its system prompt. */
function withNote(spec: PreparedRun['spec'], note: string): PreparedRun['spec'] {
  return (signal, onActivity) => {
    const s = spec(signal, onActivity);
    return { ...s, systemPrompt: `${s.systemPrompt}\n\n${note}` };
  };
}

export const AgentTool = createAgentTool();
