// The terminal pane's service (issue 15 item 5): the person's own shell in the project folder, in a
// pty, several per window; output batched for the IPC and kept (bounded) for a reloaded window; a
// background task's output shown read-only; every terminal ended with its window and at quit.
import { IpcFailure } from '../../shared/ipc/errors';
import type { Logger } from '../base/log';
import { createCoalescer, type Coalescer, type CoalescerOptions } from './output-coalescer';
import { endProcessTree } from './end-process';
import { followFile, type FileFollower } from './file-follower';
import { createPtyLoader, TerminalUnavailable, type PtyLoader } from './pty-loader';
import { createScrollback, type Scrollback } from './scrollback';
import { chooseShell } from './shell-choice';
import { terminalEnv } from './terminal-env';

type Env = Readonly<Record<string, string | undefined>>;

export interface TerminalExit {
  exitCode: number | null;
  signal: number | null;
}

export interface TerminalInfo {
  terminalId: string;
  title: string;
  /** A background task's output: shown, never typed into. */
  readOnly: boolean;
}

export interface TerminalSnapshot extends TerminalInfo {
  exit: TerminalExit | null;
  /** The recent output, for a window that was reloaded. */
  screen: string;
}

export type TerminalEmit = (
  clientId: string,
  projectDir: string,
  event: { channel: 'terminal:data'; payload: { terminalId: string; data: string } } | { channel: 'terminal:exit'; payload: { terminalId: string } & TerminalExit },
) => void;

/** What the service needs of the background-task registry. */
export interface TaskLookup {
  get(id: string): { outputFile: string; command: string; description?: string; sessionId: string } | undefined;
}

export interface TerminalServiceDeps {
  /** The app's own environment (never a settings file's `env`). */
  env: Env;
  emit: TerminalEmit;
  log: Logger;
  loadPty?: PtyLoader;
  tasks?: TaskLookup;
  /** Whether a task's conversation belongs to the project asking (a window sees only its own project's tasks). */
  taskInProject?: (projectDir: string, sessionId: string) => Promise<boolean>;
  platform?: NodeJS.Platform;
  coalesce?: CoalescerOptions;
  scrollbackChars?: number;
  /** Terminals one window may have open at once. */
  maxPerClient?: number;
}

interface Entry extends TerminalInfo {
  clientId: string;
  projectDir: string;
  scrollback: Scrollback;
  out: Coalescer;
  exit: TerminalExit | null;
  pty: { pid: number; write(d: string): void; resize(c: number, r: number): void } | null;
  follower: FileFollower | null;
  /** Resolves when the shell has exited (shell tabs). */
  exited: Promise<void>;
  closing: Promise<void> | null;
}

export interface TerminalService {
  open(req: { clientId: string; projectDir: string; cols: number; rows: number }): Promise<TerminalInfo>;
  openTask(req: { clientId: string; projectDir: string; taskId: string }): Promise<TerminalInfo>;
  write(clientId: string, terminalId: string, data: string): boolean;
  resize(clientId: string, terminalId: string, cols: number, rows: number): boolean;
  close(clientId: string, terminalId: string): Promise<boolean>;
  list(clientId: string, projectDir: string): TerminalSnapshot[];
  /** The window or browser tab went away: its terminals end. */
  closeClient(clientId: string): Promise<void>;
  /** The shell's process id (tests and logs). */
  pidOf(terminalId: string): number | null;
  dispose(): Promise<void>;
}

export const MAX_TERMINALS_PER_CLIENT = 20;
const TITLE_MAX = 48;

function shorten(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > TITLE_MAX ? `${one.slice(0, TITLE_MAX - 1)}…` : one;
}

export function createTerminalService(deps: TerminalServiceDeps): TerminalService {
  const loadPty = deps.loadPty ?? createPtyLoader();
  const maxPerClient = deps.maxPerClient ?? MAX_TERMINALS_PER_CLIENT;
  const entries = new Map<string, Entry>();
  let nextId = 1;
  let disposed = false;

  const ofClient = (clientId: string) => [...entries.values()].filter((e) => e.clientId === clientId);

  /** A window that now shows another project keeps no terminal of the one it left. */
  function leaveOtherProjects(clientId: string, projectDir: string): void {
    for (const e of ofClient(clientId)) if (e.projectDir !== projectDir) void closeEntry(e);
  }

  function admit(clientId: string, projectDir: string): void {
    if (disposed) throw new IpcFailure({ code: 'unsupported', message: 'Agent Desk is closing; no new terminal can open.' });
    leaveOtherProjects(clientId, projectDir);
    if (ofClient(clientId).length >= maxPerClient) {
      throw new IpcFailure({ code: 'busy', message: `At most ${maxPerClient} terminals can be open in one window. Close one first.` });
    }
  }

  /** "Terminal N" with the smallest N this window does not use yet. */
  function nextTitle(clientId: string): string {
    const used = new Set(ofClient(clientId).map((e) => e.title));
    let n = 1;
    while (used.has(`Terminal ${n}`)) n++;
    return `Terminal ${n}`;
  }

  function makeEntry(clientId: string, projectDir: string, title: string, readOnly: boolean): Entry {
    const terminalId = `term-${nextId++}`;
    const scrollback = createScrollback(deps.scrollbackChars);
    const out = createCoalescer((data) => deps.emit(clientId, projectDir, { channel: 'terminal:data', payload: { terminalId, data } }), deps.coalesce);
    return { terminalId, title, readOnly, clientId, projectDir, scrollback, out, exit: null, pty: null, follower: null, exited: Promise.resolve(), closing: null };
  }

  function received(e: Entry, data: string): void {
    e.scrollback.append(data);
    e.out.push(data);
  }

  function closeEntry(e: Entry): Promise<void> {
    e.closing ??= (async () => {
      e.follower?.stop();
      const pty = e.pty;
      if (pty && !e.exit) {
        await endProcessTree(pty.pid);
        // node-pty reports the exit once it has reaped the shell; bounded in case it never does.
        await Promise.race([e.exited, new Promise((r) => setTimeout(r, 1_000).unref?.())]);
      }
      e.out.dispose();
      entries.delete(e.terminalId);
    })();
    return e.closing;
  }

  const owned = (clientId: string, terminalId: string): Entry | undefined => {
    const e = entries.get(terminalId);
    return e && e.clientId === clientId && !e.closing ? e : undefined;
  };

  const info = (e: Entry): TerminalInfo => ({ terminalId: e.terminalId, title: e.title, readOnly: e.readOnly });

  return {
    async open({ clientId, projectDir, cols, rows }) {
      admit(clientId, projectDir);
      let pty;
      try {
        pty = await loadPty();
      } catch (err) {
        if (err instanceof TerminalUnavailable) throw new IpcFailure({ code: 'unsupported', message: err.message });
        throw err;
      }
      admit(clientId, projectDir);
      const shell = chooseShell(deps.env, deps.platform);
      const e = makeEntry(clientId, projectDir, nextTitle(clientId), false);
      let proc;
      try {
        proc = pty.spawn(shell.file, shell.args, { name: 'xterm-256color', cols, rows, cwd: projectDir, env: terminalEnv(deps.env) });
      } catch (err) {
        e.out.dispose();
        throw new IpcFailure({ code: 'internal', message: `The terminal could not start ${shell.file}: ${err instanceof Error ? err.message : String(err)}` });
      }
      e.pty = proc;
      e.exited = new Promise<void>((resolve) => {
        proc.onExit(({ exitCode, signal }) => {
          e.exit = { exitCode: Number.isInteger(exitCode) ? exitCode : null, signal: signal ? signal : null };
          // Everything the shell wrote reaches the window before the word that it has ended.
          e.out.flush();
          if (!e.closing) deps.emit(clientId, projectDir, { channel: 'terminal:exit', payload: { terminalId: e.terminalId, ...e.exit } });
          resolve();
        });
      });
      proc.onData((data) => received(e, data));
      entries.set(e.terminalId, e);
      deps.log.info(`terminal: ${e.terminalId} (${shell.file}, pid ${proc.pid}) opened for ${clientId}`);
      return info(e);
    },

    async openTask({ clientId, projectDir, taskId }) {
      admit(clientId, projectDir);
      const task = deps.tasks?.get(taskId);
      if (!task || (deps.taskInProject && !(await deps.taskInProject(projectDir, task.sessionId)))) {
        throw new IpcFailure({ code: 'not_found', message: 'That background task is not known here (it may have belonged to an earlier run of Agent Desk).' });
      }
      admit(clientId, projectDir);
      const e = makeEntry(clientId, projectDir, `Output: ${shorten(task.description ?? task.command)}`, true);
      e.follower = followFile(task.outputFile, (text) => received(e, text), {
        onError: (err) => deps.log.debug(`terminal: following ${task.outputFile} failed: ${String(err)}`),
      });
      entries.set(e.terminalId, e);
      return info(e);
    },

    write(clientId, terminalId, data) {
      const e = owned(clientId, terminalId);
      if (!e?.pty || e.readOnly || e.exit) return false;
      e.pty.write(data);
      return true;
    },

    resize(clientId, terminalId, cols, rows) {
      const e = owned(clientId, terminalId);
      if (!e?.pty || e.exit) return false;
      try {
        e.pty.resize(cols, rows);
        return true;
      } catch {
        // The shell ended between the check and the call.
        return false;
      }
    },

    async close(clientId, terminalId) {
      const e = owned(clientId, terminalId);
      if (!e) return false;
      await closeEntry(e);
      return true;
    },

    list(clientId, projectDir) {
      leaveOtherProjects(clientId, projectDir);
      return ofClient(clientId)
        .filter((e) => !e.closing)
        .map((e) => ({ ...info(e), exit: e.exit, screen: e.scrollback.text() }));
    },

    async closeClient(clientId) {
      await Promise.all(ofClient(clientId).map(closeEntry));
    },

    pidOf(terminalId) {
      return entries.get(terminalId)?.pty?.pid ?? null;
    },

    async dispose() {
      disposed = true;
      await Promise.all([...entries.values()].map(closeEntry));
    },
  };
}
