// A session's tool runtime, composed from the tool-system parts: the pool (AS1–AS3) and its cache-stable
// tools param (AS5), loaded deferred tools (AS4), the tool context (cwd persists), the permission
// decider and prompter (PL4), the pipeline (PL1–PL8) and, per assistant message, an executor (CC1–CC6).
import type { RequestOrigin } from '../../../shared/permissions/request';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import type { SessionFeature } from '../../../shared/tools/traits';
import { mergeRuleSets } from '../../permissions/evaluate';
import { effectiveMode } from '../../permissions/modes';
import type { PermissionMode, RuleSet } from '../../permissions/types';
import { getAllBaseTools } from '../../tools/builtin';
import { assembleToolPool, simpleModeFromEnv } from '../../tools/core/assemble';
import { checklistFor } from '../../tools/core/checklist';
import { createBackgroundRequests } from '../../tools/core/backgrounding';
import { createDeferredToolState } from '../../tools/core/deferred';
import type { AnyTool, SessionToolState, ToolUseContext } from '../../tools/core/tool';
import { buildToolsParam } from '../../tools/core/tools-param';
import { NULL_CLASSIFIER, type PipelineDeps } from '../../tools/pipeline/deps';
import { createFileStateCache } from '../../tools/file-state/file-state';
import { createAcceptEditsPolicy } from '../../permissions/accept-edits';
import { createPermissionDecider } from '../../permissions/decider';
import { fsResultPersister } from '../../tools/pipeline/persist';
import { createRunToolUse, type PipelineRunToolUse } from '../../tools/pipeline/run-tool-use';
import type { ToolBatch } from '../tool-runner';
import { createToolBatch } from './batch';
import { cliRules } from './config';
import { ASSISTANT_BLOCKING_BUDGET_MS } from '../../../shared/tools/bash';
import { createSessionPrompts } from './prompts';
import { appSandbox } from '../../sandbox/app-sandbox';
import { sandboxPolicy } from '../../sandbox/policy';
import { createSessionRules } from '../../permissions/session-rules';
import type { SubagentHost } from '../../tools/core/subagents';
import { createSubagentHost } from '../subagent/host';
import { createChildTools } from './child-tools';
import { createPermissionReplies } from './permission-replies';
import { createSessionModeState } from './session-mode';
import { createWorkingFolderState } from './working-folder';

import type { ToolRuntime, ToolRuntimeOptions } from './runtime-types';
export type { ToolRuntime, ToolRuntimeOptions } from './runtime-types';

function languageServersOf(opts: ToolRuntimeOptions): Pick<ToolUseContext, 'languageServers'> {
  const languageServers = opts.languageServers?.();
  return languageServers ? { languageServers } : {};
}

/** Cards kept for session:open; older ones are rebuilt from the transcript by the UI. */
const MAX_VIEWS = 500;

export function createToolRuntime(opts: ToolRuntimeOptions): ToolRuntime {
  const { config, log } = opts;
  const deferred = createDeferredToolState();
  const backgroundRequests = createBackgroundRequests();
  // What the file tools have read (TL2): one per session, so Edit/Write can check freshness.
  const fileState = createFileStateCache();
  const state: SessionToolState = { cwd: opts.projectDir };
  const folders = createWorkingFolderState({ projectDir: opts.projectDir, state, publish: opts.publish, initial: opts.workingFolder ?? null });
  const fromCli = cliRules(config);
  const simple = config.simple === true || simpleModeFromEnv(opts.env);
  // Chosen once, so the tools array stays the same for the whole conversation (AS5).
  const checklist = checklistFor({ headless: config.headless === true, env: { ...opts.env, ...opts.settings().env } });
  const baseTools = config.baseTools ?? getAllBaseTools;
  const views = new Map<string, ToolCallView>();
  let modifiers: Array<(ctx: ToolUseContext) => ToolUseContext> = [];

  const modes = createSessionModeState({
    configured: config.permissionMode,
    settings: opts.settings,
    ...(opts.notify ? { notify: opts.notify } : {}),
    publish: opts.publish,
  });
  const { mode, port: modePort } = modes;
  const rules = (): RuleSet => {
    const settings = opts.settings();
    // The policy's allowManagedPermissionRulesOnly takes --allowedTools away too.
    const cli = settings.managedRulesOnly ? { ...fromCli, allow: [] } : fromCli;
    const merged = mergeRuleSets(cli, settings.rules);
    // A skill in use allows its tools until the message ends (its contextModifier, reset by beginMessage).
    const extra = modifiers.length > 0 && !settings.managedRulesOnly ? (context().extraAllow ?? []) : [];
    return extra.length > 0 ? { ...merged, allow: [...merged.allow, ...extra] } : merged;
  };
  const features = (): SessionFeature[] => [
    ...(opts.agentTeam !== undefined ? (['agentTeams'] as const) : []),
    ...(opts.languageServers?.() !== undefined ? (['languageServers'] as const) : []),
  ];
  const assemble = (): AnyTool[] => assembleToolPool({ mode: mode(), simple, checklist, features: features(), alwaysDenyRules: rules().deny.map((e) => e.rule) }, opts.mcpTools?.() ?? [], baseTools());
  let pool = assemble();
  // BA6: a conversation whose commands are boxed gets the box ready while the model thinks.
  if (opts.settings().sandbox?.enabled) appSandbox.warm();

  const publishView = (view: ToolCallView) => {
    views.delete(view.id);
    views.set(view.id, view);
    if (views.size > MAX_VIEWS) views.delete(views.keys().next().value as string);
    opts.publish({ type: 'tool_call', call: view });
  };

  function context(): ToolUseContext {
    const settings = opts.settings();
    const workingDirectories = folders.workingDirectories(settings.additionalDirectories);
    const base: ToolUseContext = {
      sessionId: opts.sessionId,
      projectDir: opts.projectDir,
      workingDirectories,
      state,
      // The pipeline sets each call's own signal.
      abortSignal: new AbortController().signal,
      toolResultsDir: opts.toolResultsDir,
      env: settings.env,
      log,
      tools: pool,
      deferredTools: deferred,
      fileState,
      sandbox: () =>
        sandboxPolicy({
          ...(settings.sandbox ? { sandbox: settings.sandbox } : {}),
          rules: rules(),
          workingDirectories,
          projectDir: opts.projectDir,
          ...(opts.env.HOME ? { home: opts.env.HOME } : {}),
          sessionHosts: appSandbox.sessionHosts(opts.sessionId),
        }),
      backgroundRequests,
      ...(host ? { subagents: host } : {}),
      ...(config.assistantMode ? { blockingBudgetMs: ASSISTANT_BLOCKING_BUDGET_MS } : {}),
      folderTrusted: () => opts.settings().folder?.trusted === true,
      ...(opts.env.HOME ? { home: opts.env.HOME } : {}),
      permissionMode: modePort,
      workingFolder: folders.port,
      ...(opts.sideQuery ? { sideQuery: opts.sideQuery } : {}),
      ...(opts.workList ? { workList: opts.workList } : {}),
      ...(opts.team ? { team: opts.team } : {}),
      // A team's task list is the lead's and every teammate's while the team exists.
      ...(opts.agentTeam ? { agentTeam: opts.agentTeam, ...(opts.agentTeam.workList() ? { workList: opts.agentTeam.workList() } : {}) } : {}),
      ...(opts.settingsPort ? { settings: opts.settingsPort } : {}),
      ...languageServersOf(opts),
    };
    return modifiers.reduce((ctx, m) => {
      try {
        return m(ctx);
      } catch (err) {
        log.warn('a tool context modifier failed; ignored', err);
        return ctx;
      }
    }, base);
  }

  /** The assistant message of each running call: a permission request names its turn (approval inbox). */
  const turns = new Map<string, string>();
  /** The subagent whose call this is, for calls that are not the session's own. */
  const origins = new Map<string, RequestOrigin>();
  const prompts = createSessionPrompts({
    headless: config.headless === true,
    publish: opts.publish,
    context: (req) => ({ turn: turns.get(req.toolUseId), origin: origins.get(req.toolUseId) }),
    ...(opts.origin ? { origin: opts.origin } : {}),
    ...(opts.approvalTimeoutMs !== undefined ? { expireAfterMs: opts.approvalTimeoutMs } : {}),
    now: opts.now,
  });
  /** The "always allow" write to a settings file just started (true once written): the answered call waits for it. */
  let lastSave: Promise<boolean> | undefined;
  const takeSave = () => {
    const p = lastSave;
    lastSave = undefined;
    return p;
  };
  // "Always allow" answers are the session's, whichever of its agents asked.
  const sessionRules = createSessionRules();
  const decider = (modeOf: () => PermissionMode) =>
    createPermissionDecider({
      mode: modeOf,
      rules,
      sessionRules,
      managedRulesOnly: () => opts.settings().managedRulesOnly === true,
      // `~` in rules is the engine's home (the one whose ~/.claude/settings.json was read).
      ...(opts.env.HOME || opts.env.USERPROFILE ? { home: (opts.env.HOME || opts.env.USERPROFILE)! } : {}),
      acceptEdits: createAcceptEditsPolicy(() => {
        const ctx = context();
        return { cwd: ctx.state.cwd, workingDirectories: ctx.workingDirectories };
      }),
      persistRule: (destination, behavior, rule) => {
        if (!opts.saveRule) return;
        lastSave = opts.saveRule(destination, behavior, rule).then(
          () => true,
          (err: unknown) => {
            opts.notify?.('warn', `The rule ${rule} applies to this session, but could not be saved to ${destination}: ${err instanceof Error ? err.message : String(err)}`);
            return false;
          },
        );
      },
    });
  const deps: PipelineDeps = {
    context,
    hooks: opts.hooks,
    classifier: NULL_CLASSIFIER,
    permissions: decider(mode),
    prompter: prompts.prompter,
    persister: fsResultPersister,
    clock: opts.now,
    newId: opts.newId,
    publish: publishView,
  };
  const pipeline = createRunToolUse(deps);
  const host: SubagentHost<AnyTool> | undefined = opts.subagents
    ? createSubagentHost({
        models: opts.subagents.models,
        ...(opts.subagents.hooks ? { hooks: opts.subagents.hooks } : {}),
        sessionId: opts.sessionId,
        onHookMessages: opts.onHookMessages,
        projectDir: opts.projectDir,
        sidechainDir: opts.subagents.sidechainDir,
        projectTrusted: () => opts.settings().folder?.trusted !== false,
        env: opts.env,
        log,
        newId: opts.newId,
        now: opts.now,
        childTools: (spec) =>
          createChildTools(
            {
              context,
              deps,
              // A subagent's own mode never loosens a mode the settings refuse (disableBypassPermissionsMode).
              decider: (modeOf) => decider(() => effectiveMode(modeOf?.() ?? mode(), opts.settings().bypassDisabled === true).mode),
              track: (toolUseId, messageId, origin) => {
                turns.set(toolUseId, messageId);
                origins.set(toolUseId, origin);
                return () => {
                  turns.delete(toolUseId);
                  origins.delete(toolUseId);
                };
              },
              lastView: (id) => views.get(id),
              publishView,
              publishProgress: (callId, progress) => opts.publish({ type: 'tool_progress', callId, progress }),
              onHookMessages: opts.onHookMessages,
              toolResultsDir: opts.toolResultsDir,
              env: opts.env,
              log,
              now: opts.now,
              ...(config.stopGraceMs !== undefined ? { stopGraceMs: config.stopGraceMs } : {}),
            },
            spec,
          ),
      })
    : undefined;
  const runToolUse: PipelineRunToolUse = async (...args) => {
    const use = args[0];
    turns.set(use.id, use.messageId);
    try {
      return await pipeline(...args);
    } finally {
      turns.delete(use.id);
    }
  };

  return {
    request() {
      pool = assemble();
      const param = buildToolsParam(pool, deferred.loaded);
      const ctx = context();
      const notes = pool.flatMap((t) => {
        try {
          return t.systemNote?.(ctx) || [];
        } catch (err) {
          log.warn(`tool ${t.name}: its system note failed; left out`, err);
          return [];
        }
      });
      const addendum = [param.systemAddendum, ...notes].filter((x): x is string => Boolean(x)).join('\n\n');
      return { tools: param.tools, systemAddendum: addendum || null };
    },
    toolNames: () => assemble().map((t) => t.name),
    mode,
    workingFolder: () => folders.port.get(),
    setMode: (m) => modePort.set(m),
    beginMessage(user) {
      modifiers = [];
      for (const block of user?.content ?? []) {
        if (block.type !== 'text' || !block.command) continue;
        const ctx = context();
        for (const t of pool) {
          try {
            const m = t.commandContext?.(block.command, ctx);
            if (m) modifiers.push(m);
          } catch (err) {
            log.warn(`tool ${t.name}: the context of /${block.command} failed; left out`, err);
          }
        }
      }
    },
    expandCommand(text) {
      if (!/^\/[a-z0-9][a-z0-9-]*(\s|$)/.test(text)) return null;
      const ctx = context();
      for (const t of pool) {
        try {
          const blocks = t.expandCommand?.(text, ctx);
          if (blocks) return blocks;
        } catch (err) {
          log.warn(`tool ${t.name}: expanding ${text.split(/\s/)[0]} failed; sent as typed`, err);
        }
      }
      return null;
    },
    forgetReads() {
      fileState.clear();
    },
    begin(messageId, signal, recorder): ToolBatch {
      return createToolBatch({
        messageId,
        ...(recorder ? { recorder } : {}),
        tools: pool,
        runToolUse,
        signal,
        toolResultsDir: opts.toolResultsDir,
        persister: fsResultPersister,
        lastView: (id) => views.get(id),
        publishView,
        publishProgress: (callId, progress) => opts.publish({ type: 'tool_progress', callId, progress }),
        onHookMessages: opts.onHookMessages,
        onContextModifier: (m) => void modifiers.push(m),
        env: opts.env,
        log,
        now: opts.now,
        ...(config.stopGraceMs !== undefined ? { stopGraceMs: config.stopGraceMs } : {}),
        ...(config.onExecutorEvent ? { onExecutorEvent: (e) => config.onExecutorEvent?.(opts.sessionId, e) } : {}),
      });
    },
    warmUp() {
      const ctx = context();
      for (const tool of pool) {
        try {
          tool.warmUp?.(ctx);
        } catch (err) {
          log.warn(`${tool.name} could not prepare its next call: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    },
    views: () => [...views.values()],
    pendingPermissions: () => prompts.pending(),
    replyPermission: createPermissionReplies({ prompts, tools: () => pool, modes, remember: (rule, destination) => deps.permissions.remember(rule, destination), takeSave }),
    forgetRule: (rule) => deps.permissions.forget(rule),
    backgroundCall: (toolUseId) => backgroundRequests.request(toolUseId),
  };
}
