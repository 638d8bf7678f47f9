// Bash's view data, pure: the input's command and description, the structured output (BashOutput in
// `result.data`, parsed, never trusted), the output to show, how the run ended in plain words
// ("Finished", "Failed (error 1)"; the exit code itself one click away) and where a failure's first
// error sits in the output.
import { classifyCommands, type CommandKind } from '../../../../shared/shell/classify';
import { legacySplit } from '../../../../shared/shell/legacy-split';
import { BashOutput } from '../../../../shared/tools/bash';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import type { OutputChunk, ProgressLog } from '../../stores/progress-log';
import { formatDuration } from '../../../../shared/format-duration';
import { parseAnsiChunks } from '../shared/ansi';
import type { OutputMark } from '../shared/OutputBox';
import { firstErrorLine, type ErrorLine } from './error-line';
import type { TaskView } from '../../../../shared/ipc/tasks-contract';
import { endedWords } from '../../processes/process-words';

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

const activities = new Map<string, CommandKind | null>();

/**
 * BA12: whether the line only searches, reads or lists — then the card says "Searched…", folds its
 * output and joins the searches. Lines the strict splitter refuses are shown as commands.
 */
export function bashActivity(command: string): CommandKind | null {
  let kind = activities.get(command);
  if (kind !== undefined) return kind;
  const a = legacySplit(command);
  kind = a.kind === 'too-complex' ? null : (classifyCommands(a.commands)?.kind ?? null);
  if (activities.size > 500) activities.clear();
  activities.set(command, kind);
  return kind;
}

/** The card's words for a line that only looks: "Searched", "Read", "Listed". */
export const ACTIVITY_WORDS: Record<CommandKind, string> = { search: 'Searched', read: 'Read', list: 'Listed' };

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
  const text = (call.result?.text ?? '').replace(STOP_TRAILERS, '').replace(EXIT_TRAILER, '').replace(/\s+$/, '');
  return text ? { chunks: [{ id: 0, stream: 'stdout', text }], hiddenChars: 0 } : { chunks: [], hiddenChars: 0 };
}

// Lines the engine adds to a stopped command's text; the view says "Stopped before it finished" instead.
const STOP_TRAILERS = /^(?:The user stopped this tool call\.|<error>Command was aborted before completion<\/error>)$/gm;
// The engine's last line for a non-zero exit (tools/bash/result-text.ts); the state words say it instead.
const EXIT_TRAILER = /(?:^|\n)Exit code (-?\d+)(?: \(([^)\n]*)\))?\s*$/;

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

const STILL_RUNS = 'it keeps running, listed under Running programs and in the to-do list, where you can stop it; the assistant can check on it or stop it too.';

/** What became of a background command, as the task registry says now (null: not known here). */
export type BackgroundState = Pick<TaskView, 'status' | 'exitCode' | 'startedAt' | 'endedAt'> | null;

/** How the run ended, beyond its exit code, in sentences; a background command's follows its task. */
export function bashNotes(call: ToolCallView, task: BackgroundState = null): string[] {
  const out = bashOutput(call);
  const notes: string[] = [];
  if (out) {
    if (out.timedOut) notes.push(`Stopped because it ran longer than ${formatDuration(out.timeoutMs)}.`);
    else if (out.interrupted) notes.push('Stopped before it finished.');
    else if (out.exitCode === null && out.signal) notes.push(`Ended by the signal ${out.signal}.`);
    if (out.returnCodeInterpretation) notes.push(`${out.returnCodeInterpretation}.`);
    if (out.backgroundTaskId) notes.push(backgroundNote(out, task));
    for (const n of out.notes ?? []) notes.push(n);
  } else if (call.state === 'cancelled') {
    notes.push('Stopped before it finished.');
  }
  return notes;
}

/**
 * How it went to the background and, while it runs, where a person finds it (not its id: "task bash_…"
 * read like the header's background Tasks, which it is not); once it ended, how — never "keeps running".
 */
function backgroundNote(out: BashOutput, task: BackgroundState): string {
  const how =
    out.backgroundedAfterMs !== undefined
      ? `Still running after ${formatDuration(out.backgroundedAfterMs)}, so it moved to the background by itself`
      : out.backgroundedByUser
        ? 'Moved to the background'
        : null;
  if (task && task.status !== 'running') return `${how ?? 'Ran in the background'}. ${endedWords(task)}.`;
  return `${how ?? 'Runs in the background'}: ${STILL_RUNS}`;
}

/** Where the whole output was saved when it was too large to keep in the conversation. */
export function savedOutputPath(call: ToolCallView): string | null {
  const out = bashOutput(call);
  // A background task's file is where it writes, not a saved copy (its note says where it runs).
  if (out?.backgroundTaskId) return null;
  return out?.outputFile ?? call.result?.persistedPath ?? null;
}

/** The number the command ended with, and what it means when it is not an error; null when unknown. */
export function bashExit(call: ToolCallView): { code: number; meaning?: string } | null {
  const out = bashOutput(call);
  if (out) {
    if (out.exitCode === null || out.backgroundTaskId) return null;
    return out.returnCodeInterpretation ? { code: out.exitCode, meaning: out.returnCodeInterpretation } : { code: out.exitCode };
  }
  // A call rebuilt from the transcript: the engine's "Exit code 1" line, if the text ends with one.
  const m = resultTextIsOutput(call) ? EXIT_TRAILER.exec(call.result?.text ?? '') : null;
  if (!m) return null;
  return m[2] ? { code: Number(m[1]), meaning: m[2] } : { code: Number(m[1]) };
}

/** The card's state in plain words: "Finished", "Failed (error 1)"; null = the usual words. */
export function bashStateWords(call: ToolCallView): string | null {
  if (call.state === 'succeeded') {
    const out = bashOutput(call);
    if (out?.backgroundedByUser || out?.backgroundedAfterMs !== undefined) return 'Moved to the background';
    return out?.backgroundTaskId ? 'Started in the background' : 'Finished';
  }
  if (call.state !== 'failed') return null;
  const exit = bashExit(call);
  return exit && exit.code !== 0 ? `Failed (error ${exit.code})` : null;
}

/** The technical details behind the disclosure: the exit code, said as a terminal says it. */
export function bashDetails(call: ToolCallView): string[] {
  const exit = bashExit(call);
  if (!exit) return [];
  return [
    `Exit code ${exit.code}${exit.meaning ? ` (${exit.meaning})` : ''}`,
    'A command ends with a number: 0 means it went well; anything else usually means a problem.',
  ];
}

/**
 * A failure's first error line in the shown output, and the pieces of chunks it covers (to mark it
 * and open there). Read in the visible text, colours and escapes removed as OutputBox removes them,
 * so the line's words and the marks' offsets are the ones on screen.
 */
export function errorSpot(chunks: readonly Pick<OutputChunk, 'stream' | 'text'>[]): { line: ErrorLine; marks: OutputMark[] } | null {
  const visible = parseAnsiChunks(chunks).map((p) => p.text);
  const text = { stdout: '', stderr: '' };
  const starts = chunks.map((c, i) => {
    const at = text[c.stream].length;
    text[c.stream] += visible[i]!;
    return at;
  });
  const line = firstErrorLine(text.stderr, text.stdout);
  if (!line) return null;
  const marks: OutputMark[] = [];
  chunks.forEach((c, i) => {
    if (c.stream !== line.stream) return;
    const from = Math.max(line.start, starts[i]!);
    const to = Math.min(line.end, starts[i]! + visible[i]!.length);
    if (from < to) marks.push({ chunk: i, start: from - starts[i]!, end: to - starts[i]! });
  });
  return { line, marks };
}

/** Why a command that ran failed, for the card: its first error line ("First error: fatal: …"). */
export function bashProblem(call: ToolCallView): string | null {
  if (call.state !== 'failed') return null;
  const spot = errorSpot(shownOutput(call, undefined).chunks);
  return spot ? `First error: ${spot.line.text}` : null;
}
