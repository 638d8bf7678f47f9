// Tool name → its view. Adding a view = a folder `tools/<name>/` and one line below; any tool
// without one (unknown, MCP) gets the generic view. Views never switch on tool names.
import { askUserQuestionView } from './AskUserQuestion/AskUserQuestionView';
import { agentView } from './Agent/AgentView';
import { bashView } from './Bash/BashView';
import { configView } from './Config/ConfigView';
import { editView } from './Edit/EditView';
import { enterPlanModeView } from './EnterPlanMode/EnterPlanModeView';
import { enterWorktreeView } from './EnterWorktree/EnterWorktreeView';
import { exitPlanModeView } from './ExitPlanMode/ExitPlanModeView';
import { exitWorktreeView } from './ExitWorktree/ExitWorktreeView';
import { genericView } from './generic/GenericView';
import { globView } from './Glob/GlobView';
import { grepView } from './Grep/GrepView';
import { listPeersView } from './ListPeers/ListPeersView';
import { lspView } from './LSP/LspView';
import { notebookEditView } from './NotebookEdit/NotebookEditView';
import { readView } from './Read/ReadView';
import { taskCreateView } from './TaskCreate/TaskCreateView';
import { taskGetView } from './TaskGet/TaskGetView';
import { taskListView } from './TaskList/TaskListView';
import { taskOutputView } from './TaskOutput/TaskOutputView';
import { taskUpdateView } from './TaskUpdate/TaskUpdateView';
import { taskStopView } from './TaskStop/TaskStopView';
import { teamCreateView } from './TeamCreate/TeamCreateView';
import { teamDeleteView } from './TeamDelete/TeamDeleteView';
import { todoWriteView } from './TodoWrite/TodoWriteView';
import { toolSearchView } from './ToolSearch/ToolSearchView';
import { webFetchView } from './WebFetch/WebFetchView';
import { webSearchView } from './WebSearch/WebSearchView';
import { SEARCH_GROUP_KEY, SearchGrouped } from './shared/SearchGrouped';
import { sendUserMessageView } from './SendUserMessage/SendUserMessageView';
import { TASK_LIST_GROUP_KEY } from './shared/task-list-facts';
import { TaskListGrouped } from './shared/TaskListGrouped';
import { skillView } from './Skill/SkillView';
import { sendMessageView } from './SendMessage/SendMessageView';
import type { ToolView, ToolViewParts } from './types';
import { writeView } from './Write/WriteView';

const views: Record<string, ToolViewParts> = {
  AskUserQuestion: askUserQuestionView,
  Agent: agentView,
  Bash: bashView,
  Config: configView,
  Read: readView,
  SendMessage: sendMessageView,
  Grep: grepView,
  Glob: globView,
  ListPeers: listPeersView,
  LSP: lspView,
  Write: writeView,
  Edit: editView,
  EnterPlanMode: enterPlanModeView,
  EnterWorktree: enterWorktreeView,
  ExitPlanMode: exitPlanModeView,
  ExitWorktree: exitWorktreeView,
  NotebookEdit: notebookEditView,
  SendUserMessage: sendUserMessageView,
  Skill: skillView,
  TaskCreate: taskCreateView,
  TaskGet: taskGetView,
  TaskList: taskListView,
  TaskOutput: taskOutputView,
  TaskStop: taskStopView,
  TaskUpdate: taskUpdateView,
  TeamCreate: teamCreateView,
  TeamDelete: teamDeleteView,
  TodoWrite: todoWriteView,
  ToolSearch: toolSearchView,
  WebFetch: webFetchView,
  WebSearch: webSearchView,
};

const cache = new Map<string, ToolView>();

export function viewFor(toolName: string): ToolView {
  let view = cache.get(toolName);
  if (!view) {
    const own = Object.hasOwn(views, toolName) ? views[toolName] : undefined;
    view = own ? { ...genericView, ...own } : genericView;
    cache.set(toolName, view);
  }
  return view;
}

/** What a call of `toolName` shares to group with its neighbours (UI1): the view's groupKey, else the name. */
export function groupKeyFor(toolName: string, input?: unknown): string {
  const key = viewFor(toolName).groupKey;
  return (typeof key === 'function' ? key(input) : key) ?? toolName;
}

/** Group lines of keys several tools share: a run of searches reads the same whichever tool came first. */
const SHARED_GROUPS: Record<string, ToolView['Grouped']> = { [SEARCH_GROUP_KEY]: SearchGrouped, [TASK_LIST_GROUP_KEY]: TaskListGrouped };

/** The one-line summary for a group of `groupKey` whose first call is `toolName`'s. */
export function groupedFor(groupKey: string, toolName: string): ToolView['Grouped'] {
  return Object.hasOwn(SHARED_GROUPS, groupKey) ? SHARED_GROUPS[groupKey]! : viewFor(toolName).Grouped;
}
