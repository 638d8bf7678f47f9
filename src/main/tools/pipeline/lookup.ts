// PL1: find the called tool by name, then alias; a deprecated alias works but earns a note in the
// result; an unknown name (models hallucinate tools) becomes an error result, never a throw.
import { deprecationNote, findToolByName } from '../core/lookup';
import { toolUseError } from '../core/errors';
import type { AnyTool } from '../core/tool';

export type LookupResult =
  | { ok: true; tool: AnyTool; note?: string }
  | { ok: false; content: string; code: 'unknown_tool' };

export function lookupTool(tools: readonly AnyTool[], name: unknown): LookupResult {
  const found = typeof name === 'string' ? findToolByName(tools, name) : null;
  if (!found) {
    return { ok: false, code: 'unknown_tool', content: toolUseError(`Error: No such tool available: ${String(name)}`) };
  }
  if (found.via === 'deprecated-alias') return { ok: true, tool: found.tool, note: deprecationNote(name as string, found.tool) };
  return { ok: true, tool: found.tool };
}
