// What a tool is, as plain data declared on the tool itself (issue 11 item 1): its kind and where its
// input names the file, folder or address it acts on. Permission families, acceptEdits, approval
// words and the inbox's grouping follow from these instead of lists of tool names.
import { z } from 'zod';

/** read: looks at files; edit: changes files; exec: runs programs; fetch: reaches the network. */
export const TOOL_KINDS = ['read', 'edit', 'exec', 'fetch', 'mcp', 'agent', 'other'] as const;
export const ToolKind = z.enum(TOOL_KINDS);
export type ToolKind = z.infer<typeof ToolKind>;

/** Where an input names what the call acts on: `{ field: 'file_path' }`, `{ field: 'path', isDir: true, default: '.' }`. */
export interface TargetSpec {
  field: string;
  /** A folder to search (Glob, Grep) rather than one file. */
  isDir?: boolean;
  /** What an absent field means (search tools: the current folder). */
  default?: string;
}

/** The file or folder one call acts on, as the model wrote it (absolute, `~/…` or relative). */
export const ToolTarget = z.object({ path: z.string(), isDir: z.boolean() });
export type ToolTarget = z.infer<typeof ToolTarget>;

/**
 * Something a session may have on that a tool needs to be offered at all: agent teams
 * (CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS) or a configured language server. Nothing changes for anyone
 * without it.
 */
export type SessionFeature = 'agentTeams' | 'languageServers';

export interface ToolTraits {
  kind: ToolKind;
  target?: TargetSpec;
}

/** The target `spec` reads from an input (undefined when the input names none and there is no default). */
export function targetOf(spec: TargetSpec | undefined, input: unknown): ToolTarget | undefined {
  if (!spec) return undefined;
  const raw = input && typeof input === 'object' ? (input as Record<string, unknown>)[spec.field] : undefined;
  const value = typeof raw === 'string' && raw.trim() !== '' ? raw : spec.default;
  return value === undefined ? undefined : { path: value, isDir: spec.isDir === true };
}
