// Transcript → what the tool cards need, pure: results by tool_use id, each assistant message's steps
// (text and tool calls in order), live calls of replies not yet in the transcript, and which user
// messages carry only tool results (not shown as bubbles).
import type { ToolCallView } from '../../../shared/tools/tool-call';
import type { Message } from '../../../shared/transcript';
import type { StepItem } from '../tools/grouping';
import type { ToolResultBlock, ToolUseBlock } from '../tools/rebuild';

export function toolResultsById(messages: readonly Message[]): Map<string, ToolResultBlock> {
  const out = new Map<string, ToolResultBlock>();
  for (const m of messages) {
    if (m.role !== 'user') continue;
    for (const b of m.content) if (b.type === 'tool_result') out.set(b.tool_use_id, b);
  }
  return out;
}

/** A user message made only of tool results: the API's plumbing, not something the person said. */
export function isToolResultsOnly(message: Message): boolean {
  return message.role === 'user' && message.content.length > 0 && message.content.every((b) => b.type === 'tool_result');
}

export function toolUsesOf(message: Message): ToolUseBlock[] {
  return message.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
}

export function stepsOfMessage(message: Message): StepItem[] {
  const steps: StepItem[] = [];
  message.content.forEach((b, i) => {
    if (b.type === 'text') steps.push({ kind: 'text', key: `${message.id}:${i}`, text: b.text });
    else if (b.type === 'tool_use') steps.push({ kind: 'tool', id: b.id, name: b.name, messageId: message.id, input: b.input });
  });
  return steps;
}

/** Live calls of replies that are not in the transcript yet (still streaming), per message id, in start order. */
export function liveCallsByMessage(calls: Readonly<Record<string, ToolCallView>>, committed: ReadonlySet<string>): Map<string, ToolCallView[]> {
  const out = new Map<string, ToolCallView[]>();
  // Records keep insertion order, which is the order the calls were first published.
  for (const call of Object.values(calls)) {
    // A subagent's calls are shown under its Agent card, not as the conversation's own.
    if (committed.has(call.messageId) || call.parentToolUseId) continue;
    const list = out.get(call.messageId);
    if (list) list.push(call);
    else out.set(call.messageId, [call]);
  }
  return out;
}

export function stepsOfCalls(calls: readonly ToolCallView[]): StepItem[] {
  return calls.map((c) => ({ kind: 'tool', id: c.id, name: c.name, messageId: c.messageId, input: c.input }));
}
