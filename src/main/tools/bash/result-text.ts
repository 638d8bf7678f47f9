// What the model reads for a Bash call: stdout, then stderr, then one line on how it ended
// (exit code, timeout, Stop), the full-output file when there is one, and any notes.
import { formatDuration } from '../../../shared/format-duration';
import type { BashOutput } from '../../../shared/tools/bash';
import { SPILL_CAP_NOTE_START } from './output';
import { formatChars } from './progress';

// Leading blank lines and trailing whitespace carry nothing for the model.
const tidy = (s: string) => s.replace(/^(?:[ \t]*\r?\n)+/, '').replace(/\s+$/, '');

/** Per stream, what the model sees of an output that went to a file: its start and its end (build
 *  errors and test summaries sit at the end). The view keeps the larger head and tail in `data`. */
export const SPILLED_PREVIEW = { headChars: 4_000, tailChars: 4_000 };

function clip(text: string, capped: boolean): string {
  const { headChars, tailChars } = SPILLED_PREVIEW;
  if (text.length <= headChars + tailChars + 200) return text;
  return `${text.slice(0, headChars)}\n\n... [middle omitted; see the ${capped ? '' : 'full '}output file below] ...\n\n${text.slice(-tailChars)}`;
}

export function bashResultIsError(output: BashOutput): boolean {
  if (output.backgroundTaskId) return false;
  if (output.timedOut || output.interrupted || output.exitCode === null) return true;
  return output.exitCode !== 0 && output.returnCodeInterpretation === undefined;
}

export function formatBashResult(output: BashOutput): { content: string; isError: boolean } {
  const parts: string[] = [];
  if ((output.backgroundedByUser || output.backgroundedAfterMs !== undefined) && output.backgroundTaskId) {
    // BA10: the output so far (its start and end if long), then Claude Code's words for a moved command.
    for (const text of [output.stdout, output.stderr].map((t) => tidy(clip(t, false)))) if (text) parts.push(text);
    if (output.backgroundedAfterMs !== undefined) {
      parts.push(
        `Command was still running after ${formatDuration(output.backgroundedAfterMs)} and was moved to the background with ID: ${output.backgroundTaskId}. It keeps running; read its output with TaskOutput or stop it with TaskStop. Output is being written to: ${output.outputFile}`,
      );
    } else parts.push(`Command was manually backgrounded by user with ID: ${output.backgroundTaskId}. Output is being written to: ${output.outputFile}`);
  } else if (output.backgroundTaskId) {
    parts.push(`Command running in background with ID: ${output.backgroundTaskId}. Output is being written to: ${output.outputFile}`);
  } else {
    // A spill file past its cap holds only the output's start; its note (output.ts) says how much is missing.
    const capped = output.notes?.some((n) => n.startsWith(SPILL_CAP_NOTE_START)) ?? false;
    const view = output.outputFile ? (t: string) => clip(t, capped) : (t: string) => t;
    const stdout = tidy(view(output.stdout));
    const stderr = tidy(view(output.stderr));
    if (stdout) parts.push(stdout);
    if (stderr) parts.push(stderr);
    if (output.timedOut) parts.push(`Command timed out after ${formatDuration(output.timeoutMs)}`);
    else if (output.interrupted) parts.push('<error>Command was aborted before completion</error>');
    else if (output.exitCode === null && output.signal) parts.push(`Command was killed by ${output.signal}`);
    else if (output.exitCode !== null && output.exitCode !== 0) {
      parts.push(
        output.returnCodeInterpretation
          ? `Exit code ${output.exitCode} (${output.returnCodeInterpretation})`
          : `Exit code ${output.exitCode}`,
      );
    }
    if (output.outputFile) {
      parts.push(
        `[The output was ${formatChars(output.totalChars ?? 0)}; above are its beginning and end. ` +
          (capped
            ? `The start of the output (stdout and stderr as they arrived, up to the file's cap) is in ${output.outputFile}]`
            : `The full output (stdout and stderr as they arrived) is in ${output.outputFile}]`),
      );
    }
  }
  for (const note of output.notes ?? []) parts.push(note);
  return { content: parts.join('\n') || '(no output)', isError: bashResultIsError(output) };
}
