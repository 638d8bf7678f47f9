// The tool's kind → the approval dialog's request kind (exec, edit, read, fetch, mcp), or a tool's own
// form (questions, a plan). A new kind = one component in kinds/ and one line below; any other tool
// gets the generic kind. The kind comes with the request (ToolDef.kind); a rule's tool name is read
// as Claude Code's vocabulary says. A tool that describes its own approval (request.described) gets
// its own question, summary and facts over its kind.
import { BUDGET_REQUEST_NAME } from '../../../shared/budget';
import { MCP_QUESTION_REQUEST_NAME } from '../../../shared/mcp-question';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import { parseRule } from '../../../shared/permissions/rule';
import type { ToolKind } from '../../../shared/tools/traits';
import { budgetRequest } from './kinds/BudgetRequest';
import { editRequest } from './kinds/EditRequest';
import { execRequest } from './kinds/ExecRequest';
import { fetchRequest } from './kinds/FetchRequest';
import { describedRequest } from './kinds/DescribedRequest';
import { genericRequest } from './kinds/GenericRequest';
import { mcpRequest } from './kinds/McpRequest';
import { mcpQuestionRequest } from './kinds/McpQuestionRequest';
import { planRequest } from './kinds/PlanRequest';
import { questionsRequest } from './kinds/QuestionsRequest';
import { readRequest } from './kinds/ReadRequest';
import { kindOfToolName, requestKind } from '../../../shared/permissions/request-traits';
import type { RequestKind } from './types';
import { InfoIcon, WarningIcon } from '../components/icons';

const kinds: Record<ToolKind, RequestKind> = {
  exec: execRequest,
  edit: editRequest,
  read: readRequest,
  fetch: fetchRequest,
  mcp: mcpRequest,
  agent: genericRequest,
  other: genericRequest,
};

/** Tools answered with a form of their own, not yes or no. */
const ownKinds: Record<string, RequestKind> = {
  AskUserQuestion: questionsRequest,
  ExitPlanMode: planRequest,
  // Not tools: the budget's question (issue 20 item 4), a connected tool's question (issue 17 item 6).
  [BUDGET_REQUEST_NAME]: budgetRequest,
  [MCP_QUESTION_REQUEST_NAME]: mcpQuestionRequest,
};

export function requestKindFor(request: PermissionRequestView): RequestKind {
  const kind = (Object.hasOwn(ownKinds, request.toolName) ? ownKinds[request.toolName] : undefined) ?? kinds[requestKind(request)];
  const own = request.described && !kind.Form ? describedRequest(kind, request.described) : kind;
  // What may destroy something never wears the calm "info" sign (deleting a worktree with work in it).
  return request.destructive && own.Icon === InfoIcon ? { ...own, Icon: WarningIcon } : own;
}

/** The request kind whose words describe rules of this tool name (`kind`: the registered tool's, when known). */
export function ruleKindFor(toolName: string, kind?: ToolKind): RequestKind {
  return kinds[kind ?? kindOfToolName(toolName)];
}

/** What kind of tool a name is, as the app's registered tools say (undefined: Claude Code's vocabulary decides). */
export type KindOf = (toolName: string) => ToolKind | undefined;

/** A rule typed in the dialog, checked and put in words; the error says what is wrong. */
export function describeRule(text: string, kindOf?: KindOf): { ok: true; words: string; toolName: string } | { ok: false; error: string } {
  const parsed = parseRule(text);
  if (!parsed.ok) return { ok: false, error: parsed.error.message };
  return { ok: true, words: ruleKindFor(parsed.value.toolName, kindOf?.(parsed.value.toolName)).ruleWords(parsed.value), toolName: parsed.value.toolName };
}
