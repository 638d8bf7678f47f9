// Grep's built-in search, used when `rg` is not on the machine: the gitignore-aware walk, rg's override
// and type filters, the translated regex, and rg's file handling (UTF-8/UTF-16 BOMs decoded, files with
// a NUL byte skipped as binary unless named explicitly). Regex differences are listed in rust-regex.ts;
// one more: a file whose first NUL lies past rg's first 64 KiB read is skipped whole here, where rg may
// still report the matches before it.
import { closeSync, fstatSync, openSync, promises as fs, readSync } from 'node:fs';
import { createTimeSlicer, walkFiles } from '../fs-common/gitignore';
import { GrepError } from './errors';
import { compileOverrides, compileType } from './filters';
import { RegexSyntaxError, translateRustRegex, type TranslatedRegex } from './rust-regex';
import { searchText } from './search-text';
import type { FileHit, SearchBackend, SearchRequest, SearchResult } from './search-types';

/** Larger files are read asynchronously (a synchronous read would hold the event loop too long). */
const SYNC_READ_LIMIT = 8 * 1024 * 1024;
/** Unreadable paths reported individually; the rest are counted. */
const MAX_ERROR_NOTES = 5;

interface Decoded {
  text: string;
  /** Offset of the first NUL (binary marker), or -1. */
  nul: number;
}

/** rg's decoding: a BOM selects UTF-8 or UTF-16 (LE/BE); otherwise UTF-8, invalid bytes as U+FFFD. */
export function decodeForSearch(buf: Buffer): Decoded {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
    const text = buf.toString('utf8', 3);
    return { text, nul: text.indexOf('\0') };
  }
  if ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff)) {
    const body = Buffer.from(buf.subarray(2, buf.length - (buf.length % 2)));
    if (buf[0] === 0xfe) body.swap16();
    const text = body.toString('utf16le');
    return { text, nul: text.indexOf('\0') };
  }
  return { text: buf.toString('utf8'), nul: buf.indexOf(0) };
}

/** Small files synchronously (several times faster than fs.promises for thousands of files). */
async function readWhole(file: string, signal: AbortSignal): Promise<Buffer> {
  const fd = openSync(file, 'r');
  let size: number;
  try {
    size = fstatSync(fd).size;
    if (size <= SYNC_READ_LIMIT) {
      const buf = Buffer.allocUnsafe(size);
      let off = 0;
      for (;;) {
        const n = readSync(fd, buf, off, size - off, null);
        if (n === 0) break;
        off += n;
        if (off === size) break;
      }
      return off === size ? buf : buf.subarray(0, off);
    }
  } finally {
    closeSync(fd);
  }
  return fs.readFile(file, { signal });
}

function errorNote(file: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException)?.code;
  const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EISDIR' ? 'is a directory' : (code ?? 'unreadable');
  return `${file}: ${why}`;
}

export function createBuiltinBackend(): SearchBackend {
  return {
    name: 'builtin',
    async search(req: SearchRequest): Promise<SearchResult> {
      let re: TranslatedRegex;
      try {
        re = translateRustRegex(req.pattern, { caseInsensitive: req.caseInsensitive, multiline: req.multiline });
      } catch (e) {
        if (e instanceof RegexSyntaxError) throw new GrepError(e.message, 'Grep: invalid regex');
        throw e;
      }
      const fileType = compileType(req.type);
      const overrides = compileOverrides(req.globs);

      const hits: FileHit[] = [];
      const errors: string[] = [];
      let outputBytes = 0;
      let incomplete: string | undefined;

      const searchFile = async (file: string, explicit: boolean): Promise<void> => {
        if (incomplete || req.signal.aborted) return;
        let buf: Buffer;
        try {
          buf = await readWhole(file, req.signal);
        } catch (err) {
          if ((err as Error).name !== 'AbortError' && (err as NodeJS.ErrnoException).code !== 'ENOENT') errors.push(errorNote(file, err));
          return;
        }
        const decoded = decodeForSearch(buf);
        let text = decoded.text;
        const binary = decoded.nul >= 0;
        if (binary) {
          // rg skips binary files it finds while walking; a file it was given is searched with NULs as line ends.
          if (!explicit) return;
          text = text.replace(/\0/g, '\n');
        }
        const r = searchText(text, re, {
          firstOnly: req.mode === 'files_with_matches',
          withLines: req.mode === 'content' && !binary,
          before: req.before,
          after: req.after,
        });
        if (r.count === 0) return;
        const hit: FileHit = { path: file };
        if (req.mode === 'count') hit.count = r.count;
        if (req.mode === 'content') {
          if (binary) hit.binaryOffset = decoded.nul;
          else hit.lines = r.lines ?? [];
        }
        hits.push(hit);
        outputBytes += file.length + (hit.lines ?? []).reduce((n, l) => n + l.text.length + 8, 0);
        if (outputBytes > req.maxOutputBytes) incomplete = `output exceeded ${Math.round(req.maxOutputBytes / 1e6)} MB`;
      };

      if (req.rootIsFile) {
        await searchFile(req.root, true);
      } else {
        const breathe = createTimeSlicer();
        const walk = walkFiles(req.root, {
          signal: req.signal,
          ...(overrides ? { overrides } : {}),
          ...(fileType ? { fileType } : {}),
          onError: (dir, err) => errors.push(errorNote(dir, err)),
        });
        for await (const file of walk) {
          if (incomplete || req.signal.aborted) break;
          await searchFile(file, false);
          await breathe();
        }
      }

      const notes = errors.slice(0, MAX_ERROR_NOTES);
      if (errors.length > MAX_ERROR_NOTES) notes.push(`… and ${errors.length - MAX_ERROR_NOTES} more paths that could not be read`);
      return { hits, notes, ...(incomplete ? { incomplete } : {}) };
    },
  };
}
