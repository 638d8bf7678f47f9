// Reads one JSON settings file: missing = nothing to say; unreadable or malformed = a warning that
// names the file and, when JSON.parse reveals it, the line and column; a key repeated in one object
// (JSON.parse keeps the last) = a warning naming the file and the line; anything but a regular file of
// at most 1 MB = a warning, never read. Never throws, never blocks.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { duplicateKeys } from './json-duplicates';

export type JsonFileResult =
  | { kind: 'missing' }
  /** `warnings`: keys the text repeats in one object (JSON.parse kept the last of each). */
  | { kind: 'ok'; value: unknown; warnings?: string[] }
  | { kind: 'error'; warning: string };

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return { line, column };
}

/** V8 quotes up to 10 characters either side of an unexpected token, with "..." where it cut. */
const SNIPPET = /^Unexpected token '([^']*)', (\.\.\.)?"([\s\S]*)"(?:\.\.\.)? is not valid JSON/;
const SNIPPET_CONTEXT = 10;

/** Where JSON.parse stopped, from its message ("at position N", "(line L column C)", or V8's quoted context). */
export function parseErrorLocation(message: string, text: string): { line: number; column: number } | null {
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const pos = /at position (\d+)/.exec(message);
  if (pos) return lineColumn(text, Number(pos[1]));
  if (/Unexpected end of JSON input/i.test(message)) return lineColumn(text, text.length);
  const snip = SNIPPET.exec(message);
  if (snip) {
    const [, token = '', cutBefore, context = ''] = snip;
    const start = text.indexOf(context);
    if (start >= 0) {
      const offset = cutBefore ? SNIPPET_CONTEXT : Math.max(0, context.indexOf(token));
      return lineColumn(text, start + offset);
    }
  }
  return null;
}

function readError(file: string, err: unknown): JsonFileResult {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
  return { kind: 'error', warning: `Could not read settings file ${file} (${code ?? String(err)}); it was ignored.` };
}

/** Parses a settings file's text (missing = empty, malformed = a warning with line and column). */
export function parseJsonText(file: string, text: string): JsonFileResult {
  // An empty file is an unfinished edit, not an error.
  if (text.trim() === '') return { kind: 'missing' };
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    const message = (err as Error).message;
    const at = parseErrorLocation(message, text);
    const where = at ? ` at line ${at.line}, column ${at.column}` : '';
    // V8's message quotes the text around the error; keep only its first sentence.
    const why = message.replace(/, (\.\.\.)?"[\s\S]*$/, '').replace(/ in JSON at position \d+[\s\S]*$/, '').trim();
    return { kind: 'error', warning: `Settings file ${file} is not valid JSON${where} (${why}); it was ignored.` };
  }
  const repeated = duplicateKeys(text);
  if (repeated.length === 0) return { kind: 'ok', value };
  const warnings = repeated.map(
    (d) => `${file}: line ${d.line}: "${d.path}" appears again in the same object (first at line ${d.firstLine}); only this later one counts, the earlier one is ignored.`,
  );
  return { kind: 'ok', value, warnings };
}

/** Settings files larger than this are not read: none is legitimately that big, and a huge one costs memory and time. */
export const MAX_SETTINGS_BYTES = 1024 * 1024;

/**
 * A settings file's text, read defensively (PX8, issue 16 item 3): opened without blocking (a FIFO
 * never hangs the app), and only a regular file no larger than MAX_SETTINGS_BYTES is read — a FIFO,
 * a device (a link to /dev/urandom), a socket or a folder gets a warning instead.
 */
function checked(file: string, stat: { isFile(): boolean; size: number }): JsonFileResult | null {
  if (!stat.isFile()) return { kind: 'error', warning: `Settings file ${file} is not a regular file (a pipe, a device or a folder); it was ignored.` };
  if (stat.size > MAX_SETTINGS_BYTES) {
    return { kind: 'error', warning: `Settings file ${file} is ${Math.round(stat.size / 1024)} KB, more than the ${MAX_SETTINGS_BYTES / 1024} KB a settings file may have; it was ignored.` };
  }
  return null;
}

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

export async function readJsonFile(file: string): Promise<JsonFileResult> {
  let handle: FileHandle;
  try {
    handle = await open(file, OPEN_FLAGS);
  } catch (err) {
    return readError(file, err);
  }
  try {
    const refused = checked(file, await handle.stat());
    if (refused) return refused;
    const buf = Buffer.alloc(MAX_SETTINGS_BYTES + 1);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    return parseJsonText(file, buf.subarray(0, bytesRead).toString('utf8'));
  } catch (err) {
    return readError(file, err);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** The synchronous twin, for a settings snapshot refreshed inside a permission decision. */
export function readJsonFileSync(file: string): JsonFileResult {
  let fd: number;
  try {
    fd = openSync(file, OPEN_FLAGS);
  } catch (err) {
    return readError(file, err);
  }
  try {
    const refused = checked(file, fstatSync(fd));
    if (refused) return refused;
    const buf = Buffer.alloc(MAX_SETTINGS_BYTES + 1);
    const bytesRead = readSync(fd, buf, 0, buf.length, 0);
    return parseJsonText(file, buf.subarray(0, bytesRead).toString('utf8'));
  } catch (err) {
    return readError(file, err);
  } finally {
    closeSync(fd);
  }
}
