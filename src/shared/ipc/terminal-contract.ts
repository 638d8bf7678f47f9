// The terminal pane (issue 15 item 5): the person's own shell in the project, several tabs.
// Spread into src/shared/ipc/contract.ts; channel names are still defined only in these contract files.
import { z } from 'zod';

const terminalId = z.string().min(1).max(100);
/** A window far larger than any screen is refused rather than handed to the pty. */
const cols = z.number().int().min(2).max(1000);
const rows = z.number().int().min(1).max(500);
/** One paste or keystroke batch; larger pastes are sent in several pieces by the pane. */
export const TERMINAL_INPUT_MAX = 64 * 1024;
/** One output batch (main coalesces to at most this). */
export const TERMINAL_DATA_MAX = 64 * 1024;

export const TerminalInfo = z.object({
  terminalId,
  /** "Terminal 1", or "Output: <task>" for a background task's output. */
  title: z.string().max(200),
  /** A background task's output: shown and followed, not typed into. */
  readOnly: z.boolean(),
});
export type TerminalInfo = z.infer<typeof TerminalInfo>;

export const TerminalExit = z.object({
  exitCode: z.number().int().nullable(),
  signal: z.number().int().nullable(),
});
export type TerminalExit = z.infer<typeof TerminalExit>;

export const TerminalSnapshot = TerminalInfo.extend({
  exit: TerminalExit.nullable(),
  /** The recent output (bounded), so a reloaded window shows the screen it had. */
  screen: z.string().max(1024 * 1024),
});
export type TerminalSnapshot = z.infer<typeof TerminalSnapshot>;

/** Request/response channels of this part. */
export const terminalInvoke = {
  /** A new terminal in the project folder; with `taskId`, a read-only tab following that background task's output. */
  'terminal:open': {
    request: z.strictObject({ cols, rows, taskId: z.string().min(1).max(200).optional() }),
    response: TerminalInfo,
  },
  /** Keys typed or text pasted into a terminal; false when it has ended, is read-only or is not this window's. */
  'terminal:input': {
    request: z.strictObject({ terminalId, data: z.string().min(1).max(TERMINAL_INPUT_MAX) }),
    response: z.object({ accepted: z.boolean() }),
  },
  'terminal:resize': {
    request: z.strictObject({ terminalId, cols, rows }),
    response: z.object({ resized: z.boolean() }),
  },
  /** Ends the terminal's shell and what it started; false for an unknown terminal. */
  'terminal:close': {
    request: z.strictObject({ terminalId }),
    response: z.object({ closed: z.boolean() }),
  },
  /** This window's open terminals with their recent screens (after a reload). */
  'terminal:list': {
    request: z.strictObject({}),
    response: z.object({ terminals: z.array(TerminalSnapshot).max(100) }),
  },
} as const satisfies Record<string, { request: z.ZodType; response: z.ZodType }>;

/** Event channels (main → renderer) of this part; each goes only to the window that opened the terminal. */
export const terminalEvents = {
  'terminal:data': z.object({ terminalId, data: z.string().max(TERMINAL_DATA_MAX) }),
  /** The shell ended by itself (typed `exit`, crashed); the tab stays until closed. */
  'terminal:exit': TerminalExit.extend({ terminalId }),
} as const satisfies Record<string, z.ZodType>;
