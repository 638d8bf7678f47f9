// What a session needs besides the model, built per session: its hook runner (settings' hooks, re-read
// every turn) and its tool runtime. The engine passes a factory; without one a session is plain chat.
import path from 'node:path';
import { sessionsDir } from '../base/data-paths';
import { createHookRunner } from '../hooks/runner';
import type { HookRunner } from '../hooks/types';
import type { Logger } from '../base/log';
import type { ClaudeSettings } from '../settings/claude-settings';
import type { RequestOrigin } from '../../shared/permissions/request';
import type { RuleDestination } from '../../shared/permissions/rule-store';
import type { RuleBehavior } from '../permissions/types';
import type { ProjectSettings } from '../settings/project-settings';
import { appTasks } from '../tasks/app-tasks';
import type { McpHub } from '../mcp/hub';
import type { LanguageServerHub } from '../lsp/hub';
import { mcpToolsOf } from '../tools/builtin';
import type { SessionEventBody } from './event-body';
import type { ToolsConfig } from './tools/config';
import { createToolRuntime, type ToolRuntime } from './tools/runtime';
import { taskApprovalTimeoutMs } from './tools/task-approval';
import { createSideQuery } from './tools/side-query';
import type { ModelAccess } from '../model/access';
import type { SubagentModels } from './subagent/host';
import { sidechainDir } from './subagent/sidechain';
import type { TaskListOf } from '../tasks/work-lists';
import { createTeam } from '../tasks/team';
import { sessionAgentTeam } from './session-agent-team';
import { createMainInbox } from './main-inbox';
import type { AppSettings } from '../settings/app-settings';
import type { WorkingFolder } from '../../shared/working-folder';
import { createSettingsPort } from './tools/settings-port';

export type NoticeLevel = 'info' | 'warn' | 'error';

export interface SessionRuntime {
  tools?: ToolRuntime;
  hooks?: HookRunner;
  /** Something for the user that is not part of the conversation (hook output, problems). */
  notify(level: NoticeLevel, message: string): void;
  /** The session goes away: stop its background tasks. */
  dispose?(): Promise<void>;
  /** A turn ended and the session is idle: teammates' messages that waited go now (AG7). */
  idle?(): void;
}

export interface SessionRuntimeInit {
  sessionId: string;
  projectDir: string;
  publish: (e: SessionEventBody) => void;
  /** Whose permission requests these are (a conversation, a subagent, a background task). */
  origin?: () => RequestOrigin;
  /** The model for subagents (the Agent tool); absent: this session cannot start any. */
  subagentModels?: SubagentModels;
  /** Starts a turn with this text when the conversation is idle (false when busy): teammates' messages (AG7). */
  startTurn?: (text: string) => boolean;
  /** Where a reopened session last worked (a worktree that still exists); absent: the project folder. */
  workingFolder?: WorkingFolder | null;
}

export type SessionRuntimeFactory = (init: SessionRuntimeInit) => SessionRuntime;

export interface RuntimeFactoryOptions {
  dataDir: string;
  env: Readonly<Record<string, string | undefined>>;
  tools: ToolsConfig;
  settings: ProjectSettings;
  notify: (projectDir: string, level: NoticeLevel, message: string) => void;
  log: Logger;
  now: () => number;
  newId: () => string;
  /** "Always allow" to a settings file (absent: such answers only add a session rule). */
  saveRule?: (projectDir: string, destination: Exclude<RuleDestination, 'session'>, behavior: RuleBehavior, rule: string) => Promise<void>;
  /** The engine's model, for tools' own requests (WebFetch, WebSearch); absent: those tools cannot answer. */
  model?: ModelAccess;
  /** The app's MCP servers: a session offers its project's tools (absent: no MCP tools). */
  mcp?: McpHub;
  /** The app's language servers: a session whose project configures any offers the LSP tool (absent: none). */
  lsp?: LanguageServerHub;
  /** Each conversation's task list (the Task tools'); absent: those tools say there is none. */
  taskListOf?: TaskListOf;
  /** Agent Desk's own settings, which a tool may change (Config); absent, with `model`: no tool can. */
  appSettings?: AppSettings;
}

export function toolResultsDir(dataDir: string, projectDir: string, sessionId: string): string {
  return path.join(sessionsDir(dataDir, projectDir), sessionId, 'tool-results');
}

export function transcriptPath(dataDir: string, projectDir: string, sessionId: string): string {
  return path.join(sessionsDir(dataDir, projectDir), `${sessionId}.jsonl`);
}

export function createSessionRuntimeFactory(opts: RuntimeFactoryOptions): SessionRuntimeFactory {
  // Read once per engine, so a bad value warns once.
  const taskTimeoutMs = taskApprovalTimeoutMs(opts.env, opts.log);
  return ({ sessionId, projectDir, publish, origin, subagentModels, startTurn, workingFolder }) => {
    const settings = () => opts.settings.current(projectDir);
    const notify = (level: NoticeLevel, message: string) => opts.notify(projectDir, level, message);
    let tools: ToolRuntime | undefined;
    const inbox = createMainInbox({
      // A headless run ends with its turn: nobody is there for a turn a teammate would start after it.
      ...(startTurn && !opts.tools.headless ? { startTurn } : {}),
      onDropped: (from) => notify('warn', `A message from ${from} was dropped: too many were waiting for the conversation.`),
    });
    const team = createTeam({ toMain: (m) => inbox.post(m) });
    const workList = opts.taskListOf?.(projectDir, sessionId, 'own');
    const agentTeam = opts.taskListOf ? sessionAgentTeam({ projectDir, sessionId, env: { ...opts.env, ...settings().env }, taskListOf: opts.taskListOf, dataDir: opts.dataDir, log: opts.log, publish }) : undefined;
    // Whoever changes the list (this conversation, its subagents, a conversation sharing it), its windows follow.
    const offList = workList?.subscribe((items) => !agentTeam?.workList() && publish({ type: 'task_list', items }));
    // The runner reads hooks per event but takes its env once: one runner per settings snapshot.
    const runners = new WeakMap<ClaudeSettings, HookRunner>();
    const runner = (): HookRunner => {
      const s = settings();
      let r = runners.get(s);
      if (!r) {
        r = createHookRunner({
          config: s.hooks,
          projectDir,
          transcriptPath: (id) => transcriptPath(opts.dataDir, projectDir, id),
          permissionMode: () => tools?.mode(),
          env: s.env,
          log: opts.log,
        });
        runners.set(s, r);
      }
      return r;
    };
    const hooks: HookRunner = {
      preToolUse: (e, signal) => runner().preToolUse(e, signal),
      postToolUse: (e, signal) => runner().postToolUse(e, signal),
      postToolUseFailure: (e, signal) => runner().postToolUseFailure(e, signal),
      userPromptSubmit: (e, signal) => runner().userPromptSubmit(e, signal),
      stop: (e, signal) => runner().stop(e, signal),
      sessionStart: (e, signal) => runner().sessionStart(e, signal),
      preCompact: (e, signal) => runner().preCompact!(e, signal),
      subagentStart: (e, signal) => runner().subagentStart!(e, signal),
      subagentStop: (e, signal) => runner().subagentStop!(e, signal),
      has: (event, matchValue) => runner().has(event, matchValue),
    };
    tools = createToolRuntime({
      sessionId,
      projectDir,
      toolResultsDir: toolResultsDir(opts.dataDir, projectDir, sessionId),
      config: opts.tools,
      settings,
      hooks,
      env: opts.env,
      publish,
      onHookMessages: (messages) => messages.forEach((m) => notify('info', m)),
      notify,
      ...(opts.saveRule ? { saveRule: (destination, behavior, rule) => opts.saveRule!(projectDir, destination, behavior, rule) } : {}),
      log: opts.log,
      now: opts.now,
      newId: opts.newId,
      ...(origin ? { origin } : {}),
      ...(workingFolder ? { workingFolder } : {}),
      ...(subagentModels ? { subagents: { models: subagentModels, sidechainDir: sidechainDir(transcriptPath(opts.dataDir, projectDir, sessionId)), hooks } } : {}),
      // A background task has nobody watching: its requests turn into denials after a while.
      ...(origin?.().kind === 'task' ? { approvalTimeoutMs: taskTimeoutMs } : {}),
      ...(opts.model ? { sideQuery: createSideQuery({ model: opts.model, envs: () => [opts.env, settings().env] }) } : {}),
      ...(opts.mcp ? { mcpTools: () => mcpToolsOf(opts.mcp!.forProject(projectDir)) } : {}),
      ...(opts.lsp ? { languageServers: () => (Object.keys(settings().lspServers ?? {}).length > 0 ? opts.lsp!.forProject(projectDir, { servers: () => settings().lspServers, settingsEnv: () => settings().env }) : undefined) } : {}),
      ...(workList ? { workList } : {}),
      team,
      ...(agentTeam ? { agentTeam } : {}),
      ...(opts.appSettings && opts.model ? { settingsPort: createSettingsPort({ app: opts.appSettings, model: opts.model, env: opts.env, claude: settings, refresh: () => opts.settings.refresh(projectDir) }) } : {}),
    });
    return {
      tools,
      hooks,
      notify,
      idle: () => inbox.idle(),
      dispose: () => {
        offList?.();
        agentTeam?.dispose();
        return appTasks.stopAll(sessionId);
      },
    };
  };
}
