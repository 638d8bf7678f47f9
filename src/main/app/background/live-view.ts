// What a window opening a running task's conversation is shown (pure): the task's session events folded
// into the same picture session:open gives of a conversation in this process — its messages, its calls'
// latest snapshots, the replies still being written, usage, budget, mode and folder. Folded from every
// event a host has published, so what the window is told next follows on exactly.
import type { BackgroundTaskView } from '../../../shared/background-tasks';
import type { BudgetStatus } from '../../../shared/budget';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import type { SessionEvent, UsageTotals } from '../../../shared/session-events';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import type { Message, SessionSummary } from '../../../shared/transcript';
import type { WorkingFolder } from '../../../shared/working-folder';

export interface LiveDraft {
  messageId: string;
  model: string;
  text: string;
}

export interface LiveView {
  messages: Message[];
  /** Each call's latest snapshot, in the order the calls first appeared. */
  calls: Map<string, ToolCallView>;
  /** Replies being written now, by message id. */
  drafts: Map<string, LiveDraft>;
  usage: UsageTotals | null;
  contextWindow: number | null;
  budget: BudgetStatus | null;
  /** Null until the session says (the task's own mode holds meanwhile). */
  mode: string | null;
  /** Undefined until the session moves. */
  workingFolder: WorkingFolder | null | undefined;
  summary: SessionSummary | null;
}

export function emptyLiveView(): LiveView {
  return { messages: [], calls: new Map(), drafts: new Map(), usage: null, contextWindow: null, budget: null, mode: null, workingFolder: undefined, summary: null };
}

function upsert(messages: Message[], m: Message): void {
  // The message changed is nearly always the last one (a stop reason) or new.
  for (let i = messages.length - 1; i >= 0 && i >= messages.length - 8; i--) {
    if (messages[i]!.id === m.id) {
      messages[i] = m;
      return;
    }
  }
  const at = messages.findIndex((x) => x.id === m.id);
  if (at === -1) messages.push(m);
  else messages[at] = m;
}

/** Folds one event into the view (the view is changed in place: it is the follower's own). */
export function foldLive(v: LiveView, ev: SessionEvent): void {
  switch (ev.type) {
    case 'message':
      v.drafts.delete(ev.message.id);
      upsert(v.messages, ev.message);
      return;
    case 'assistant_start':
      v.drafts.set(ev.messageId, { messageId: ev.messageId, model: ev.model, text: '' });
      return;
    case 'text_delta': {
      const d = v.drafts.get(ev.messageId);
      v.drafts.set(ev.messageId, { messageId: ev.messageId, model: d?.model ?? '', text: (d?.text ?? '') + ev.text });
      return;
    }
    case 'retry': {
      // The partial text of a retried request is void.
      const d = v.drafts.get(ev.messageId);
      if (d) v.drafts.set(ev.messageId, { ...d, text: '' });
      return;
    }
    case 'status':
      if (ev.status === 'idle') v.drafts.clear();
      return;
    case 'run_stopped': {
      if (ev.messageId === null) return;
      const m = v.messages.find((x) => x.id === ev.messageId);
      if (m) upsert(v.messages, { ...m, stopped: ev.stop });
      return;
    }
    case 'tool_call':
      v.calls.set(ev.call.id, ev.call);
      return;
    case 'usage':
      v.usage = ev.total;
      if (ev.context) v.contextWindow = ev.context.window;
      return;
    case 'budget':
      v.budget = ev.budget;
      return;
    case 'mode':
      v.mode = ev.mode;
      return;
    case 'working_folder':
      v.workingFolder = ev.folder;
      return;
    case 'summary':
      v.summary = ev.session;
      return;
    default:
      // Requests are the task's approvals' to tell; progress, errors and the rest are news, not state.
      return;
  }
}

/** What session:open answers for a conversation a task is writing now: the folded view, as running. */
export function liveOpenAnswer(task: BackgroundTaskView & { sessionId: string }, v: LiveView, pending: PermissionRequestView[]) {
  const session: SessionSummary = {
    ...(v.summary ?? { id: task.sessionId, projectDir: task.projectDir, title: task.name, createdAt: task.createdAt, updatedAt: task.createdAt }),
    messageCount: v.messages.length,
  };
  return {
    session,
    messages: [...v.messages],
    status: 'running' as const,
    toolCalls: [...v.calls.values()],
    pendingPermissions: pending,
    usage: v.usage,
    mode: v.mode ?? task.mode,
    workingFolder: v.workingFolder ?? null,
    ...(v.contextWindow !== null ? { contextWindow: v.contextWindow } : {}),
    budget: v.budget,
    drafts: [...v.drafts.values()],
  };
}
export type LiveOpenAnswer = ReturnType<typeof liveOpenAnswer>;
