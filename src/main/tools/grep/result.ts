// A backend's raw hits → GrepOutput, the same way for rg and the built-in search: deterministic order
// (files_with_matches newest first like Claude Code; content and count in rg --sort path order), paths
// relative to the session's cwd (absolute outside it, like Claude Code), rg's line format, and paging.
import { statSync } from 'node:fs';
import path from 'node:path';
import { formatGrepLine, GREP_DEFAULT_HEAD_LIMIT, type GrepCount, type GrepLine, type GrepOutput, type GrepOutputMode } from '../../../shared/tools/grep';
import { createTimeSlicer } from '../fs-common/gitignore';
import type { FileHit } from './search-types';

export interface ResultContext {
  mode: GrepOutputMode;
  backend: GrepOutput['backend'];
  /** The searched path as the user named it (absolute). */
  searchPath: string;
  /** The searched path after symlinks (what the backend searched and printed). */
  realSearchPath: string;
  rootIsFile: boolean;
  cwd: string;
  lineNumbers: boolean;
  /** Context lines were asked for: rg then prints `--` between groups. */
  context: boolean;
  headLimit: number | undefined;
  offset: number;
  notes: string[];
  durationMs: number;
}

/** Claude Code's paging: 0 = unlimited; appliedLimit only when the limit cut something off. */
export function applyHeadLimit<T>(items: readonly T[], limit: number | undefined, offset: number): { items: T[]; appliedLimit?: number } {
  if (limit === 0) return { items: items.slice(offset) };
  const effective = limit ?? GREP_DEFAULT_HEAD_LIMIT;
  const page = items.slice(offset, offset + effective);
  return items.length - offset > effective ? { items: page, appliedLimit: effective } : { items: page };
}

/**
 * rg --sort path's order: component by component, bytewise, so `a/b/c` comes before `a.txt`. The key
 * puts NUL (below every byte a name can hold) where the separators were, so one bytewise compare does it.
 */
export function pathSortKey(p: string): Buffer {
  return Buffer.from(p.split(path.sep).join('\0'));
}

export function comparePaths(a: string, b: string): number {
  return Buffer.compare(pathSortKey(a), pathSortKey(b));
}

function sortByPath<T extends { path: string }>(items: readonly T[]): T[] {
  return items
    .map((item) => ({ item, key: pathSortKey(item.path) }))
    .sort((a, b) => Buffer.compare(a.key, b.key))
    .map((x) => x.item);
}

/** Relative to `cwd` when inside it, else absolute (Claude Code's toRelativePath). */
export function shownPath(abs: string, cwd: string): string {
  // The common case without path.relative's normalising (thousands of files per call).
  const prefix = cwd.endsWith(path.sep) ? cwd : cwd + path.sep;
  if (abs.startsWith(prefix) && !abs.includes(`${path.sep}..${path.sep}`) && !abs.includes(`${path.sep}.${path.sep}`)) return abs.slice(prefix.length) || abs;
  const rel = path.relative(cwd, abs);
  return rel === '' || rel.startsWith('..') || path.isAbsolute(rel) ? abs : rel;
}

/** The backend printed real paths; show them under the path the model gave. */
function userPath(p: string, rc: ResultContext): string {
  if (rc.realSearchPath === rc.searchPath) return p;
  if (p === rc.realSearchPath) return rc.searchPath;
  const prefix = rc.realSearchPath.endsWith(path.sep) ? rc.realSearchPath : rc.realSearchPath + path.sep;
  return p.startsWith(prefix) ? path.join(rc.searchPath, p.slice(prefix.length)) : p;
}

/** content lines with rg's `--` breaks: between files and between non-adjacent lines, when context is on. */
export function contentLines(hits: readonly FileHit[], display: (p: string) => string, context: boolean): GrepLine[] {
  const out: GrepLine[] = [];
  for (const hit of hits) {
    const file = display(hit.path);
    if (hit.binaryOffset !== undefined) {
      if (context && out.length > 0) out.push({ kind: 'separator', text: '--' });
      out.push({ kind: 'binary', file, text: `binary file matches (found "\\0" byte around offset ${hit.binaryOffset})` });
      continue;
    }
    let prev: number | undefined;
    for (const l of hit.lines ?? []) {
      if (context && out.length > 0 && (prev === undefined || l.n !== prev + 1)) out.push({ kind: 'separator', text: '--' });
      out.push({ kind: l.match ? 'match' : 'context', file, line: l.n, text: l.text.endsWith('\r') ? l.text.slice(0, -1) : l.text });
      prev = l.n;
    }
  }
  return out;
}

export async function buildGrepOutput(hits: readonly FileHit[], rc: ResultContext): Promise<GrepOutput> {
  const withFilename = !rc.rootIsFile;
  const display = (p: string) => shownPath(userPath(p, rc), rc.cwd);
  const base: GrepOutput = {
    mode: rc.mode,
    backend: rc.backend,
    searchPath: rc.searchPath,
    cwd: rc.cwd,
    withFilename,
    lineNumbers: rc.lineNumbers,
    numFiles: 0,
    filenames: [],
    durationMs: rc.durationMs,
  };
  const paging = (appliedLimit: number | undefined) => ({
    ...(appliedLimit !== undefined ? { appliedLimit } : {}),
    ...(rc.offset > 0 ? { appliedOffset: rc.offset } : {}),
    ...(rc.notes.length > 0 ? { notes: rc.notes } : {}),
  });
  // Sorted by path first, so files with the same mtime keep path order (the sort below is stable).
  const sorted = sortByPath(hits);

  if (rc.mode === 'files_with_matches') {
    const breathe = createTimeSlicer();
    const timed: Array<{ path: string; mtime: number }> = [];
    for (const h of sorted) {
      let mtime = 0;
      try {
        mtime = statSync(h.path).mtimeMs;
      } catch {
        // Gone since the search: it sorts last.
      }
      timed.push({ path: h.path, mtime });
      await breathe();
    }
    timed.sort((a, b) => b.mtime - a.mtime);
    const page = applyHeadLimit(timed, rc.headLimit, rc.offset);
    const filenames = page.items.map((t) => display(t.path));
    return { ...base, numFiles: filenames.length, filenames, ...paging(page.appliedLimit) };
  }

  if (rc.mode === 'count') {
    const all: GrepCount[] = sorted.map((h) => ({ file: display(h.path), count: h.count ?? 0 }));
    const page = applyHeadLimit(all, rc.headLimit, rc.offset);
    const content = page.items.map((c) => (withFilename ? `${c.file}:${c.count}` : String(c.count))).join('\n');
    const numMatches = page.items.reduce((n, c) => n + c.count, 0);
    return { ...base, numFiles: page.items.length, counts: page.items, content, numMatches, ...paging(page.appliedLimit) };
  }

  const all = contentLines(sorted, display, rc.context);
  const page = applyHeadLimit(all, rc.headLimit, rc.offset);
  const opts = { withFilename, lineNumbers: rc.lineNumbers };
  const content = page.items.map((l) => formatGrepLine(l, opts)).join('\n');
  const files = new Set(page.items.flatMap((l) => (l.file !== undefined ? [l.file] : [])));
  return { ...base, numFiles: files.size, lines: page.items, content, numLines: page.items.length, ...paging(page.appliedLimit) };
}
