// What kinds of subagent there are (AG2): the built-in ones and the user's own, and for each the tools it
// may use (AG5) and its system prompt template (AG6). Pure: the files are read by load-definitions.ts.
import type { PermissionMode } from '../../permissions/types';
import { modelAlias, resolveModelAlias } from '../../model/aliases';

export type AgentSource = 'built-in' | 'project' | 'user';

export interface AgentDefinition {
  /** What `subagent_type` names it by. */
  agentType: string;
  /** When to use it (shown to the model in the Agent tool's description). */
  whenToUse: string;
  /** Tool names it may use; absent = every tool of the pool. */
  tools?: readonly string[];
  disallowedTools?: readonly string[];
  /** Only tools that change nothing (Explore, Plan): Bash is limited to read-only commands. */
  readOnly?: boolean;
  /** sonnet / opus / haiku / inherit / a full model id; absent = inherit. */
  model?: string;
  permissionMode?: PermissionMode;
  /** The body of its file (or the built-in's text): the start of its system prompt. */
  systemPrompt: string;
  source: AgentSource;
  file?: string;
  maxTurns?: number;
}

/** The tools a read-only agent may have: they look, they never change a file. */
export const READ_ONLY_AGENT_TOOLS: readonly string[] = ['Read', 'Glob', 'Grep', 'Bash', 'WebFetch', 'WebSearch'];

/** Tools no agent gets unless its definition lists them by name: a subagent does not start subagents. */
const ONLY_WHEN_LISTED: readonly string[] = ['Agent', 'Task'];

const GENERAL_PURPOSE_PROMPT = [
  'You are an agent for Agent Desk, working on a task the main conversation handed you. Use the tools',
  'available to you to complete the task fully; do not gold-plate, and do not stop half way.',
  'When you are done, answer with a concise report of what you did and found: it is the only thing the',
  'main conversation sees. Name files with absolute paths, and include code only where it matters.',
].join('\n');

const EXPLORE_PROMPT = [
  'You are a file search specialist for Agent Desk. You explore a codebase quickly and thoroughly.',
  'This is a READ-ONLY task: you may not create, change or delete any file. Use Glob to find files by',
  'pattern, Grep to search their contents and Read to read them; Bash only for commands that change',
  'nothing (ls, git status, git log, git diff, cat, head).',
  'Answer with what you found, naming files with absolute paths.',
].join('\n');

const PLAN_PROMPT = [
  'You are a software architect for Agent Desk, planning how to implement a task. This is a READ-ONLY',
  'task: you may not create, change or delete any file. Explore the code with Glob, Grep and Read (and',
  'Bash for commands that change nothing), then answer with a step-by-step implementation plan: which',
  'files to change and how, in what order, and what to watch out for. End with the 3-5 files most',
  'critical to the plan.',
].join('\n');

export const BUILT_IN_AGENTS: readonly AgentDefinition[] = [
  {
    agentType: 'general-purpose',
    whenToUse: 'General-purpose agent for researching complex questions, searching for code, and executing multi-step tasks.',
    systemPrompt: GENERAL_PURPOSE_PROMPT,
    source: 'built-in',
  },
  {
    agentType: 'Explore',
    whenToUse: 'Fast agent specialized for exploring codebases: find files by patterns, search code for keywords, answer questions about the codebase. It cannot change files.',
    tools: READ_ONLY_AGENT_TOOLS,
    disallowedTools: ['Write', 'Edit', 'NotebookEdit'],
    readOnly: true,
    systemPrompt: EXPLORE_PROMPT,
    source: 'built-in',
  },
  {
    agentType: 'Plan',
    whenToUse: 'Software architect agent for designing implementation plans: returns step-by-step plans and the critical files. It cannot change files.',
    tools: READ_ONLY_AGENT_TOOLS,
    disallowedTools: ['Write', 'Edit', 'NotebookEdit'],
    readOnly: true,
    systemPrompt: PLAN_PROMPT,
    source: 'built-in',
  },
];

export const DEFAULT_AGENT_TYPE = 'general-purpose';

/**
 * All definitions by precedence: a user's (~/.claude/agents) replaces a built-in of the same name, and
 * a project's (.claude/agents) replaces both, as in Claude Code.
 */
export function mergeDefinitions(...layers: ReadonlyArray<readonly AgentDefinition[]>): AgentDefinition[] {
  const byType = new Map<string, AgentDefinition>();
  for (const layer of layers) for (const d of layer) byType.set(d.agentType, d);
  return [...byType.values()];
}

/** The definition `subagent_type` names (absent: general-purpose); undefined when there is none such. */
export function findDefinition(defs: readonly AgentDefinition[], subagentType: string | undefined): AgentDefinition | undefined {
  const wanted = subagentType?.trim() || DEFAULT_AGENT_TYPE;
  return defs.find((d) => d.agentType === wanted) ?? defs.find((d) => d.agentType.toLowerCase() === wanted.toLowerCase());
}

/** A tool spec's tool name (`Bash(git log:*)` → `Bash`). */
export function toolNameOf(spec: string): string {
  const i = spec.indexOf('(');
  return (i === -1 ? spec : spec.slice(0, i)).trim();
}

interface NamedTool {
  name: string;
  kind?: string;
}

/**
 * The tools of `pool` an agent of `def` may use (AG5): its list (or all), less its disallowed ones, less
 * Agent itself unless listed, and for a read-only agent never a tool that edits files.
 */
export function toolsFor<T extends NamedTool>(def: AgentDefinition, pool: readonly T[]): T[] {
  const listed = def.tools && !def.tools.includes('*') ? new Set(def.tools.map(toolNameOf)) : null;
  const denied = new Set((def.disallowedTools ?? []).map(toolNameOf));
  return pool.filter((t) => {
    if (denied.has(t.name)) return false;
    if (ONLY_WHEN_LISTED.includes(t.name) && !listed?.has(t.name)) return false;
    if (def.readOnly && (t.kind === 'edit' || !READ_ONLY_AGENT_TOOLS.includes(t.name))) return false;
    return listed ? listed.has(t.name) : true;
  });
}

/**
 * AG3: the call's model, else the definition's, else the parent's. An alias becomes a model id: the
 * environment's choice for it (ANTHROPIC_DEFAULT_SONNET_MODEL …), the parent's own model when that is
 * of the same family, else a current one.
 */
export function resolveAgentModel(arg: string | undefined, def: AgentDefinition, parent: string, env: Readonly<Record<string, string | undefined>> = {}): string {
  const pick = [arg, def.model].map((m) => m?.trim()).find((m) => m && m !== 'inherit');
  if (!pick) return parent;
  const alias = modelAlias(pick);
  if (!alias) return pick;
  if (env[alias.env]?.trim()) return resolveModelAlias(pick, env);
  return parent.toLowerCase().includes(pick.toLowerCase()) ? parent : alias.fallback;
}
