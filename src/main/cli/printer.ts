// Prints one headless run's session events: text mode streams the reply text to stdout (nothing else:
// stdout stays the answer, like Claude Code's -p); stream-json prints each complete message as one JSON
// line. Denied tool calls are collected for the result and, in text mode, named on stderr.
import type { SessionEvent } from '../../shared/session-events';
import type { OutputFormat } from './args';
import type { CliIO } from './io';
import { compactBoundaryEvent, messageEvent, retryEvent, type PermissionDenial } from './output';

export interface RunPrinter {
  onEvent(ev: SessionEvent): void;
  /** Calls that were refused, in the order they were refused. */
  readonly denials: PermissionDenial[];
  /** Ends text output on a line break. */
  end(): void;
}

export function createRunPrinter(io: CliIO, format: OutputFormat, sessionId: string): RunPrinter {
  const json = (x: unknown) => io.stdout.write(JSON.stringify(x) + '\n');
  const denials: PermissionDenial[] = [];
  const denied = new Set<string>();
  // Text mode prints deltas as they come; a retry after visible text restarts the reply on a new line.
  let printedForCurrent = false;
  let lastChar = '\n';
  let promptSeen = false;

  function text(ev: SessionEvent): void {
    if (ev.type === 'assistant_start') {
      if (lastChar !== '\n') io.stdout.write('\n');
      printedForCurrent = false;
    } else if (ev.type === 'text_delta' && ev.text) {
      io.stdout.write(ev.text);
      printedForCurrent = true;
      lastChar = ev.text.at(-1)!;
    } else if (ev.type === 'retry' && printedForCurrent) {
      io.stdout.write(lastChar === '\n' ? '' : '\n');
      lastChar = '\n';
      printedForCurrent = false;
      io.stderr.write(`agent-desk: ${ev.reason} — retrying\n`);
    } else if (ev.type === 'message' && ev.message.compaction) {
      io.stderr.write('agent-desk: the conversation was summarised to make room; it goes on from the summary\n');
    }
  }

  function streamJson(ev: SessionEvent): void {
    if (ev.type === 'message' && ev.message.compaction) {
      json(compactBoundaryEvent({ sessionId, trigger: ev.message.compaction.trigger, preTokens: ev.message.compaction.tokensBefore }));
    } else if (ev.type === 'message') {
      // The prompt itself is not echoed (like Claude Code); later user messages carry tool results.
      if (ev.message.role === 'user' && !promptSeen) promptSeen = true;
      else json(messageEvent(ev.message, sessionId));
    } else if (ev.type === 'retry') json(retryEvent({ sessionId, attempt: ev.attempt, delayMs: ev.delayMs, reason: ev.reason }));
  }

  return {
    denials,
    onEvent(ev) {
      if (ev.sessionId !== sessionId) return;
      if (ev.type === 'tool_call' && ev.call.state === 'rejected' && !denied.has(ev.call.id)) {
        denied.add(ev.call.id);
        denials.push({ tool_name: ev.call.name, tool_use_id: ev.call.id, tool_input: ev.call.input });
        if (format === 'text') io.stderr.write(`agent-desk: ${ev.call.name} was not run: ${(ev.call.error?.message ?? 'denied').replace(/\s*\n\s*/g, ' ')}\n`);
      }
      if (format === 'text') text(ev);
      else if (format === 'stream-json') streamJson(ev);
    },
    end() {
      if (format === 'text' && lastChar !== '\n') io.stdout.write('\n');
    },
  };
}
