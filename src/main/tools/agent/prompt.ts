// The model-facing description of the Agent tool, modelled on Claude Code's: the kinds of agent, when
// to use one, and how background and isolated runs answer.
import { BUILT_IN_AGENTS } from './definitions';

export const AGENT_DESCRIPTION = 'Launch a new agent to handle complex, multi-step tasks autonomously';

export function agentPrompt(): string {
  const types = BUILT_IN_AGENTS.map((d) => `- ${d.agentType}: ${d.whenToUse} (Tools: ${d.tools ? d.tools.join(', ') : 'All tools'})`).join('\n');
  return `Launch a new agent to handle complex, multi-step tasks autonomously.

The Agent tool launches specialized agents that autonomously handle complex tasks. Each agent type has specific capabilities and tools available to it.

Available agent types and the tools they have access to:
${types}
- Any agent the user defined in .claude/agents/ or ~/.claude/agents/, by its name.

When using the Agent tool, specify a subagent_type parameter to select which agent type to use. If omitted, the general-purpose agent is used.

When NOT to use the Agent tool:
- If you want to read a specific file path, use the Read or Glob tool instead, to find the match more quickly
- If you are searching for a specific class definition like "class Foo", use the Glob tool instead
- If you are searching for code within a specific file or set of 2-3 files, use the Read tool instead

Usage notes:
- Always include a short description (3-5 words) summarizing what the agent will do
- Launch multiple agents concurrently whenever possible, to maximize performance; to do that, use a single message with multiple tool uses
- When the agent is done, it will return a single message back to you. The result returned by the agent is not visible to the user. To show the user the result, you should send a text message back to the user with a concise summary of the result.
- You can optionally run agents in the background using the run_in_background parameter. When an agent runs in the background, you are given its task id; read its progress and final answer with TaskOutput, and stop it with TaskStop.
- Each agent invocation is stateless. Your prompt should contain a highly detailed task description for the agent to perform autonomously, and you should specify exactly what information the agent should return back to you in its final and only message to you.
- The agent's outputs should generally be trusted
- Clearly tell the agent whether you expect it to write code or just to do research (search, file reads, etc.), since it is not aware of the user's intent
- Set isolation: "worktree" to run the agent in a temporary git worktree, an isolated copy of the repository on its own branch. Its changes stay on that branch; the result names the branch and what changed, and a worktree with no changes is removed.`;
}
