// What a Grep backend is asked and what it answers: one request shape for `rg` and the built-in search,
// and raw per-file hits (absolute paths, raw line text) that result.ts sorts, pages and formats.
import type { GrepOutputMode } from '../../../shared/tools/grep';

export interface SearchRequest {
  pattern: string;
  /** Absolute: the directory walked, or the one file searched. */
  root: string;
  rootIsFile: boolean;
  mode: GrepOutputMode;
  caseInsensitive: boolean;
  /** rg -U --multiline-dotall. */
  multiline: boolean;
  /** Context lines (content mode only; 0 otherwise). */
  before: number;
  after: number;
  /** `--glob` values in order: the VCS exclusions first, then the model's globs, already split. */
  globs: readonly string[];
  type?: string;
  signal: AbortSignal;
  /** Output kept at most (bytes of rg's stdout / of matched text); beyond it the search stops early. */
  maxOutputBytes: number;
}

export interface HitLine {
  /** 1-based. */
  n: number;
  /** Raw line text without "\n" (a "\r" stays); rg's "[Omitted long … line]" when over the column limit. */
  text: string;
  match: boolean;
}

export interface FileHit {
  /** Absolute. */
  path: string;
  /** count mode. */
  count?: number;
  /** content mode, in line order. */
  lines?: HitLine[];
  /** content mode, an explicitly named binary file that matched: rg prints a notice instead of lines. */
  binaryOffset?: number;
}

export interface SearchResult {
  hits: FileHit[];
  /** Unreadable paths and the like: the search went on without them. */
  notes: string[];
  /** Stopped early (output cap, timeout): the hits are incomplete. */
  incomplete?: string;
}

export interface SearchBackend {
  readonly name: 'ripgrep' | 'builtin';
  search(req: SearchRequest): Promise<SearchResult>;
}
