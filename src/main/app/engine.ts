// The engine without a transport, shared by every host: settings, model access, the per-session tool
// runtime (tools, permissions, hooks), sessions, MCP servers, wired by hand. The CLI's runs and a
// background task's worker drive it directly; the hosts wrap it in app/core.ts (handlers, dispatcher,
// terminals, background tasks). Start-up stays light: nothing of the IPC layer loads for a headless
// run, and the Anthropic SDK loads on the first request.
import { randomUUID } from 'node:crypto';
import type { Logger } from '../base/log';
import { createSessionRuntimeFactory, type SessionRuntimeFactory } from '../engine/session-runtime';
import { sweepStaleTempFiles } from '../fs/atomic-write';
import { buildSystemPrompt } from '../engine/system-prompt';
import { maxTurnsFromEnv } from '../engine/turn-limit';
import { cliRules, type ToolsConfig } from '../engine/tools/config';
import { createModelAccess, type ModelAccess } from '../model/access';
import { retryPolicyFromEnv } from '../model/retry';
import { SessionManager } from './session-manager';
import { createSessionStore } from '../sessions/store';
import { editRuleFile } from '../workbench/rule-file';
import { createPermissionService, ruleFileFor } from '../workbench/rules-service';
import { createProjectSettings, type ProjectSettings } from '../settings/project-settings';
import type { UserSettings } from '../settings/user-settings';
import { createAppSettings, type AppSettings } from '../settings/app-settings';
import { createEventBus } from './event-bus';
import { appSandbox } from '../sandbox/app-sandbox';
import { createLogger } from '../base/log';
import { defaultDataDir, settingsFile } from '../base/data-paths';
import type { AuthService, EventBus, PermissionService } from './ports';
import { findRipgrep } from '../process/ripgrep';
import path from 'node:path';
import { createTrustStore } from '../settings/trust-store';
import { createFolderTrust, type FolderTrust, type FolderTrustMode } from './folder-trust';
import { startProcessManager, type ProcessManager } from './process-manager';
import { createTaskListOf, createWorkLists, type TaskListOf } from '../tasks/work-lists';
import { createMcpHub, type McpHub } from '../mcp/hub';
import { createLanguageServerHub } from '../lsp/hub';
import { defaultSecretFile, type SecretFile } from '../mcp/oauth/credentials';
import { createMcpElicitations, type McpElicitations } from './mcp-elicitations';
import { compactSettingsFrom } from '../engine/compact/settings';
import { budgetPolicies } from '../engine/budget/policy';
import { taskApprovalTimeoutMs } from '../engine/tools/task-approval';

/** Where a host keeps the API key typed into the app (desktop: safeStorage). */
export interface SecretStore {
  load(): Promise<string | null>;
  save(apiKey: string): Promise<void>;
}

export interface EngineOptions {
  env?: NodeJS.ProcessEnv;
  dataDir?: string;
  secrets?: SecretStore;
  /** Where MCP servers' sign-ins are kept (desktop: safeStorage); default <data>/mcp-credentials.json, 0600. */
  mcpCredentials?: SecretFile;
  log?: Logger;
  /** Pass one to subscribe before start-up notices are published. */
  bus?: EventBus;
  /** How sessions offer tools: the CLI's flags and headless mode, and test seams. Default: prompting host. */
  tools?: ToolsConfig;
  /** Model turns a run may take; default none (AGENT_DESK_MAX_TURNS may set one). */
  maxTurns?: number;
  /** `--settings FILE`: Claude Code's flagSettings, between local settings and the managed policy. */
  settingsFile?: string;
  /**
   * PX4: 'ask' (default) — a project folder's own settings count only once the person trusted exactly
   * what they configure; 'all' — every folder counts (a headless run in the folder it was started in).
   */
  folderTrust?: FolderTrustMode;
}

export type Notice = { level: 'info' | 'warn' | 'error'; message: string };

/** The engine without a transport: what the CLI drives directly. */
export interface Engine {
  bus: EventBus;
  sessions: SessionManager;
  auth: AuthService;
  model: ModelAccess;
  settings: UserSettings;
  /** Claude Code's settings files per project (rules, hooks, env), re-read before each turn. */
  projectSettings: ProjectSettings;
  /** The rule workbench's service (rules by source, edits, tests). */
  permissions: PermissionService;
  /** Whether each project folder's own settings count (PX4). */
  trust: FolderTrust;
  /** Background tasks, their record file and what they do now (issue 15 item 4). */
  tasks: ProcessManager;
  /** Each project's MCP servers (MC1–MC3). */
  mcp: McpHub;
  /** Servers' questions waiting for the person (absent headless: no form can be shown there). */
  mcpElicitations?: McpElicitations;
  /** Each conversation's task list (issue 18 item 3). */
  taskListOf: TaskListOf;
  dataDir: string;
  log: Logger;
  /** Start-up problems (a broken settings file…), also published as 'app:notice'; hosts show them to clients that connect later. */
  notices: Notice[];
  dispose(): Promise<void>;
}

export async function createEngine(opts: EngineOptions = {}): Promise<Engine> {
  const env = opts.env ?? process.env;
  const log = opts.log ?? createLogger({ level: env.AGENT_DESK_LOG });
  const bus = opts.bus ?? createEventBus((err) => log.error('event listener failed', err));
  const dataDir = opts.dataDir ?? defaultDataDir({ env });
  const notices: Notice[] = [];
  const notify = (n: Notice) => {
    notices.push(n);
    log[n.level](n.message);
    bus.publish('app:notice', n, { projectDir: null });
  };

  // Without ripgrep, Grep and Glob fall back to the built-in search: much slower on a large project.
  // Said once, where a person sees it; a headless run only logs it.
  if (!findRipgrep(env)) {
    const message = 'Searches use Agent Desk’s built-in search because ripgrep (rg) is not installed; they are slower on large projects. Installing ripgrep makes them fast.';
    if (opts.tools?.headless) log.info(message);
    else notify({ level: 'info', message });
  }

  // Read again whenever a tool changes it (Config), so the next message uses the change.
  const loaded = await createAppSettings(settingsFile(dataDir), () => bus.publish('app:model', { model: model.model() }, { projectDir: null }));
  if (loaded.warning) notify({ level: 'warn', message: loaded.warning });
  const appSettings: AppSettings = loaded.settings;

  let storedKey: string | null = null;
  if (opts.secrets) {
    try {
      storedKey = await opts.secrets.load();
    } catch (err) {
      notify({ level: 'warn', message: `Could not read the saved API key (${err instanceof Error ? err.message : String(err)}); enter it again.` });
    }
  }

  const model = createModelAccess({ env, settings: () => appSettings.current(), storedKey, canStoreKey: !!opts.secrets, log });
  const secrets = opts.secrets;
  const auth: AuthService = {
    status: () => model.status(),
    model: () => model.model(),
    ...(secrets
      ? {
          async setApiKey(apiKey: string) {
            await secrets.save(apiKey.trim());
            model.setStoredKey(apiKey.trim());
            return model.status();
          },
        }
      : {}),
  };

  // Project notices go to that project's windows only; the CLI prints them.
  const projectNotice = (projectDir: string, level: Notice['level'], message: string) => {
    log[level](message);
    bus.publish('app:notice', { level, message }, { projectDir });
  };
  const trustStore = createTrustStore(path.join(dataDir, 'trusted-folders.json'));
  const trust: FolderTrust = createFolderTrust({ mode: opts.folderTrust ?? 'ask', store: trustStore, settings: () => projectSettings });
  const projectSettings: ProjectSettings = createProjectSettings({
    env,
    onWarning: (dir, warning) => projectNotice(dir, 'warn', warning),
    ...(opts.settingsFile ? { flagFile: opts.settingsFile } : {}),
    trust: (dir, configuration) => trust.counts(dir, configuration),
    // The folder asks for something not trusted (opened, or changed since): that project's windows ask.
    onUntrusted: (dir) => queueMicrotask(() => bus.publish('project:trust', trust.status(dir), { projectDir: dir })),
  });
  if (trustStore.warning) notify({ level: 'warn', message: trustStore.warning });
  const store = createSessionStore({ dataDir, log });
  const toolsConfig = opts.tools ?? {};
  // A project's own servers (.mcp.json) wait for the folder's trust like its hooks (PX4).
  const mcpElicitations = toolsConfig.headless ? undefined : createMcpElicitations({ bus, newId: randomUUID });
  const mcp = createMcpHub({
    env,
    log,
    trusted: (dir) => projectSettings.current(dir).folder?.trusted ?? true,
    ...(toolsConfig.mcpConfigs ? { extraConfigs: toolsConfig.mcpConfigs } : {}),
    ...(toolsConfig.strictMcpConfig ? { strict: true } : {}),
    onWarning: (dir, message) => projectNotice(dir, 'warn', message),
    stateFile: path.join(dataDir, 'mcp-projects.json'),
    credentials: opts.mcpCredentials ?? defaultSecretFile(dataDir),
    ...(mcpElicitations ? { elicit: mcpElicitations.ask } : {}),
    onChange: (dir) => bus.publish('mcp:changed', { servers: mcp.existing(dir)?.list() ?? [] }, { projectDir: dir }),
  });
  // A project's language servers (lspServers), started at their first LSP call, stopped at quit.
  const lsp = createLanguageServerHub({ env, log });
  const maxTurns = opts.maxTurns ?? maxTurnsFromEnv(env);
  // A settings file's `env` counts as Claude Code's does: over the environment the app was started with.
  const taskListOf = createTaskListOf({ dataDir, lists: createWorkLists(log), env: (dir) => ({ ...env, ...projectSettings.current(dir).env }) });
  const permissions = createPermissionService({ settings: projectSettings, env, cliRules: () => cliRules(toolsConfig), store });
  const sessions = new SessionManager({
    store,
    bus,
    model,
    log,
    retry: retryPolicyFromEnv(env),
    ...(maxTurns ? { maxTurns } : {}),
    systemPrompt: (projectDir) => buildSystemPrompt({ projectDir }),
    // Claude Code's summary variables, from the environment or a settings file's `env` (issue 20 item 2).
    compaction: (projectDir) => compactSettingsFrom({ ...env, ...projectSettings.current(projectDir).env }),
    // Agent Desk's own `agentDesk.budget` keys (issue 20 item 4); headless, nobody can answer its question.
    budget: budgetPolicies({ budgets: (dir) => projectSettings.current(dir).budget, headless: opts.tools?.headless === true, taskTimeoutMs: taskApprovalTimeoutMs(env) }),
    now: Date.now,
    newId: randomUUID,
    settings: projectSettings,
    runtime: sweepingTempFiles(log, sweepDelayMs(env, opts.tools?.headless === true), createSessionRuntimeFactory({
      dataDir,
      env,
      tools: toolsConfig,
      settings: projectSettings,
      notify: projectNotice,
      // "Always allow" saved to a settings file; the session rule already applies, so a failed write is a notice.
      saveRule: (projectDir, destination, behavior, rule) => {
        const file = ruleFileFor(destination, projectDir, env);
        if (!file) return Promise.reject(new Error('no home folder is known for the user settings file'));
        return editRuleFile(file, { op: 'add', behavior, rule }).then(() => undefined);
      },
      log,
      now: Date.now,
      newId: randomUUID,
      model,
      mcp,
      lsp,
      taskListOf,
      appSettings,
    })),
  });

  const tasks = await startProcessManager({ dataDir, bus, log });
  // The ledger's entries reach the windows of their project (issue 15 item 2).
  const offLedger = appSandbox.ledger.subscribe((e) => bus.publish('sandbox:blocked', e, { projectDir: e.projectDir ?? null }));
  // Sessions first (each stops its own tasks), then whatever else runs and is not kept.
  const dispose = () =>
    sessions
      .dispose()
      .finally(() => tasks.shutdown())
      .finally(() => mcp.dispose())
      .finally(() => lsp.dispose())
      .finally(() => {
        offLedger();
        return appSandbox.dispose();
      });
  return { bus, sessions, auth, model, get settings() { return appSettings.current(); }, projectSettings, permissions, trust, tasks, mcp, ...(mcpElicitations ? { mcpElicitations } : {}), taskListOf, dataDir, log, notices, dispose };
}

/**
 * When the first session of a project sweeps: a while after it opens (AGENT_DESK_TEMP_SWEEP_DELAY_MS,
 * default 5 s), so the walk never competes with the first turn (it cost a headless turn ~16 ms); never
 * in a headless run, which ends with its turn (a reopened session removes its own unfinished writes'
 * temp files, Session.restore).
 */
function sweepDelayMs(env: NodeJS.ProcessEnv, headless: boolean): number | null {
  if (headless) return null;
  const v = Number(env.AGENT_DESK_TEMP_SWEEP_DELAY_MS);
  return Number.isFinite(v) && v >= 0 ? v : 5_000;
}

/**
 * The first session of a project (per process) also removes, in the background, the temp files of
 * atomic writes a crash interrupted there (older than a minute; bounded walk, see atomic-write.ts).
 */
function sweepingTempFiles(log: Logger, delayMs: number | null, factory: SessionRuntimeFactory): SessionRuntimeFactory {
  if (delayMs === null) return factory;
  const swept = new Set<string>();
  const sweep = (projectDir: string) =>
    void sweepStaleTempFiles(projectDir)
      .then((r) => r.removed.length > 0 && log.info(`removed ${r.removed.length} temp file(s) left by interrupted writes in ${projectDir}`))
      .catch((err: unknown) => log.debug(`temp file sweep of ${projectDir} failed: ${String(err)}`));
  return (init) => {
    if (!swept.has(init.projectDir)) {
      swept.add(init.projectDir);
      setTimeout(() => sweep(init.projectDir), delayMs).unref();
    }
    return factory(init);
  };
}
