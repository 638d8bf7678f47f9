// The explicit list of built-in tools (AS1), the single source of truth: adding a tool is one line here.
// Each is handed out with its input_schema as generated into input-schemas.json (input-schemas.test.ts
// checks it against the zod schema and rewrites it with UPDATE_TOOL_SCHEMAS=1), so a start-up builds
// no zod schema and converts none to send the first request.
// Gated tools are `__FEATURE_X__ ? require(...) : null`: the constant comes from build/features.ts at
// compile time, so a gated-off tool's module is dead code and absent from the bundle, not just hidden.
import type { AnyTool, ToolInputJSONSchema } from './core/tool';
import INPUT_SCHEMAS from './input-schemas.json';
import { AgentTool } from './agent/agent.tool';
import { AskUserQuestionTool } from './ask-user-question/ask-user-question.tool';
import { BashTool } from './bash/bash.tool';
import { BriefTool } from './brief/brief.tool';
import { ConfigTool } from './config/config.tool';
import { EditTool } from './edit/edit.tool';
import { EnterPlanModeTool } from './enter-plan-mode/enter-plan-mode.tool';
import { EnterWorktreeTool } from './enter-worktree/enter-worktree.tool';
import { ExitPlanModeTool } from './exit-plan-mode/exit-plan-mode.tool';
import { ExitWorktreeTool } from './exit-worktree/exit-worktree.tool';
import { GlobTool } from './glob/glob.tool';
import { GrepTool } from './grep/grep.tool';
import { ListPeersTool } from './list-peers/list-peers.tool';
import { LspTool } from './lsp/lsp.tool';
import { NotebookEditTool } from './notebook-edit/notebook-edit.tool';
import { ReadTool } from './read/read.tool';
import { SendMessageTool } from './send-message/send-message.tool';
import { SkillTool } from './skill/skill.tool';
import { TaskCreateTool } from './task-create/task-create.tool';
import { TaskGetTool } from './task-get/task-get.tool';
import { TaskListTool } from './task-list/task-list.tool';
import { TaskUpdateTool } from './task-update/task-update.tool';
import { TaskOutputTool } from './task-output/task-output.tool';
import { TaskStopTool } from './task-stop/task-stop.tool';
import { TeamCreateTool } from './team-create/team-create.tool';
import { TeamDeleteTool } from './team-delete/team-delete.tool';
import { TodoWriteTool } from './todo-write/todo-write.tool';
import { ToolSearchTool } from './tool-search/tool-search.tool';
import { WebFetchTool } from './web-fetch/web-fetch.tool';
import { WebSearchTool } from './web-search/web-search.tool';
import { WriteTool } from './write/write.tool';

/** The MCP suffix of the pool (MC1), built from a project's connected servers. */
export { mcpToolsOf } from './mcp/mcp-tools';

// The `typeof` guard keeps vitest (which has no define) working; at build time the constant is
// substituted and the whole condition folds to `false` (test/bundle-gates.test.ts checks the bytes).
/* eslint-disable @typescript-eslint/no-require-imports */
const GatedExampleTool: AnyTool | null = (typeof __FEATURE_EXAMPLE__ === 'boolean' && __FEATURE_EXAMPLE__)
  ? (require('./gated-example/gated-example.tool') as typeof import('./gated-example/gated-example.tool')).GatedExampleTool
  : null;
/* eslint-enable @typescript-eslint/no-require-imports */

/** The tool with its generated input_schema; a tool without one (a gated tool) is converted when first sent. */
function withGeneratedSchema(tool: AnyTool): AnyTool {
  const json = (INPUT_SCHEMAS as Record<string, ToolInputJSONSchema | undefined>)[tool.name];
  return json && !tool.inputJSONSchema ? { ...tool, inputJSONSchema: json } : tool;
}

let builtins: readonly AnyTool[] | undefined;

export function getAllBaseTools(): AnyTool[] {
  builtins ??= baseToolList().map(withGeneratedSchema);
  return [...builtins];
}

function baseToolList(): AnyTool[] {
  return [
    AgentTool,
    AskUserQuestionTool,
    BashTool,
    BriefTool,
    ConfigTool,
    EditTool,
    EnterPlanModeTool,
    EnterWorktreeTool,
    ExitPlanModeTool,
    ExitWorktreeTool,
    GlobTool,
    GrepTool,
    ListPeersTool,
    LspTool,
    NotebookEditTool,
    ReadTool,
    SendMessageTool,
    SkillTool,
    TaskCreateTool,
    TaskGetTool,
    TaskListTool,
    TaskOutputTool,
    TaskStopTool,
    TaskUpdateTool,
    TeamCreateTool,
    TeamDeleteTool,
    TodoWriteTool,
    ToolSearchTool,
    WebFetchTool,
    WebSearchTool,
    WriteTool,
    ...(GatedExampleTool ? [GatedExampleTool] : []),
  ];
}
