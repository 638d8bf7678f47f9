// Tool calls of the open session (latest snapshot per call, live progress), the permission requests
// waiting for the person (every session, subagent and task of the project, oldest first), token
// usage per session and per subagent (by its Agent call), each session's budget and its working folder
// (a worktree a tool moved it to). Fed by session events, session:open snapshots and permission:pending; components
// read it and call reply() / replyMany().
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { PermissionDecision, PermissionRequestView } from '../../../shared/permissions/request';
import type { RuleDestination } from '../../../shared/permissions/rule-store';
import type { BudgetStatus } from '../../../shared/budget';
import type { SessionEvent, UsageTotals } from '../../../shared/session-events';
import type { ToolCallState, ToolCallView, ToolProgress } from '../../../shared/tools/tool-call';
import type { WorkingFolder } from '../../../shared/working-folder';
import type { Bridge } from '../bridge/types';
import type { Banner } from './app-store';
import { errorText } from './error-text';
import { frameSchedule, type Schedule } from './frame-batch';
import { createFrameQueue } from './frame-queue';
import { appendProgress, type ProgressLog } from './progress-log';

export interface SessionUsage {
  total: UsageTotals;
  /** The last model call's usage; null when only the total is known (a reopened session). */
  turn: UsageTotals | null;
  /** How much the model reads now against its window, when main knows better than the call's size (issue 20). */
  context?: { used?: number; window: number };
}

/** What session:open tells about a session's tools. */
export interface ToolsSnapshot {
  toolCalls: ToolCallView[];
  pendingPermissions: PermissionRequestView[];
  usage: UsageTotals | null;
  contextWindow?: number;
  workingFolder?: WorkingFolder | null;
  budget?: BudgetStatus | null;
}

export interface ReplyExtra {
  feedback?: string;
  rule?: string;
  /** Where "Always allow" saves the rule (main writes the settings file before it answers). */
  destination?: RuleDestination;
  /** "Every edit until this conversation ends" instead of a rule. */
  sessionMode?: 'acceptEdits';
  /** With allow_once: the person's answer as the call's input (a question form's answers). */
  updatedInput?: Record<string, unknown>;
  /** With allow_once of a plan: the mode the conversation goes on in. */
  nextMode?: 'default' | 'acceptEdits';
}

/** What main did with a group of answers: `stale` ones were already settled or withdrawn. */
export interface ReplyManyOutcome {
  accepted: number;
  stale: number;
}

/** How many answers travel in one permission:reply-many (the contract's limit). */
const REPLY_MANY_MAX = 500;

export interface ToolsState {
  /** The session whose calls are kept (the open one). */
  sessionId: string | null;
  calls: Record<string, ToolCallView>;
  progress: Record<string, ProgressLog>;
  /** Requests waiting for an answer, of every session, oldest first. */
  permissions: PermissionRequestView[];
  /** The request whose answer is on its way to main (its buttons wait). */
  replying: string | null;
  /** Requests whose answers travel together (replyMany): their buttons wait too. */
  answering: string[];
  usage: Record<string, SessionUsage>;
  /** Where each session works when a tool moved it out of the project folder (absent or null: the project folder). */
  folders: Record<string, WorkingFolder | null>;
  /** What each subagent spent so far, by the Agent call that runs it (its card shows it). */
  agentUsage: Record<string, UsageTotals>;
  /** Each session's budget, when it has one (issue 20 item 4). */
  budget: Record<string, BudgetStatus>;
  /** Requests that stopped waiting without this window's answer, newest first: the inbox says how each ended. */
  settled: SettledRequest[];

  /** Another session is shown (null = a new one): its calls replace the old ones. */
  enter(sessionId: string | null): void;
  /** Merge what session:open answered with what events already said. */
  load(sessionId: string, snapshot: ToolsSnapshot): void;
  handleEvent(event: SessionEvent): void;
  /** Answer a request; resolves true when main took the answer. Failures become banners. */
  reply(requestId: string, decision: PermissionDecision, extra?: ReplyExtra): Promise<boolean>;
  /**
   * Answer several requests alike (the inbox's "Allow all" / "Deny all"; never "always"): the ones
   * main took and the ones already settled leave the queue. Null when nothing was sent or the answers
   * were not delivered (a banner says so and every request still waits).
   */
  replyMany(requestIds: readonly string[], decision: 'allow_once' | 'deny', feedback?: string): Promise<ReplyManyOutcome | null>;
  /** Read every request still waiting in the project (app load, reconnect): the inbox is complete. */
  loadPending(): Promise<void>;
  /** The connection dropped: requests may have been answered or withdrawn meanwhile. */
  forgetLive(): void;
  /** The person has read how the last requests ended. */
  clearSettled(): void;
  reset(): void;
}

export type ToolsStore = StoreApi<ToolsState>;

export interface SettledRequest {
  request: PermissionRequestView;
  decision: PermissionDecision | 'cancelled';
  /** Denied because nobody answered in time. */
  expired: boolean;
}

/** How many settled requests the inbox keeps saying. */
const SETTLED_SHOWN = 5;

export interface ToolsStoreOptions {
  notify: (banner: Omit<Banner, 'id'>) => void;
  schedule?: Schedule;
}

const RANK: Record<ToolCallState, number> = {
  validating: 0,
  awaiting_permission: 1,
  running: 2,
  succeeded: 3,
  failed: 3,
  rejected: 3,
  cancelled: 3,
};

/** Of two snapshots of one call, the one further along (a snapshot never goes back a state). */
function newer(a: ToolCallView | undefined, b: ToolCallView): ToolCallView {
  return a && RANK[a.state] >= RANK[b.state] ? a : b;
}

/** How many settled request ids are remembered (to ignore a late duplicate request event). */
const RESOLVED_MEMORY = 500;

export function createToolsStore(bridge: Bridge, options: ToolsStoreOptions): ToolsStore {
  const resolved = new Set<string>();
  const remember = (requestId: string): void => {
    resolved.add(requestId);
    if (resolved.size > RESOLVED_MEMORY) resolved.delete(resolved.values().next().value!);
  };
  /** Bumped when the queue is dropped, so a permission:pending answer from before is ignored. */
  let pendingSeq = 0;

  return createStore<ToolsState>()((set, get) => {
    const queue = createFrameQueue<{ callId: string; progress: ToolProgress }>((items) => {
      const byCall = new Map<string, ToolProgress[]>();
      for (const { callId, progress } of items) {
        const list = byCall.get(callId);
        if (list) list.push(progress);
        else byCall.set(callId, [progress]);
      }
      const progress = { ...get().progress };
      for (const [callId, list] of byCall) progress[callId] = appendProgress(progress[callId], list);
      set({ progress });
    }, options.schedule ?? frameSchedule);

    const removeRequest = (requestId: string): void => removeRequests([requestId]);
    const removeRequests = (requestIds: readonly string[]): void => {
      for (const id of requestIds) remember(id);
      const gone = new Set(requestIds);
      const permissions = get().permissions.filter((r) => !gone.has(r.requestId));
      if (permissions.length !== get().permissions.length) set({ permissions });
    };
    const inFlight = (requestId: string): boolean => get().replying === requestId || get().answering.includes(requestId);

    return {
      sessionId: null,
      calls: {},
      progress: {},
      permissions: [],
      replying: null,
      answering: [],
      usage: {},
      folders: {},
      agentUsage: {},
      budget: {},
      settled: [],

      enter(sessionId) {
        queue.clear();
        set({ sessionId, calls: {}, progress: {} });
      },

      load(sessionId, snapshot) {
        if (sessionId !== get().sessionId) return;
        const calls = { ...get().calls };
        for (const call of snapshot.toolCalls) calls[call.id] = newer(calls[call.id], call);
        const queued = get().permissions;
        const known = new Set(queued.map((r) => r.requestId));
        const fresh = snapshot.pendingPermissions.filter((r) => !known.has(r.requestId) && !resolved.has(r.requestId));
        const window = snapshot.contextWindow ? { context: { window: snapshot.contextWindow } } : {};
        const usage = snapshot.usage && !get().usage[sessionId] ? { ...get().usage, [sessionId]: { total: snapshot.usage, turn: null, ...window } } : get().usage;
        const folders = snapshot.workingFolder !== undefined ? { ...get().folders, [sessionId]: snapshot.workingFolder } : get().folders;
        const budget = snapshot.budget ? { ...get().budget, [sessionId]: snapshot.budget } : get().budget;
        set({ calls, permissions: [...queued, ...fresh], usage, folders, budget });
      },

      handleEvent(event) {
        const isCurrent = event.sessionId === get().sessionId;
        switch (event.type) {
          case 'tool_call': {
            if (!isCurrent) return;
            // Output that arrived before this snapshot belongs before it.
            queue.flush();
            set({ calls: { ...get().calls, [event.call.id]: event.call } });
            return;
          }
          case 'tool_progress':
            if (isCurrent) queue.add({ callId: event.callId, progress: event.progress });
            return;
          case 'permission_request': {
            const { request } = event;
            if (resolved.has(request.requestId)) return;
            const at = get().permissions.findIndex((r) => r.requestId === request.requestId);
            const permissions = get().permissions.slice();
            if (at === -1) permissions.push(request);
            else permissions[at] = request;
            set({ permissions });
            return;
          }
          case 'permission_resolved': {
            const request = get().permissions.find((r) => r.requestId === event.requestId);
            // Answered here, the person knows; a conversation's own withdrawn request (its Stop) is no news.
            if (request && !inFlight(event.requestId) && (event.decision !== 'cancelled' || request.origin?.kind === 'task')) {
              set({ settled: [{ request, decision: event.decision, expired: event.expired === true }, ...get().settled].slice(0, SETTLED_SHOWN) });
            }
            removeRequest(event.requestId);
            return;
          }
          case 'usage': {
            const { agent } = event;
            const before = get().usage[event.sessionId];
            // A subagent's call adds to the total; how full the conversation is stays its own last call's.
            const usage = agent && before ? { ...before, total: event.total } : { total: event.total, turn: agent ? null : event.turn, ...(event.context ? { context: event.context } : {}) };
            set({ usage: { ...get().usage, [event.sessionId]: usage }, ...(agent ? { agentUsage: { ...get().agentUsage, [agent.toolUseId]: agent.total } } : {}) });
            return;
          }
          case 'budget':
            set({ budget: { ...get().budget, [event.sessionId]: event.budget } });
            return;
          case 'working_folder':
            set({ folders: { ...get().folders, [event.sessionId]: event.folder } });
            return;
          case 'status':
            if (isCurrent && event.status === 'idle') queue.flush();
            return;
        }
      },

      async reply(requestId, decision, extra = {}) {
        if (get().replying || inFlight(requestId)) return false;
        set({ replying: requestId });
        try {
          const feedback = extra.feedback?.trim();
          const rule = extra.rule?.trim();
          const { accepted } = await bridge.invoke('permission:reply', {
            requestId,
            decision,
            ...(decision === 'deny' && feedback ? { feedback } : {}),
            ...(decision === 'allow_always' && rule && !extra.sessionMode ? { rule } : {}),
            ...(decision === 'allow_always' && extra.destination && !extra.sessionMode ? { destination: extra.destination } : {}),
            ...(decision === 'allow_always' && extra.sessionMode ? { sessionMode: extra.sessionMode } : {}),
            ...(decision === 'allow_once' && extra.updatedInput ? { updatedInput: extra.updatedInput } : {}),
            ...(decision === 'allow_once' && extra.nextMode ? { nextMode: extra.nextMode } : {}),
          });
          // Taken, or already settled elsewhere (accepted: false): either way it no longer waits here.
          removeRequest(requestId);
          return accepted;
        } catch (error) {
          options.notify({ level: 'error', title: 'Your answer was not delivered', message: errorText(error) });
          return false;
        } finally {
          set({ replying: null });
        }
      },

      async replyMany(requestIds, decision, feedback) {
        const waiting = new Set(get().permissions.map((r) => r.requestId));
        const ids = [...new Set(requestIds)].filter((id) => waiting.has(id) && !inFlight(id));
        if (ids.length === 0) return null;
        const note = decision === 'deny' ? feedback?.trim() : undefined;
        set({ answering: [...get().answering, ...ids] });
        const outcome: ReplyManyOutcome = { accepted: 0, stale: 0 };
        try {
          for (let at = 0; at < ids.length; at += REPLY_MANY_MAX) {
            const batch = ids.slice(at, at + REPLY_MANY_MAX);
            const { results } = await bridge.invoke('permission:reply-many', {
              replies: batch.map((requestId) => ({ requestId, decision, ...(note ? { feedback: note } : {}) })),
            });
            // Taken, or already settled elsewhere (accepted: false): either way they no longer wait.
            // An id main did not answer for stays, so nothing is lost.
            const sent = new Set(batch);
            const settled = results.filter((r) => sent.has(r.requestId));
            removeRequests(settled.map((r) => r.requestId));
            for (const r of settled) outcome[r.accepted ? 'accepted' : 'stale']++;
          }
          return outcome;
        } catch (error) {
          options.notify({ level: 'error', title: 'Your answers were not delivered', message: errorText(error) });
          return null;
        } finally {
          const done = new Set(ids);
          set({ answering: get().answering.filter((id) => !done.has(id)) });
        }
      },

      async loadPending() {
        const seq = ++pendingSeq;
        try {
          const { requests } = await bridge.invoke('permission:pending', {});
          if (seq !== pendingSeq) return;
          // Union with what events brought meanwhile; a request settled meanwhile is not brought back.
          const current = get().permissions;
          const known = new Set(current.map((r) => r.requestId));
          const fresh = requests.filter((r) => !known.has(r.requestId) && !resolved.has(r.requestId));
          if (fresh.length === 0) return;
          const permissions = [...current, ...fresh];
          // Oldest first when main dates them all (Array.prototype.sort is stable).
          if (permissions.every((r) => typeof r.createdAt === 'number')) permissions.sort((a, b) => a.createdAt! - b.createdAt!);
          set({ permissions });
        } catch (error) {
          if (seq !== pendingSeq) return;
          options.notify({ level: 'warn', title: 'Some approvals may be missing', message: errorText(error) });
        }
      },

      clearSettled: () => set({ settled: [] }),

      forgetLive() {
        queue.flush();
        pendingSeq++;
        set({ permissions: [], replying: null, answering: [] });
      },

      reset() {
        queue.clear();
        resolved.clear();
        pendingSeq++;
        set({ sessionId: null, calls: {}, progress: {}, permissions: [], replying: null, answering: [], usage: {}, folders: {}, agentUsage: {}, budget: {}, settled: [] });
      },
    };
  });
}
