// The composition root of the hosts (desktop, web): the engine (app/engine.ts) with the handlers and
// the dispatcher of the IPC contract, the terminal pane's shells and the background tasks' watch.
import type { Dispatcher } from '../ipc/dispatch';
import { createDispatcher } from '../ipc/dispatch';
import type { SessionManager } from './session-manager';
import { appSandbox } from '../sandbox/app-sandbox';
import { createHandlers } from './handlers';
import type { AuthService, EventBus, HostPort } from './ports';
import { loadSkills } from '../skills/load-skills';
import { appTasks } from '../tasks/app-tasks';
import { createTerminalService, type TerminalService } from '../terminal/terminal-service';
import { createLocalTaskHost, type WorkerCommand } from './background/local-host';
import { createBackgroundTasks, type BackgroundTasks } from './background/service';
import { createEngine, type Engine, type EngineOptions, type Notice } from './engine';

export interface CoreOptions extends EngineOptions {
  host: HostPort;
  /** How this program runs itself as a background task's worker; absent: tasks are listed and answered, not started. */
  backgroundWorker?: WorkerCommand;
}

/** The background tasks' folders are watched; this slow look only catches what a watch missed (a worker killed without a word). */
const BACKGROUND_POLL_MS = 5_000;

export interface Core {
  dispatcher: Dispatcher;
  bus: EventBus;
  sessions: SessionManager;
  auth: AuthService;
  dataDir: string;
  notices: Notice[];
  /** Background tasks of every project (DK3): the tray's and the windows' view (absent in tests' stand-ins). */
  background?: BackgroundTasks;
  /** A window or browser tab went away: what it alone owned (its terminals) ends. */
  clientClosed?(clientId: string): Promise<void>;
  dispose(): Promise<void>;
}

export async function createCore(opts: CoreOptions): Promise<Core> {
  const engine = await createEngine(opts);
  const terminals = createCoreTerminals(engine, opts.env ?? process.env);
  const home = (opts.env ?? process.env).HOME;
  const skills = (dir: string) => [
    { name: 'compact', description: 'Summarise the conversation so far to make room (add what the summary must keep)', argumentHint: '[what to keep]', source: 'app' as const },
    ...loadSkills({ projectDir: dir, home, projectTrusted: engine.projectSettings.current(dir).folder?.trusted === true })
      .skills.filter((s) => s.userInvocable)
      .filter((s) => s.name !== 'compact')
      .map((s) => ({ name: s.name, description: s.description, ...(s.argumentHint ? { argumentHint: s.argumentHint } : {}), source: s.source })),
  ];
  const env = opts.env ?? process.env;
  const background = createBackgroundTasks({
    hosts: [createLocalTaskHost({ dataDir: engine.dataDir, env, log: engine.log, ...(opts.backgroundWorker ? { worker: opts.backgroundWorker } : {}) })],
    bus: engine.bus,
    log: engine.log,
    pollMs: BACKGROUND_POLL_MS,
    released: (dir, sessionId) => engine.sessions.forget(dir, sessionId),
  });
  const handlers = createHandlers({ background: { background, dataDir: engine.dataDir, trustFolders: opts.folderTrust === 'all' }, skills, sessions: engine.sessions, auth: engine.auth, host: opts.host, log: engine.log, permissions: engine.permissions, trust: engine.trust, tasks: engine.tasks, sandbox: { sandbox: appSandbox, settings: (dir) => engine.projectSettings.current(dir) }, terminals, mcp: engine.mcp, ...(engine.mcpElicitations ? { mcpElicitations: engine.mcpElicitations } : {}), taskListOf: engine.taskListOf });
  const dispatcher = createDispatcher({ ...handlers, log: engine.log });
  return {
    dispatcher,
    bus: engine.bus,
    sessions: engine.sessions,
    auth: engine.auth,
    dataDir: engine.dataDir,
    notices: engine.notices,
    background,
    clientClosed: (clientId) => terminals.closeClient(clientId),
    // Terminals first: no shell outlives the app (their process groups are ended, not merely left).
    // Background tasks run in their own processes and go on; only the watch ends.
    dispose: () => {
      background.dispose();
      return terminals.dispose().then(engine.dispose, engine.dispose);
    },
  };
}

/**
 * The terminal pane's shells (issue 15 item 5): started with the app's own environment (never a
 * project's settings `env`: a folder someone else wrote must not choose what runs); output only to the
 * window that opened them; a background task's output only for that task's own project.
 */
function createCoreTerminals(engine: Engine, env: NodeJS.ProcessEnv): TerminalService {
  return createTerminalService({
    env,
    log: engine.log,
    tasks: appTasks,
    taskInProject: async (projectDir, sessionId) => (await engine.sessions.list(projectDir)).some((s) => s.id === sessionId),
    emit: (clientId, projectDir, event) => engine.bus.publish(event.channel, event.payload, { projectDir, clientId }),
  });
}

export type { Notice, SecretStore } from './engine';
