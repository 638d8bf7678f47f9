// Everything a subagent run needs before it starts: its definition (AG2), model (AG3), tools (AG5),
// folder (the project's, or a fresh worktree's, AG4) and system prompt with the environment (AG6).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { AgentInput } from '../../../shared/tools/agent';
import type { SubagentActivity, SubagentHost, SubagentRunSpec } from '../core/subagents';
import type { AnyTool, ToolUseContext } from '../core/tool';
import { findDefinition, resolveAgentModel, toolsFor, type AgentDefinition } from './definitions';
import { agentSystemPrompt, readEnvironment } from './environment';
import { loadAgentDefinitions } from './load-definitions';
import { createWorktree, type OpenWorktree } from './worktree';

export function newAgentId(): string {
  return `a${randomBytes(8).toString('hex')}`;
}

export async function definitionsFor(host: SubagentHost<AnyTool>, ctx: ToolUseContext) {
  return loadAgentDefinitions({ projectDir: ctx.projectDir, home: host.home(), projectTrusted: host.projectTrusted() });
}

/** A read-only agent's Bash: a command that would change something is refused before it runs. */
function readOnlyBash(tool: AnyTool): AnyTool {
  return {
    ...tool,
    validateInput: async (input: unknown, ctx: ToolUseContext) => {
      if (!tool.isReadOnly(input)) {
        return { result: false, message: 'This agent is read-only: it may only run commands that change nothing (ls, cat, git status, git log, git diff …).', errorCode: 40 };
      }
      return tool.validateInput ? tool.validateInput(input, ctx) : { result: true };
    },
  };
}

export function agentTools(def: AgentDefinition, pool: readonly AnyTool[]): AnyTool[] {
  return toolsFor(def, pool).map((t) => (def.readOnly && t.name === 'Bash' ? readOnlyBash(t) : t));
}

export interface PreparedRun {
  agentId: string;
  definition: AgentDefinition;
  model: string;
  label: string;
  worktree: OpenWorktree | null;
  warnings: string[];
  spec: (signal: AbortSignal, onActivity: (a: SubagentActivity) => void) => SubagentRunSpec<AnyTool>;
}

/** Throws an Error in plain words when the run cannot start (unknown type, no git for a worktree). */
export async function prepareRun(input: AgentInput, ctx: ToolUseContext, host: SubagentHost<AnyTool>): Promise<PreparedRun> {
  const { definitions, warnings } = await definitionsFor(host, ctx);
  const definition = findDefinition(definitions, input.subagent_type);
  if (!definition) {
    throw new Error(`Agent type '${input.subagent_type}' not found. Available agents: ${definitions.map((d) => d.agentType).join(', ')}`);
  }
  const agentId = newAgentId();
  const model = resolveAgentModel(input.model, definition, host.parentModel(), host.env());
  // Worktrees live in the app's data folder, beside the session's other files: the project stays untouched.
  const worktree = input.isolation === 'worktree' ? await createWorktree(ctx.projectDir, path.join(path.dirname(ctx.toolResultsDir), 'worktrees'), agentId) : null;
  const cwd = worktree?.cwd ?? ctx.state.cwd;
  const environment = await readEnvironment(cwd, ctx.env, ctx.abortSignal);
  const systemPrompt = agentSystemPrompt(definition.systemPrompt, environment);
  const tools = agentTools(definition, ctx.tools);
  const label = input.name?.trim() || `${definition.agentType} agent`;
  return {
    agentId,
    definition,
    model,
    label,
    worktree,
    warnings,
    spec: (signal, onActivity) => ({
      agentId,
      agentType: definition.agentType,
      label,
      systemPrompt,
      prompt: input.prompt,
      model,
      tools,
      ...(definition.permissionMode ? { permissionMode: definition.permissionMode } : {}),
      cwd,
      ...(definition.maxTurns ? { maxTurns: definition.maxTurns } : {}),
      parentToolUseId: ctx.toolUseId ?? agentId,
      signal,
      onActivity,
    }),
  };
}

/** One line of a subagent's activity, for a background task's output file and the card's progress. */
export function activityLine(a: SubagentActivity): string | null {
  if (a.type === 'tool_use') return `● ${a.name}${a.summary ? ` ${a.summary}` : ''}`;
  if (a.type === 'text') return a.text.trim();
  return a.isError ? '  ⎿ failed' : null;
}
