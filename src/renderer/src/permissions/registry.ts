// Tool name → the approval dialog's request kind (exec, edit, read, fetch, mcp). A new kind = one
// component in kinds/ and one line below; any other tool gets the generic kind. No switch on names in
// a view.
import { mcpInfoFromName, parseRule } from '../../../shared/permissions/rule';
import { editRequest } from './kinds/EditRequest';
import { execRequest } from './kinds/ExecRequest';
import { fetchRequest } from './kinds/FetchRequest';
import { genericRequest } from './kinds/GenericRequest';
import { mcpRequest } from './kinds/McpRequest';
import { readRequest } from './kinds/ReadRequest';
import type { RequestKind } from './types';

const kinds: Record<string, RequestKind> = {
  Bash: execRequest,
  Edit: editRequest,
  Write: editRequest,
  NotebookEdit: editRequest,
  Read: readRequest,
  Grep: readRequest,
  Glob: readRequest,
  WebFetch: fetchRequest,
};

export function requestKindFor(toolName: string): RequestKind {
  if (Object.hasOwn(kinds, toolName)) return kinds[toolName]!;
  // MCP tools are named by their server at run time: `mcp__server__tool`.
  return mcpInfoFromName(toolName) ? mcpRequest : genericRequest;
}

/** A rule typed in the dialog, checked and put in words; the error says what is wrong. */
export function describeRule(text: string): { ok: true; words: string; toolName: string } | { ok: false; error: string } {
  const parsed = parseRule(text);
  if (!parsed.ok) return { ok: false, error: parsed.error.message };
  return { ok: true, words: requestKindFor(parsed.value.toolName).ruleWords(parsed.value), toolName: parsed.value.toolName };
}
