// What the executor asks of a tool_use before running it (CC2, CC4), answered from the tool and its
// parsed input; an unknown tool or invalid input is never concurrency-safe (fail closed).
import type { AnyTool } from '../core/tool';
import type { ExecutorToolUse } from '../executor/types';
import { lookupTool } from './lookup';
import { parseInput } from './validate';

export function isConcurrencySafeUse(tools: readonly AnyTool[], use: ExecutorToolUse): boolean {
  const found = lookupTool(tools, use.name);
  if (!found.ok) return false;
  const parsed = parseInput(found.tool, use.input);
  if (!parsed.ok) return false;
  try {
    return found.tool.isConcurrencySafe(parsed.input) === true;
  } catch {
    return false;
  }
}

/** Whether the call's tool does its work in this thread (ToolDef.worksInThread); unknown tools do not. */
export function worksInThreadUse(tools: readonly AnyTool[], use: ExecutorToolUse): boolean {
  const found = lookupTool(tools, use.name);
  return found.ok && found.tool.worksInThread === true;
}

/** CC4: a failure cancels its siblings only for tools that say so (ToolDef.abortsSiblingsOnFailure: Bash). */
export function abortsSiblingsOnError(tools: readonly AnyTool[], use: ExecutorToolUse): boolean {
  const found = lookupTool(tools, use.name);
  return found.ok && found.tool.abortsSiblingsOnFailure === true;
}
