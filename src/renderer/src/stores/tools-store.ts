// Tool calls of the open session (latest snapshot per call, live progress), the permission requests
// waiting for the person (every session, oldest first) and token usage per session.
// Fed only by session events and session:open snapshots; components read it and call reply().
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { PermissionDecision, PermissionRequestView } from '../../../shared/permissions/request';
import type { RuleDestination } from '../../../shared/permissions/rule-store';
import type { SessionEvent, UsageTotals } from '../../../shared/session-events';
import type { ToolCallState, ToolCallView, ToolProgress } from '../../../shared/tools/tool-call';
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
}

/** What session:open tells about a session's tools. */
export interface ToolsSnapshot {
  toolCalls: ToolCallView[];
  pendingPermissions: PermissionRequestView[];
  usage: UsageTotals | null;
}

export interface ReplyExtra {
  feedback?: string;
  rule?: string;
  /** Where "Always allow" saves the rule (main writes the settings file before it answers). */
  destination?: RuleDestination;
}

export interface ToolsState {
  /** The session whose calls are kept (the open one). */
  sessionId: string | null;
  calls: Record<string, ToolCallView>;
  progress: Record<string, ProgressLog>;
  /** Requests waiting for an answer, of every session, oldest first. */
  permissions: PermissionRequestView[];
  /** The request whose answer is on its way to main (its buttons wait). */
  replying: string | null;
  usage: Record<string, SessionUsage>;

  /** Another session is shown (null = a new one): its calls replace the old ones. */
  enter(sessionId: string | null): void;
  /** Merge what session:open answered with what events already said. */
  load(sessionId: string, snapshot: ToolsSnapshot): void;
  handleEvent(event: SessionEvent): void;
  /** Answer a request; resolves true when main took the answer. Failures become banners. */
  reply(requestId: string, decision: PermissionDecision, extra?: ReplyExtra): Promise<boolean>;
  /** The connection dropped: requests may have been answered or withdrawn meanwhile. */
  forgetLive(): void;
  reset(): void;
}

export type ToolsStore = StoreApi<ToolsState>;

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

    const removeRequest = (requestId: string): void => {
      remember(requestId);
      const permissions = get().permissions.filter((r) => r.requestId !== requestId);
      if (permissions.length !== get().permissions.length) set({ permissions });
    };

    return {
      sessionId: null,
      calls: {},
      progress: {},
      permissions: [],
      replying: null,
      usage: {},

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
        const usage = snapshot.usage && !get().usage[sessionId] ? { ...get().usage, [sessionId]: { total: snapshot.usage, turn: null } } : get().usage;
        set({ calls, permissions: [...queued, ...fresh], usage });
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
          case 'permission_resolved':
            removeRequest(event.requestId);
            return;
          case 'usage':
            set({ usage: { ...get().usage, [event.sessionId]: { total: event.total, turn: event.turn } } });
            return;
          case 'status':
            if (isCurrent && event.status === 'idle') queue.flush();
            return;
        }
      },

      async reply(requestId, decision, extra = {}) {
        if (get().replying) return false;
        set({ replying: requestId });
        try {
          const feedback = extra.feedback?.trim();
          const rule = extra.rule?.trim();
          const { accepted } = await bridge.invoke('permission:reply', {
            requestId,
            decision,
            ...(decision === 'deny' && feedback ? { feedback } : {}),
            ...(decision === 'allow_always' && rule ? { rule } : {}),
            ...(decision === 'allow_always' && extra.destination ? { destination: extra.destination } : {}),
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

      forgetLive() {
        queue.flush();
        set({ permissions: [], replying: null });
      },

      reset() {
        queue.clear();
        resolved.clear();
        set({ sessionId: null, calls: {}, progress: {}, permissions: [], replying: null, usage: {} });
      },
    };
  });
}
