// Rebuilds a conversation from the lines of its session file, turn by turn (PX5). A turn writes, as
// things happen: its `turn_start` with the prompt; the blocks of a reply up to each tool call, before
// the call may run; each call's result the moment it finishes; the complete messages; its `turn_end`.
// A turn without its end was interrupted (a crash, a kill): a reply whose message never came is rebuilt
// from its blocks, the finished calls' results follow it, a call that started and has no result gets an
// error result saying so (it is never run again), and the turn's last message says it was interrupted.
// Files written before turns were logged have none of these lines and load as they always did.
import type { ContentBlock, Message, RunStop } from '../../shared/transcript';

type ToolUse = Extract<ContentBlock, { type: 'tool_use' }>;
type ToolResult = Extract<ContentBlock, { type: 'tool_result' }>;

/** The lines of a session file that make up its conversation, in file order. */
export type LogEntry =
  | { type: 'message'; message: Message }
  /** `retries`: the turn sends the conversation again after the error stop on that message, which it clears. */
  | { type: 'turn_start'; turnId: string; at: number; retries?: string }
  /** Blocks of reply `messageId` that streamed before one of its tool calls, ending with that call. */
  | { type: 'reply_blocks'; messageId: string; blocks: ContentBlock[]; at: number }
  /** A call of reply `messageId` finished with this result. */
  | { type: 'tool_result'; messageId: string; result: ToolResult; at: number }
  /** `stopped`: why the run stopped short, for message `messageId` (its last message). */
  | { type: 'turn_end'; turnId: string; at: number; stopped?: { messageId: string; stop: RunStop } };

export interface InterruptedTurn {
  turnId: string;
  /** Calls that had started and have no result: answered with an error, never run again. */
  unfinished: ToolUse[];
}

export interface Recovered {
  messages: Message[];
  /** Turns the app never finished, oldest first. */
  interrupted: InterruptedTurn[];
}

/** Stop reason of a reply rebuilt from its blocks (its message was never written). */
export const INTERRUPTED_STOP_REASON = 'interrupted';

export const UNFINISHED_CALL_RESULT =
  'Agent Desk stopped (it was closed or crashed) before this call finished, so its result is unknown. It was not run again: check what it did before relying on it.';

function interruptedStop(unfinished: readonly ToolUse[]): RunStop {
  const n = unfinished.length;
  const names = [...new Set(unfinished.map((u) => u.name))].join(', ');
  const calls = n === 0 ? '' : n === 1 ? ` A ${names} call had not finished; it was not run again.` : ` ${n} calls (${names}) had not finished; they were not run again.`;
  return {
    kind: 'interrupted',
    text: `Agent Desk stopped before this turn finished (it was closed or crashed). What happened until then is kept.${calls}`,
    canContinue: true,
  };
}

interface Turn {
  /** null: lines outside a logged turn (older files, or after a turn's end). */
  id: string | null;
  ended: boolean;
  entries: LogEntry[];
}

function turnsOf(entries: readonly LogEntry[]): Turn[] {
  const turns: Turn[] = [];
  let current: Turn = { id: null, ended: true, entries: [] };
  turns.push(current);
  for (const e of entries) {
    if (e.type === 'turn_start') {
      current = { id: e.turnId, ended: false, entries: [] };
      turns.push(current);
    } else if (e.type === 'turn_end') {
      current.ended = true;
      current = { id: null, ended: true, entries: [] };
      turns.push(current);
    } else current.entries.push(e);
  }
  return turns;
}

const toolUses = (m: Message): ToolUse[] => (m.role === 'assistant' ? m.content.filter((b): b is ToolUse => b.type === 'tool_use') : []);

/** The turn's messages: complete ones where they were written, replies rebuilt from their blocks. */
function messagesOf(turn: Turn, complete: ReadonlyMap<string, Message>, placed: Set<string>): { messages: Message[]; rebuilt: Set<Message> } {
  const messages: Message[] = [];
  const rebuilt = new Set<Message>();
  const drafts = new Map<string, Message>();
  for (const e of turn.entries) {
    if (e.type === 'message') {
      if (placed.has(e.message.id)) continue;
      placed.add(e.message.id);
      messages.push(complete.get(e.message.id)!);
    } else if (e.type === 'reply_blocks' && !complete.has(e.messageId)) {
      let draft = drafts.get(e.messageId);
      if (!draft) {
        draft = { id: e.messageId, role: 'assistant', content: [], createdAt: e.at, stopReason: INTERRUPTED_STOP_REASON };
        drafts.set(e.messageId, draft);
        rebuilt.add(draft);
        messages.push(draft);
      }
      draft.content.push(...e.blocks);
    }
  }
  return { messages, rebuilt };
}

export function recoverTranscript(entries: readonly LogEntry[]): Recovered {
  // The first line of a message wins (a retried append may repeat one).
  const complete = new Map<string, Message>();
  for (const e of entries) if (e.type === 'message' && !complete.has(e.message.id)) complete.set(e.message.id, e.message);
  const answered = new Set<string>();
  for (const m of complete.values()) for (const b of m.content) if (b.type === 'tool_result') answered.add(b.tool_use_id);
  const stops = new Map<string, RunStop>();
  for (const e of entries) {
    if (e.type === 'turn_end' && e.stopped) stops.set(e.stopped.messageId, e.stopped.stop);
    if (e.type === 'turn_start' && e.retries) stops.delete(e.retries);
  }

  const out: Message[] = [];
  const interrupted: InterruptedTurn[] = [];
  const placed = new Set<string>();
  for (const turn of turnsOf(entries)) {
    const { messages, rebuilt } = messagesOf(turn, complete, placed);
    const finished = new Map<string, ToolResult>();
    for (const e of turn.entries) if (e.type === 'tool_result' && !answered.has(e.result.tool_use_id)) finished.set(e.result.tool_use_id, e.result);
    const last = messages.at(-1);
    // A turn whose final reply is on disk lost nothing but its end line (killed during that append).
    const replied = last !== undefined && !rebuilt.has(last) && last.role === 'assistant' && last.stopReason !== 'tool_use' && toolUses(last).every((u) => answered.has(u.id));
    const cut = turn.id !== null && !turn.ended && !replied;
    const unfinished: ToolUse[] = [];
    for (const m of messages) {
      out.push(m);
      const results: ToolResult[] = [];
      for (const use of toolUses(m)) {
        if (answered.has(use.id)) continue;
        const result = finished.get(use.id);
        if (result) results.push(result);
        else if (cut) {
          unfinished.push(use);
          results.push({ type: 'tool_result', tool_use_id: use.id, content: UNFINISHED_CALL_RESULT, is_error: true });
        }
      }
      if (results.length > 0) out.push({ id: `${m.id}:results`, role: 'user', content: results, createdAt: m.createdAt });
    }
    if (!cut) continue;
    if (messages.length > 0) out[out.length - 1] = { ...out[out.length - 1]!, stopped: interruptedStop(unfinished) };
    interrupted.push({ turnId: turn.id!, unfinished });
  }
  return { messages: out.map((m) => (stops.has(m.id) ? { ...m, stopped: stops.get(m.id)! } : m)), interrupted };
}
