// The invoke and send handlers of the contract: transport-free functions over the app's services.
import path from 'node:path';
import { IpcFailure } from '../../shared/ipc/errors';
import type { HandlerContext } from '../ipc/context';
import type { Logger } from '../base/log';
import type { InvokeHandlers, SendHandlers } from '../ipc/dispatch';
import type { AuthService, HostPort, PermissionService, SessionService } from './ports';
import { emptyConfiguration } from '../../shared/trust';
import { createChangesHandlers } from './changes/changes-handlers';
import { createTerminalHandlers } from './terminal-handlers';
import type { TerminalService } from '../terminal/terminal-service';
import type { FolderTrust } from './folder-trust';
import { createTasksHandlers, noTasksHandlers, type TasksHandlerDeps } from './tasks-handlers';
import type { TaskListOf } from '../tasks/work-lists';
import { createSandboxHandlers, type SandboxHandlerDeps } from './sandbox-handlers';
import { transcriptPage } from './transcript-page';
import { createMcpHandlers } from './mcp-handlers';
import type { McpHub } from '../mcp/hub';
import { createBackgroundHandlers, noBackgroundHandlers, type BackgroundHandlerDeps } from './background/handlers';
import type { McpElicitations } from './mcp-elicitations';

export interface HandlerDeps {
  sessions: SessionService;
  auth: AuthService;
  host: HostPort;
  log: Logger;
  /** The rule workbench; hosts without it answer `unsupported`. */
  permissions?: PermissionService;
  /** Folder trust (PX4); without it every folder counts as configuring nothing to decide. */
  trust?: FolderTrust;
  /** The process manager (issue 15 item 4); without it no programs are listed. */
  tasks?: Omit<TasksHandlerDeps, 'requireProject'>;
  /** The sandbox's status and network ledger; without it no project uses a sandbox. */
  sandbox?: Omit<SandboxHandlerDeps, 'requireProject' | 'permissions'>;
  /** The terminal pane's shells (issue 15 item 5); hosts without it answer `unsupported`. */
  terminals?: TerminalService;
  /** The skills a person may type as "/name" in a project; without it there are none. */
  skills?: (projectDir: string) => Array<{ name: string; description: string; argumentHint?: string; source: 'project' | 'user' | 'app' }>;
  /** The projects' MCP servers (issue 17 item 6); without it every project has none. */
  mcp?: McpHub;
  /** Background tasks (DK3): their channels, and their requests in the approval inbox; without it there are none. */
  background?: Omit<BackgroundHandlerDeps, 'host' | 'log'>;
  /** MCP servers' questions waiting for the person (issue 17 item 6), in the approval inbox. */
  mcpElicitations?: McpElicitations;
  /** Each conversation's task list (issue 18 item 3); without it every list is empty. */
  taskListOf?: TaskListOf;
}

function requireProject(ctx: HandlerContext): string {
  if (!ctx.projectDir) throw new IpcFailure({ code: 'no_project', message: 'Open a project folder first.' });
  return ctx.projectDir;
}

export function projectInfo(dir: string): { dir: string; name: string } {
  return { dir, name: path.basename(dir) || dir };
}

export function createHandlers(deps: HandlerDeps): { invoke: InvokeHandlers; send: SendHandlers } {
  const { sessions, auth, host, log } = deps;
  // A request no conversation of this process knows may be a background task's (another process's).
  // A running background task writes its conversation from its own process: a window adds nothing until it ends.
  const refuseWhileTaskRuns = async (sessionId: string) => {
    if (await deps.background?.background.runsSession(sessionId)) {
      throw new IpcFailure({ code: 'busy', message: 'A background task is still working in this conversation. Wait until it ends, or stop it in Background tasks.' });
    }
  };
  // A conversation a running task writes is shown as the task works (never read into this process meanwhile).
  const openSession = async (dir: string, sessionId: string) => (await deps.background?.background.openLive(dir, sessionId)) ?? sessions.open(dir, sessionId);
  const reply = async (dir: string, r: Parameters<SessionService['replyPermission']>[1]) =>
    (await sessions.replyPermission(dir, r)) || (deps.mcpElicitations?.reply(dir, r) ?? false) || ((await deps.background?.background.reply(dir, r)) ?? false);
  const rules = (): PermissionService => {
    if (!deps.permissions) throw new IpcFailure({ code: 'unsupported', message: 'Permission rules cannot be edited here.' });
    return deps.permissions;
  };
  const invoke: InvokeHandlers = {
    'app:init': (_req, ctx) => ({
      host: host.kind,
      version: host.version,
      project: ctx.projectDir ? projectInfo(ctx.projectDir) : null,
      auth: auth.status(),
      model: auth.model(),
      recentProjects: host.recentProjects(),
    }),
    'auth:set-api-key': async ({ apiKey }) => {
      if (!auth.setApiKey) {
        throw new IpcFailure({
          code: 'unsupported',
          message: 'This host cannot store a key; set ANTHROPIC_API_KEY in the environment and restart.',
        });
      }
      return auth.setApiKey(apiKey);
    },
    'project:choose': async (_req, ctx) => {
      if (!host.chooseProject) throw new IpcFailure({ code: 'unsupported', message: 'Choosing a folder is only available in the desktop app.' });
      return { project: await host.chooseProject(ctx) };
    },
    'project:trust-status': async (_req, ctx) => {
      const dir = requireProject(ctx);
      return (await deps.trust?.check(dir)) ?? { projectDir: dir, state: 'nothing', configuration: emptyConfiguration(), fingerprint: '' };
    },
    'project:trust': async ({ fingerprint }, ctx) => {
      const dir = requireProject(ctx);
      if (!deps.trust) throw new IpcFailure({ code: 'unsupported', message: 'Folders are not asked about here.' });
      return deps.trust.trust(dir, fingerprint);
    },
    'project:open': async ({ dir }, ctx) => {
      if (!host.openProject) throw new IpcFailure({ code: 'unsupported', message: 'Opening another folder is only available in the desktop app.' });
      return { project: await host.openProject(dir, ctx) };
    },
    'session:list': async (_req, ctx) => ({ sessions: await sessions.list(requireProject(ctx)) }),
    'skills:list': async (_req, ctx) => ({ skills: deps.skills?.(requireProject(ctx)) ?? [] }),
    'session:create': async (_req, ctx) => ({ session: await sessions.create(requireProject(ctx)) }),
    'session:open': async ({ sessionId }, ctx) => {
      const open = await openSession(requireProject(ctx), sessionId);
      return { ...open, ...transcriptPage(open.messages, open.toolCalls ?? []) };
    },
    'session:earlier': async ({ sessionId, before }, ctx) => {
      const open = await openSession(requireProject(ctx), sessionId);
      return transcriptPage(open.messages, open.toolCalls ?? [], before);
    },
    'session:send': async ({ sessionId, text }, ctx) => {
      await refuseWhileTaskRuns(sessionId);
      await sessions.send(requireProject(ctx), sessionId, text);
      return { accepted: true as const };
    },
    'session:retry': async ({ sessionId }, ctx) => {
      await refuseWhileTaskRuns(sessionId);
      await sessions.retry(requireProject(ctx), sessionId);
      return { accepted: true as const };
    },
    'session:stop': async ({ sessionId }, ctx) => {
      const dir = requireProject(ctx);
      // Stop in the window of a task's conversation stops the task, as its banner's Stop does.
      const task = await deps.background?.background.taskOf(dir, sessionId);
      if (task) return { stopped: (await deps.background!.background.stop(task.id)).outcome === 'stopped' };
      return { stopped: await sessions.stop(dir, sessionId) };
    },
    'session:set-mode': async ({ sessionId, mode }, ctx) => {
      if (!sessions.setMode) throw new IpcFailure({ code: 'unsupported', message: 'How the assistant works cannot be changed here.' });
      await refuseWhileTaskRuns(sessionId);
      return { mode: await sessions.setMode(requireProject(ctx), sessionId, mode) };
    },
    'session:background-call': async ({ sessionId, toolUseId }, ctx) => ({
      // A task's calls already run in the background.
      moved: (await deps.background?.background.runsSession(sessionId)) ? false : ((await sessions.backgroundCall?.(requireProject(ctx), sessionId, toolUseId)) ?? false),
    }),
    'session:rename': async ({ sessionId, title }, ctx) => {
      if (!sessions.rename) throw new IpcFailure({ code: 'unsupported', message: 'Conversations cannot be renamed here.' });
      await refuseWhileTaskRuns(sessionId);
      return { session: await sessions.rename(requireProject(ctx), sessionId, title) };
    },
    'session:delete': async ({ sessionId }, ctx) => {
      if (!sessions.remove) throw new IpcFailure({ code: 'unsupported', message: 'Conversations cannot be deleted here.' });
      await refuseWhileTaskRuns(sessionId);
      return { removed: await sessions.remove(requireProject(ctx), sessionId) };
    },
    'session:restore': async ({ sessionId }, ctx) => {
      if (!sessions.restore) throw new IpcFailure({ code: 'unsupported', message: 'Conversations cannot be restored here.' });
      return { session: await sessions.restore(requireProject(ctx), sessionId) };
    },
    'permission:reply': async (r, ctx) => ({ accepted: await reply(requireProject(ctx), r) }),
    // The inbox's group answer: each reply in order through the same path as one; a stale id is not accepted.
    'permission:reply-many': async ({ replies }, ctx) => {
      const dir = requireProject(ctx);
      const results: { requestId: string; accepted: boolean }[] = [];
      for (const r of replies) {
        let accepted = false;
        try {
          accepted = await reply(dir, r);
        } catch (err) {
          // One failure must not leave the rest of the group unanswered.
          log.warn(`permission:reply-many: reply to ${r.requestId} failed`, err);
        }
        results.push({ requestId: r.requestId, accepted });
      }
      return { results };
    },
    'permission:pending': async (_req, ctx) => {
      const dir = requireProject(ctx);
      const own = sessions.pendingPermissions ? await sessions.pendingPermissions(dir) : [];
      const tasks = (await deps.background?.background.pending(dir)) ?? [];
      const questions = deps.mcpElicitations?.pending(dir) ?? [];
      // Oldest first across all (a stable sort keeps each source's order for equal times).
      return { requests: [...own, ...questions, ...tasks].sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0)) };
    },
    // Undo of "Always allow" (issue 13 item 3): wherever the answer put the rule, it goes.
    'permission:undo-always': async ({ sessionId, rule, destination }, ctx) => {
      const dir = requireProject(ctx);
      if (!sessions.forgetRule) throw new IpcFailure({ code: 'unsupported', message: 'Always-allow answers cannot be undone here.' });
      const service = destination === 'session' ? null : rules();
      // An unknown session throws here, before any file is touched. The session rule goes first: should
      // the file then fail to change, the file's rule still allows the same calls, so nothing a person
      // sees has changed and Undo can simply be tried again.
      const session = await sessions.forgetRule(dir, sessionId, rule);
      let file = false;
      if (service && destination !== 'session') {
        try {
          await service.remove(dir, { source: destination, behavior: 'allow', rule });
          file = true;
        } catch (err) {
          // Not in the file (removed in the workbench meanwhile): nothing to take out there.
          if (!(err instanceof IpcFailure && err.code === 'not_found')) throw err;
        }
      }
      return { undone: session || file, session, file };
    },
    'permissions:list': async (_req, ctx) => rules().list(requireProject(ctx)),
    'permissions:add': async (edit, ctx) => rules().add(requireProject(ctx), edit),
    'permissions:remove': async (edit, ctx) => rules().remove(requireProject(ctx), edit),
    'permissions:update': async (edit, ctx) => rules().update(requireProject(ctx), edit),
    'permissions:test': async (req, ctx) => rules().test(requireProject(ctx), req),
    'permissions:recent': async (req, ctx) => rules().recent(requireProject(ctx), req),
    // PX6: the Changes pane's revert and open-in-editor.
    ...createChangesHandlers({ sessions: { open: openSession, ...(sessions.workingDirectories ? { workingDirectories: (dir) => sessions.workingDirectories!(dir) } : {}) }, host, requireProject }),
    // Issue 15 item 4: the "Running programs" panel.
    ...(deps.tasks ? createTasksHandlers({ ...deps.tasks, requireProject }) : noTasksHandlers()),
    'task-list:get': async ({ sessionId }, ctx) => ({ items: deps.taskListOf ? (await deps.taskListOf(requireProject(ctx), sessionId).read()).items : [] }),
    ...(deps.sandbox
      ? createSandboxHandlers({ ...deps.sandbox, ...(deps.permissions ? { permissions: deps.permissions } : {}), requireProject })
      : {
          'sandbox:status': () => ({ enabled: false, available: true }),
          'sandbox:blocked': () => ({ connections: [] }),
          'sandbox:allow-host': () => {
            throw new IpcFailure({ code: 'unsupported', message: 'There is no sandbox here.' });
          },
        }),
    ...createTerminalHandlers({ ...(deps.terminals ? { terminals: deps.terminals } : {}), requireProject }),
    ...createMcpHandlers({ ...(deps.mcp ? { mcp: deps.mcp } : {}), requireProject, host: deps.host, log: deps.log }),
    ...(deps.background ? createBackgroundHandlers({ ...deps.background, host, log }) : noBackgroundHandlers()),
  };
  const send: SendHandlers = {
    'log:write': ({ level, message }, ctx) => log[level](`renderer[${ctx.clientId}]: ${message}`),
  };
  return { invoke, send };
}
