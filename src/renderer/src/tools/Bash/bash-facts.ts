// Bash's view data, pure: the input's command and description, the structured output (BashOutput in
// `result.data`, parsed, never trusted), the output to show, and how the run ended in plain words.
import { BashOutput } from '../../../../shared/tools/bash';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import type { OutputChunk, ProgressLog } from '../../stores/progress-log';
import { formatDuration } from '../../../../shared/format-duration';

export interface BashInputView {
  command: string;
  description: string;
}

export function bashInput(input: unknown): BashInputView {
  const r = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  return {
    command: typeof r.command === 'string' ? r.command : '',
    description: typeof r.description === 'string' ? r.description.trim() : '',
  };
}

export function bashOutput(call: ToolCallView): BashOutput | null {
  const parsed = BashOutput.safeParse(call.result?.data);
  return parsed.success ? parsed.data : null;
}

export interface ShownOutput {
  chunks: Pick<OutputChunk, 'id' | 'stream' | 'text'>[];
  hiddenChars: number;
}

/**
 * What the output box shows: the live output as it arrived when there is one (what the person
 * watched), else stdout and stderr of the result, else the model's result text (a reopened session).
 */
export function shownOutput(call: ToolCallView, progress: ProgressLog | undefined): ShownOutput {
  if (progress && progress.chunks.length > 0) return { chunks: progress.chunks, hiddenChars: progress.hiddenChars };
  const out = bashOutput(call);
  if (out) {
    const chunks: ShownOutput['chunks'] = [];
    if (out.stdout) chunks.push({ id: 0, stream: 'stdout', text: out.stdout });
    if (out.stderr) chunks.push({ id: 1, stream: 'stderr', text: (out.stdout && !out.stdout.endsWith('\n') ? '\n' : '') + out.stderr });
    return { chunks, hiddenChars: 0 };
  }
  if (!resultTextIsOutput(call)) return { chunks: [], hiddenChars: 0 };
  const text = (call.result?.text ?? '').replace(STOP_TRAILERS, '').replace(/\s+$/, '');
  return text ? { chunks: [{ id: 0, stream: 'stdout', text }], hiddenChars: 0 } : { chunks: [], hiddenChars: 0 };
}

// Lines the engine adds to a stopped command's text; the view says "Stopped before it finished" instead.
const STOP_TRAILERS = /^(?:The user stopped this tool call\.|<error>Command was aborted before completion<\/error>)$/gm;

/**
 * Without structured output (a call rebuilt from the transcript) the result text is the command's
 * output, unless the call never ran: a denial or an input error (those carry an error code) is a
 * reason, shown as such by the card.
 */
export function resultTextIsOutput(call: ToolCallView): boolean {
  if (bashOutput(call)) return false;
  if (call.state === 'succeeded' || call.state === 'cancelled') return true;
  return call.state === 'failed' && !call.error?.code;
}

/** How the run ended, beyond its exit code, in sentences. */
export function bashNotes(call: ToolCallView): string[] {
  const out = bashOutput(call);
  const notes: string[] = [];
  if (out) {
    if (out.timedOut) notes.push(`Stopped because it ran longer than ${formatDuration(out.timeoutMs)}.`);
    else if (out.interrupted) notes.push('Stopped before it finished.');
    else if (out.exitCode === null && out.signal) notes.push(`Ended by the signal ${out.signal}.`);
    if (out.returnCodeInterpretation) notes.push(`Exit code ${out.exitCode}: ${out.returnCodeInterpretation}.`);
    if (out.backgroundTaskId) notes.push(`Running in the background (task ${out.backgroundTaskId}).`);
    for (const n of out.notes ?? []) notes.push(n);
  } else if (call.state === 'cancelled') {
    notes.push('Stopped before it finished.');
  }
  return notes;
}

/** Where the whole output was saved when it was too large to keep in the conversation. */
export function savedOutputPath(call: ToolCallView): string | null {
  return bashOutput(call)?.outputFile ?? call.result?.persistedPath ?? null;
}

/** "Exit code 0" and its tone; null when there is no exit code to show. */
export function exitBadge(call: ToolCallView): { text: string; ok: boolean } | null {
  const out = bashOutput(call);
  if (!out || out.exitCode === null || out.backgroundTaskId) return null;
  return { text: `Exit code ${out.exitCode}`, ok: out.exitCode === 0 || out.returnCodeInterpretation !== undefined };
}
