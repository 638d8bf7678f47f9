// Grep's view data, pure: what it looks for and its options in words ("“scale(”", "only TypeScript
// files", never `scale\(` or `*.ts`, PX2), the structured output (GrepOutput in `result.data`,
// parsed, never trusted), content lines grouped by file, counts in words and the places a match sits
// in a line (for marking it).
import { GrepOutput, type GrepLine } from '../../../../shared/tools/grep';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { displayPath, plural } from '../shared/paths';
import { fileNameWords, knownFileKind, searchTextWords } from '../shared/pattern-words';
import { hasRun } from '../state';

export interface GrepInputView {
  pattern: string;
  path: string | null;
  glob: string | null;
  type: string | null;
  mode: 'content' | 'files_with_matches' | 'count';
  ignoreCase: boolean;
  multiline: boolean;
  context: number | null;
}

export function grepInput(input: unknown): GrepInputView {
  const r = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
  const n = (v: unknown): number | null => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);
  const mode = r.output_mode === 'content' || r.output_mode === 'count' ? r.output_mode : 'files_with_matches';
  return {
    pattern: typeof r.pattern === 'string' ? r.pattern : '',
    path: str(r.path),
    glob: str(r.glob),
    type: str(r.type),
    mode,
    ignoreCase: r['-i'] === true || r['-i'] === 'true',
    multiline: r.multiline === true || r.multiline === 'true',
    context: n(r['-C']) ?? (n(r['-A']) !== null || n(r['-B']) !== null ? Math.max(n(r['-A']) ?? 0, n(r['-B']) ?? 0) : null),
  };
}

export function grepOutput(call: ToolCallView): GrepOutput | null {
  const parsed = GrepOutput.safeParse(call.result?.data);
  return parsed.success ? parsed.data : null;
}

/** What the call looks for: "“TODO”", "the word “cart”"; "text matching a pattern" when words cannot say. */
export function grepSubject(call: ToolCallView): string {
  return searchTextWords(grepInput(call.input).pattern) ?? 'text matching a pattern';
}

/** "Search for “TODO”" until it ran, then "Searched for “TODO”". */
export function grepTitle(call: ToolCallView): string {
  return `${hasRun(call.state) ? 'Searched' : 'Search'} for ${grepSubject(call)}`;
}

/** How the search was narrowed, in words: "in src · only TypeScript files · ignoring upper/lower case". */
export function grepOptionWords(input: GrepInputView, projectDir: string | null): string[] {
  const words: string[] = [];
  if (input.path) words.push(`in ${displayPath(input.path, projectDir)}`);
  if (input.glob) words.push(`only ${fileNameWords(input.glob) ?? 'some of the files'}`);
  if (input.type) words.push(`only ${knownFileKind(input.type) ?? `“${input.type}”`} files`);
  if (input.ignoreCase) words.push('ignoring upper/lower case');
  if (input.multiline) words.push('across lines');
  if (input.mode === 'content' && input.context) words.push(`${plural(input.context, 'line')} around each match`);
  return words;
}

/** A path the output shows (relative to the session's cwd) → as the person reads it. */
export function shownFile(file: string, cwd: string, projectDir: string | null): string {
  const absolute = file.startsWith('/') || /^[A-Za-z]:[\\/]/.test(file) || file.startsWith('\\\\');
  return displayPath(absolute ? file : `${cwd.replace(/[\\/]+$/, '')}/${file}`, projectDir);
}

/** What was found, in words: "12 matches in 3 files", "3 files", "No matches". */
export function grepResultWords(out: GrepOutput): string {
  const more = out.appliedLimit !== undefined ? ' (more not shown)' : '';
  if (out.mode === 'files_with_matches') return out.numFiles === 0 ? 'No matches' : `Found in ${plural(out.numFiles, 'file')}${more}`;
  if (out.mode === 'count') {
    return out.numFiles === 0 ? 'No matches' : `${plural(out.numMatches ?? 0, 'matching line')} in ${plural(out.numFiles, 'file')}${more}`;
  }
  const matches = (out.lines ?? []).filter((l) => l.kind === 'match').length;
  if (matches === 0 && (out.lines ?? []).length === 0) return 'No matches';
  return `${plural(matches, 'matching line')} in ${plural(Math.max(out.numFiles, 1), 'file')}${more}`;
}

export interface FileBlock {
  /** The file as the output shows it ('' when one file was searched and rg printed no names). */
  file: string;
  /** Runs of lines; a `--` separator starts a new run (a gap in the file). */
  runs: GrepLine[][];
  matches: number;
}

/** Content lines → one block per file, in order, separators turned into gaps. */
export function linesByFile(lines: readonly GrepLine[]): FileBlock[] {
  const blocks: FileBlock[] = [];
  let current: FileBlock | null = null;
  let gap = false;
  for (const line of lines) {
    if (line.kind === 'separator') {
      gap = true;
      continue;
    }
    const file = line.file ?? '';
    if (!current || current.file !== file) {
      current = { file, runs: [[]], matches: 0 };
      blocks.push(current);
    } else if (gap) {
      current.runs.push([]);
    }
    gap = false;
    current.runs.at(-1)!.push(line);
    if (line.kind === 'match') current.matches++;
  }
  return blocks;
}

/** [start, end) of each match of `pattern` in `text`, when JavaScript reads the pattern the same way; else []. */
export function matchRanges(text: string, pattern: string, ignoreCase: boolean): [number, number][] {
  if (!pattern || text.length > 1_000) return [];
  let re: RegExp;
  try {
    re = new RegExp(pattern, ignoreCase ? 'gi' : 'g');
  } catch {
    return [];
  }
  const out: [number, number][] = [];
  for (const m of text.matchAll(re)) {
    if (m[0].length === 0) continue;
    out.push([m.index, m.index + m[0].length]);
    if (out.length > 50) break;
  }
  return out;
}
