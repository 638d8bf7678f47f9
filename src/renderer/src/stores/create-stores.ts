// Composition of the renderer's state: builds the stores over one Bridge and makes them the only
// subscribers of its events. Returns a dispose function for tests and hot reload.
import type { Bridge } from '../bridge/types';
import { createAlwaysStore, type AlwaysStore } from './always-store';
import { createAppStore, type AppStore, type Banner } from './app-store';
import { createChangesStore, type ChangesStore } from './changes-store';
import type { Schedule } from './frame-batch';
import { createProcessesStore, type ProcessesStore } from './processes-store';
import { createRulesStore, type RulesStore } from './rules-store';
import { createSandboxStore, type SandboxStore } from './sandbox-store';
import { createSessionsStore, type SessionsStore } from './sessions-store';
import { createToolsStore, type ToolsStore } from './tools-store';
import { createTrustStore, type TrustStore } from './trust-store';
import { createTerminalStore, type TerminalStore } from '../terminal/terminal-store';
import { createModeStore, type ModeStore } from '../mode/mode-store';
import { createCommandsStore, type CommandsStore } from '../commands/commands-store';
import { createMcpStore, type McpStore } from '../mcp/mcp-store';
import { createTaskListStore, type TaskListStore } from '../todos/task-list-store';
import { rememberedSession, rememberSession } from '../util/remembered-session';
import { createBackgroundStore, type BackgroundStore } from '../background/background-store';

export interface Stores {
  app: AppStore;
  sessions: SessionsStore;
  tools: ToolsStore;
  /** The rule workbench's listing and edits (issue 5 item 8). */
  rules: RulesStore;
  /** The Changes pane's reverts and open-in-editor (PX6). */
  changes: ChangesStore;
  /** Whether the open folder is trusted, and the person's answer (PX4). */
  trust: TrustStore;
  /** The latest "Always allow" rule of each conversation and its Undo (issue 13 item 3). */
  always: AlwaysStore;
  /** The "Running programs" panel: background tasks, leftovers, stop and keep (issue 15 item 4). */
  processes: ProcessesStore;
  /** The sandbox's status and the connections it refused (issue 15 items 1–2). */
  sandbox: SandboxStore;
  /** The terminal pane's tabs and their output (issue 15 item 5). */
  terminal: TerminalStore;
  /** How the assistant works in each conversation, and the message box's choice of it (issue 19). */
  mode: ModeStore;
  /** The "/name" commands (skills) of the open project, for the message box (AG9). */
  commands: CommandsStore;
  /** The Connected tools pane: the project's MCP servers and changed tools (issue 17 items 5, 6). */
  mcp: McpStore;
  /** The open conversation's task list, for the to-do panel (issue 18 items 3, 4). */
  taskList: TaskListStore;
  /** Background tasks of the project, the new-task dialog, and what the tray asked to show (DK3). */
  background: BackgroundStore;
  /** Load app:init (and the session list); safe to call again. */
  start(): Promise<void>;
  dispose(): void;
}

export function createStores(bridge: Bridge, options: { schedule?: Schedule } = {}): Stores {
  // `sessions` is created right below; onInit only runs after an awaited app:init.
  let sessions: SessionsStore | null = null;
  const trust = createTrustStore(bridge);
  const app = createAppStore(bridge, {
    onInit(init, previous) {
      if (!sessions) return;
      if (previous && previous.project?.dir !== init.project?.dir) {
        sessions.getState().reset();
        tools.getState().reset();
        trust.getState().reset();
        always.getState().reset();
        processes.getState().reset();
        sandbox.getState().reset();
        mode.getState().reset();
        commands.getState().reset();
        mcp.getState().reset();
        taskList.getState().reset();
        background.getState().reset();
      }
      if (init.project) {
        // Before anything of the folder runs, the person is asked whether it is to be trusted.
        void trust.getState().load();
        const list = sessions.getState().refresh();
        // A reload returns to the conversation that was open.
        const again = rememberedSession();
        if (again && !previous) {
          const ss = sessions;
          void list.then(() => {
            const st = ss.getState();
            if (st.currentId === null && !st.opening && st.sessions.some((x) => x.id === again)) void st.open(again);
          });
        }
        // Every request still waiting in the project (after a reload or reconnect), for the inbox.
        void tools.getState().loadPending();
        void processes.getState().load();
        void sandbox.getState().loadStatus();
        void mcp.getState().load();
        void background.getState().load();
      }
    },
  });
  const processes = createProcessesStore(bridge);
  const sandbox = createSandboxStore(bridge);
  const mcp = createMcpStore(bridge);
  const background = createBackgroundStore(bridge, { onConversationChanged: () => void sessions?.getState().refresh() });
  const notify = (banner: Omit<Banner, 'id'>): void => app.getState().pushBanner(banner);
  const schedule = options.schedule ? { schedule: options.schedule } : {};
  const tools = createToolsStore(bridge, { notify, ...schedule });
  const mode = createModeStore(bridge, notify);
  const commands = createCommandsStore(bridge);
  const taskList = createTaskListStore(bridge);
  sessions = createSessionsStore(bridge, {
    notify,
    ...schedule,
    onEnter: (sessionId) => {
      rememberSession(sessionId);
      tools.getState().enter(sessionId);
      void taskList.getState().enter(sessionId);
      if (sessionId) void sandbox.getState().load(sessionId);
    },
    onOpened: (sessionId, answer) => {
      tools.getState().load(sessionId, answer);
      mode.getState().load(sessionId, answer.mode);
    },
    onCreated: (sessionId) => mode.getState().applyDraft(sessionId),
    onEarlier: (sessionId, answer) => tools.getState().load(sessionId, { toolCalls: answer.toolCalls, pendingPermissions: [], usage: null }),
  });
  const s = sessions;
  const rules = createRulesStore(bridge);
  const always = createAlwaysStore(bridge, {
    // The workbench, when it has been read, shows the files without the rule.
    onUndone: () => void (rules.getState().listing && rules.getState().load()),
  });

  const offEvent = bridge.on('session:event', (event) => {
    // Tools first: a card's final snapshot is in place when the message that ends its turn arrives.
    tools.getState().handleEvent(event);
    s.getState().handleEvent(event);
    always.getState().handleEvent(event);
    mode.getState().handleEvent(event);
    taskList.getState().handleEvent(event);
  });
  // The folder's configuration changed and is not trusted (yet): ask again.
  const offTrust = bridge.on('project:trust', (status) => trust.setState({ status }));
  const offTasks = bridge.on('tasks:changed', () => void processes.getState().load());
  const offBlocked = bridge.on('sandbox:blocked', (e) => sandbox.getState().handleBlocked(e));
  const offMcp = bridge.on('mcp:changed', ({ servers }) => mcp.getState().handleChanged(servers));
  const offBackground = [
    bridge.on('background:changed', ({ task }) => background.getState().handleChanged(task)),
    bridge.on('background:new-task', () => background.getState().openDialog('tray')),
    bridge.on('background:show', (reveal) => background.getState().setReveal(reveal)),
  ];
  const offNotice = bridge.on('app:notice', (notice) => app.getState().pushBanner({ level: notice.level, message: notice.message }));
  // A tool changed the model (Config): the header shows the one the next message uses.
  const offModel = bridge.on('app:model', ({ model }) => app.setState((st) => (st.init ? { init: { ...st.init, model } } : {})));
  const offConnection = bridge.onConnection((state) => {
    const wasDown = app.getState().connection !== 'open';
    app.getState().setConnection(state);
    // Back after a drop: events were missed, so read everything again.
    if (state === 'open' && wasDown) {
      // Statuses may be stale (a turn may have ended meanwhile); open() re-reads the current one.
      s.setState({ statuses: {} });
      tools.getState().forgetLive();
      void app.getState().load().then(() => {
        const { currentId } = s.getState();
        if (currentId) {
          void s.getState().open(currentId);
          void taskList.getState().enter(currentId);
        }
      });
    }
  });

  const terminal = createTerminalStore(bridge, { onLog: (message) => bridge.send('log:write', { level: 'warn', message }) });

  return {
    app,
    sessions: s,
    terminal,
    tools,
    rules,
    changes: createChangesStore(bridge),
    trust,
    always,
    processes,
    sandbox,
    mode,
    commands,
    mcp,
    taskList,
    background,
    async start() {
      await app.getState().load();
    },
    dispose() {
      offEvent();
      offNotice();
      offModel();
      offTasks();
      offBlocked();
      offMcp();
      offTrust();
      offConnection();
      for (const off of offBackground) off();
      terminal.dispose();
    },
  };
}
