// What a permission request is about: the tool's kind and the call's target as main sent them
// (ToolDef traits), or — for a request that came without them — as Claude Code's vocabulary reads the
// tool's name. Shared by the renderer's request kinds and inbox and main's notification words.
import { CLAUDE_CODE_TOOLS } from '../tools/claude-code-tools';
import { targetOf, type ToolKind, type ToolTarget } from '../tools/traits';
import { mcpInfoFromName } from './rule';

export interface RequestLike {
  toolName: string;
  input: unknown;
  kind?: ToolKind;
  target?: ToolTarget;
}

/** The kind of tool a name stands for when nothing else says (Claude Code's names, MCP's prefix). */
export function kindOfToolName(toolName: string): ToolKind {
  if (Object.hasOwn(CLAUDE_CODE_TOOLS, toolName)) return CLAUDE_CODE_TOOLS[toolName]!.kind;
  return mcpInfoFromName(toolName) ? 'mcp' : 'other';
}

export function requestKind(request: RequestLike): ToolKind {
  return request.kind ?? kindOfToolName(request.toolName);
}

/** The file, folder or address the call acts on (undefined when it names none). */
export function requestTargetOf(request: RequestLike): ToolTarget | undefined {
  if (request.target) return request.target;
  if (request.kind !== undefined || !Object.hasOwn(CLAUDE_CODE_TOOLS, request.toolName)) return undefined;
  return targetOf(CLAUDE_CODE_TOOLS[request.toolName]!.target, request.input);
}
