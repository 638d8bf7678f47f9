// What a running task's session events say of its progress, folded into plain data (pure): what it does
// now in words, how many model calls it made, its usage totals, which requests wait for a person (and
// how the last ones ended) and what it said last. The worker writes the result to the task's files.
import type { PermissionRequestView } from '../../../shared/permissions/request';
import type { SessionEvent, UsageTotals } from '../../../shared/session-events';
import { isTerminal, type ToolCallView } from '../../../shared/tools/tool-call';

const ACTIVITY_MAX = 120;
/** How many ended requests are remembered. */
export const SETTLED_KEPT = 50;

export interface Settled {
  requestId: string;
  decision: 'allow_once' | 'allow_always' | 'deny' | 'cancelled';
  expired?: boolean;
}

export interface TaskProgress {
  activity: string | null;
  turns: number;
  usage: UsageTotals | null;
  waiting: PermissionRequestView[];
  /** How the last requests that stopped waiting ended, oldest first. */
  settled: Settled[];
  /** The calls running now, by id, newest last: the activity names the newest. */
  running: Map<string, ToolCallView>;
  /** The last words of the assistant so far (the task's outcome when it finishes). */
  lastText: string;
}

export function emptyProgress(): TaskProgress {
  return { activity: null, turns: 0, usage: null, waiting: [], settled: [], running: new Map(), lastText: '' };
}

function clip(text: string, max = ACTIVITY_MAX): string {
  const line = text.split('\n')[0]!.trim();
  return line.length > max || text.trim().includes('\n') ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

const basename = (p: string): string => p.split(/[\\/]/).filter(Boolean).at(-1) ?? p;

/** "Running npm test", "Reading notes.md", "Editing app.ts", "Searching for TODO", "Using WebFetch". */
export function activityOf(call: ToolCallView): string {
  const input = (call.input ?? {}) as Record<string, unknown>;
  const str = (k: string) => (typeof input[k] === 'string' && (input[k] as string).trim() ? (input[k] as string) : null);
  const command = call.kind === 'exec' ? str('command') : null;
  if (command) return clip(`Running ${command}`);
  const file = str('file_path') ?? str('notebook_path') ?? str('path');
  if (file && call.kind === 'edit') return clip(`Editing ${basename(file)}`);
  if (file && call.kind === 'read' && call.name === 'Read') return clip(`Reading ${basename(file)}`);
  const pattern = str('pattern') ?? str('query');
  if (pattern && call.kind === 'read') return clip(`Searching for ${pattern}`);
  if (call.kind === 'fetch') return clip(`Fetching ${str('url') ?? str('query') ?? 'a page'}`);
  if (call.kind === 'agent') return clip(`Working with a helper: ${str('description') ?? call.userFacingName}`);
  return clip(`Using ${call.userFacingName || call.name}`);
}

function currentActivity(p: TaskProgress): string | null {
  if (p.waiting.length > 0) return `Waiting for your approval: ${p.waiting.length === 1 ? '1 request' : `${p.waiting.length} requests`}`;
  const newest = [...p.running.values()].at(-1);
  return newest ? activityOf(newest) : p.activity;
}

/** The next progress after one event of the task's session (the input is not changed). */
export function applyEvent(prev: TaskProgress, ev: SessionEvent): TaskProgress {
  const p: TaskProgress = { ...prev };
  switch (ev.type) {
    case 'assistant_start':
      p.turns = prev.turns + 1;
      p.activity = 'Thinking';
      break;
    case 'text_delta':
      p.lastText = (prev.lastText + ev.text).slice(-2_000);
      if (p.running.size === 0) p.activity = 'Writing';
      break;
    case 'message':
      if (ev.message.role === 'assistant') {
        const text = ev.message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n').trim();
        if (text) p.lastText = text.slice(-2_000);
      }
      break;
    case 'tool_call': {
      p.running = new Map(prev.running);
      if (isTerminal(ev.call.state)) p.running.delete(ev.call.id);
      else {
        p.running.delete(ev.call.id);
        p.running.set(ev.call.id, ev.call);
      }
      break;
    }
    case 'permission_request':
      p.waiting = [...prev.waiting.filter((r) => r.requestId !== ev.request.requestId), ev.request];
      break;
    case 'permission_resolved':
      p.waiting = prev.waiting.filter((r) => r.requestId !== ev.requestId);
      p.settled = [...prev.settled, { requestId: ev.requestId, decision: ev.decision, ...(ev.expired ? { expired: true } : {}) }].slice(-SETTLED_KEPT);
      break;
    case 'usage':
      p.usage = ev.total;
      break;
    case 'status':
      if (ev.status === 'idle') p.running = new Map();
      break;
    default:
      return prev;
  }
  p.activity = currentActivity(p);
  return p;
}
