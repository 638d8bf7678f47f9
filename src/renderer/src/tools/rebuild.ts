// A ToolCallView rebuilt from the transcript, for calls without a snapshot (a reopened session keeps
// saved snapshots only of file-changing calls):
// the tool_use block plus its tool_result. The state is read from the result, best effort.
import type { ToolCallState, ToolCallView } from '../../../shared/tools/tool-call';
import type { ContentBlock } from '../../../shared/transcript';

export type ToolUseBlock = Extract<ContentBlock, { type: 'tool_use' }>;
export type ToolResultBlock = Extract<ContentBlock, { type: 'tool_result' }>;

export function resultText(block: ToolResultBlock): string {
  return typeof block.content === 'string'
    ? block.content
    : block.content.map((c) => (c.type === 'text' ? c.text : `[${c.source.media_type} image]`)).join('\n');
}

// The engine's own wording for calls that did not run or were stopped (tools/executor/outcomes.ts,
// pipeline/permission*.ts); the transcript keeps no state, so the words are all there is.
const CANCELLED = [/^The user stopped this tool call\./, /^Cancelled: /, /<error>Command was aborted before completion<\/error>/];
const REJECTED = [/^The user denied this \S+ call/, /^Permission to use \S+ has been denied/, /^\S+ hook denied this call/];

export function stateFromResult(block: ToolResultBlock): ToolCallState {
  if (!block.is_error) return 'succeeded';
  const text = resultText(block);
  if (CANCELLED.some((re) => re.test(text))) return 'cancelled';
  if (REJECTED.some((re) => re.test(text))) return 'rejected';
  return 'failed';
}

/**
 * `turnRunning`: the session is still working, so a call without a result is about to start;
 * otherwise it never got one (the turn was cut short) and shows as stopped.
 */
export function rebuildCall(use: ToolUseBlock, messageId: string, result: ToolResultBlock | undefined, turnRunning: boolean): ToolCallView {
  const view: ToolCallView = { id: use.id, name: use.name, userFacingName: use.name, messageId, input: use.input, state: 'validating' };
  if (!result) return { ...view, state: turnRunning ? 'validating' : 'cancelled' };
  const state = stateFromResult(result);
  const text = resultText(result);
  return {
    ...view,
    state,
    result: { text, isError: Boolean(result.is_error) },
    ...(result.is_error ? { error: { message: text } } : {}),
  };
}
