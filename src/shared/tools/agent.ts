// The Agent tool's input (Claude Code 2.1's fields; its older name was Task) and its structured
// output, shared by the tool in main and its card in the renderer (AG1, AG7).
import { z } from 'zod';

export const AGENT_TOOL_NAME = 'Agent';
/** Claude Code's name for the same tool before 2.1: users' rules and old transcripts use it. */
export const AGENT_TOOL_OLD_NAME = 'Task';

export function makeAgentInputSchema() {
  return z.strictObject({
    description: z.string().min(1).describe('A short (3-5 word) description of the task'),
    prompt: z.string().min(1).describe('The task for the agent to perform'),
    subagent_type: z.string().optional().describe('The type of specialized agent to use for this task'),
    model: z
      .string()
      .optional()
      .describe("Optional model for this agent: 'sonnet', 'opus', 'haiku' or a full model id. Without it the agent's own model, else yours, is used."),
    run_in_background: z.boolean().optional().describe('Set to true to run this agent in the background. You will be told its task id; read its result with TaskOutput.'),
    name: z.string().optional().describe('A name for the spawned agent'),
    team_name: z.string().optional().describe('Team name for spawning: the agent joins the team you created with TeamCreate as a teammate (give it a name). Uses the current team if omitted.'),
    isolation: z.enum(['worktree']).optional().describe('"worktree" runs the agent in a temporary git worktree, a separate copy of the repository'),
  });
}
export type AgentInput = z.output<ReturnType<typeof makeAgentInputSchema>>;

/** What the worktree of an isolated run ended with. */
export const AgentWorktree = z.object({
  path: z.string(),
  branch: z.string(),
  /** `git diff --stat` of what the agent changed there ('' when nothing). */
  diffStat: z.string(),
  /** Removed again because the agent changed nothing. */
  removed: z.boolean(),
});
export type AgentWorktree = z.infer<typeof AgentWorktree>;

export const AgentData = z.object({
  agentId: z.string(),
  agentType: z.string(),
  description: z.string(),
  model: z.string(),
  status: z.enum(['completed', 'async_launched', 'failed', 'stopped']),
  /** The agent's final answer (sync), or nothing yet (async). */
  result: z.string(),
  /** Async: the task id TaskOutput and TaskStop take, and the file its progress goes to. */
  taskId: z.string().optional(),
  outputFile: z.string().optional(),
  turns: z.number().int().nonnegative().optional(),
  toolUses: z.number().int().nonnegative().optional(),
  durationMs: z.number().nonnegative().optional(),
  /** What its model calls cost, in all (null: a model without a known price). */
  spend: z.object({ tokens: z.number().int().nonnegative(), costUsd: z.number().nonnegative().nullable() }).optional(),
  worktree: AgentWorktree.optional(),
  /** Warnings about agent files that could not be read. */
  warnings: z.array(z.string()).optional(),
  /** A named background agent (AG7 teammate mode): the name SendMessage reaches it by. */
  teammate: z.string().optional(),
  /** The agent team it joined (agent teams: TeamCreate, then Agent with team_name and name). */
  team: z.string().optional(),
});
export type AgentData = z.infer<typeof AgentData>;
