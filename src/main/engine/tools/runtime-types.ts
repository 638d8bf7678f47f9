// What a session's tool runtime takes (its options) and answers (the ToolRuntime the session and hosts use);
// composed in runtime.ts.
import type { PermissionReplyInput, PermissionRequestView, RequestOrigin } from '../../../shared/permissions/request';
import type { RuleDestination } from '../../../shared/permissions/rule-store';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import type { WorkingFolder } from '../../../shared/working-folder';
import type { Logger } from '../../base/log';
import type { ApiTool } from '../../model/types';
import type { PermissionMode, RuleBehavior } from '../../permissions/types';
import type { ClaudeSettings } from '../../settings/claude-settings';
import type { AgentTeamPort } from '../../tasks/agent-team';
import type { Team } from '../../tasks/team';
import type { WorkListStore } from '../../tasks/work-list';
import type { SettingsPort } from '../../tools/core/settings-port';
import type { SideQuery } from '../../tools/core/side-query';
import type { AnyTool } from '../../tools/core/tool';
import type { HookRunner } from '../../tools/pipeline/deps';
import type { LanguageServers } from '../../lsp/manager';
import type { SessionEventBody } from '../event-body';
import type { SubagentHooks, SubagentModels } from '../subagent/host';
import type { ToolRunner } from '../tool-runner';
import type { ToolsConfig } from './config';

export interface ToolRuntimeOptions {
  sessionId: string;
  projectDir: string;
  /** `<data>/projects/<key>/sessions/<id>/tool-results`: large results are saved here (PL6). */
  toolResultsDir: string;
  config: ToolsConfig;
  /** The project's settings as last loaded (rules, mode, env, directories). */
  settings: () => ClaudeSettings;
  hooks: HookRunner;
  /** The engine's environment (AGENT_DESK_SIMPLE, AGENT_DESK_MAX_TOOL_USE_CONCURRENCY). */
  env: Readonly<Record<string, string | undefined>>;
  publish: (e: SessionEventBody) => void;
  onHookMessages: (messages: string[]) => void;
  /** Problems for the user (a refused mode, a rule that could not be saved). */
  notify?: (level: 'info' | 'warn' | 'error', message: string) => void;
  /** "Always allow" to a settings file. */
  saveRule?: (destination: Exclude<RuleDestination, 'session'>, behavior: RuleBehavior, rule: string) => Promise<void>;
  log: Logger;
  now: () => number;
  newId: () => string;
  /** Whose permission requests these are (the approval inbox groups by it); default: none stamped. */
  origin?: () => RequestOrigin;
  /** Background tasks only: a permission request nobody answers within this many ms becomes a denial. */
  approvalTimeoutMs?: number;
  /** Tools' own requests to the model (WebFetch, WebSearch); absent: such tools say no model is reachable. */
  sideQuery?: SideQuery;
  /** The MCP suffix of the pool (MC1): the project's connected servers' tools, read at each request. */
  mcpTools?: () => readonly AnyTool[];
  /** Where a reopened session last worked (a worktree that still exists); absent: the project folder. */
  workingFolder?: WorkingFolder | null;
  /** Settings tools may read and change (Config); absent: none. */
  settingsPort?: SettingsPort;
  /** What subagents need (the Agent tool, AG7): the model, and where their transcripts go. Absent: none. */
  subagents?: { models: SubagentModels; sidechainDir: string; hooks?: SubagentHooks };
  /** The conversation's task list (the Task tools'); absent: those tools say there is none. */
  workList?: WorkListStore;
  /** The conversation's teammates (AG7, SendMessage); absent: none can be named. */
  team?: Team;
  /** Agent teams are on: the team the conversation leads, whose task list replaces `workList` while it exists. Absent: off. */
  agentTeam?: AgentTeamPort;
  /** The project's language servers when its settings configure any (the LSP tool), read at each request; absent: none. */
  languageServers?: () => LanguageServers | undefined;
}

export interface ToolRuntime extends ToolRunner {
  /** The request's tools and the deferred-tools line for the system blocks, for the next model call. */
  request(): { tools: ApiTool[]; systemAddendum: string | null };
  /** Names of the tools the model is offered now (stream-json init). */
  toolNames(): string[];
  mode(): PermissionMode;
  /** Where the session works now when a tool moved it (a worktree); null = the project folder. */
  workingFolder(): WorkingFolder | null;
  /** The session switched to `mode` for every call from now on (the person's choice, or a tool's). */
  setMode(mode: PermissionMode): void;
  /**
   * Forget the previous message's context changes (contextModifier lasts one user message); a command
   * the person typed in `user` ("/fmt") sets its own for this one.
   */
  beginMessage(user?: { content: ReadonlyArray<{ type: string; command?: string }> }): void;
  /** The person's message as the model reads it when it is a command ("/fmt src/a.ts"); null otherwise. */
  expandCommand(text: string): Array<{ type: 'text'; text: string; command?: string }> | null;
  /** The conversation was summarised: what the model read is gone from its view, so Edit/Write ask for a new Read. */
  forgetReads?(): void;
  /** The latest card of each call of this session (most recent last). */
  views(): ToolCallView[];
  pendingPermissions(): PermissionRequestView[];
  replyPermission(reply: PermissionReplyInput): boolean;
  /** "Always allow" undone: this session stops allowing by the rule at once; false when it had no such rule. */
  forgetRule(rule: string): boolean;
  /** "Keep running in background" for running call `toolUseId` (BA10): false when it cannot move. */
  backgroundCall(toolUseId: string): boolean;
}

