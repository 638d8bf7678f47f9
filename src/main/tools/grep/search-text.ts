// One file's text searched the way rg searches it: per line (the line is the haystack), or with -U over
// the whole text where each match is widened to whole lines and matches sharing a line are merged
// (rg's MultiLine sink). Context lines and rg's --max-columns replacement are applied here too.
import { GREP_MAX_COLUMNS } from '../../../shared/tools/grep';
import type { TranslatedRegex } from './rust-regex';
import type { HitLine } from './search-types';

export interface TextSearchOptions {
  /** Only whether something matches (files_with_matches): stops at the first match. */
  firstOnly: boolean;
  /** Lines to return (content mode); false gives only the count. */
  withLines: boolean;
  before: number;
  after: number;
}

export interface TextSearchResult {
  /** As rg -c counts: matching lines, or in multiline mode the matches themselves. */
  count: number;
  lines?: HitLine[];
}

interface Lines {
  texts: string[];
  /** Offset of each line's first character in the text. */
  starts: number[];
  /** The text ends with "\n" (so every line has a terminator). */
  terminated: boolean;
}

function splitLines(text: string): Lines {
  const texts = text.split('\n');
  const terminated = texts.length > 0 && texts[texts.length - 1] === '';
  if (terminated) texts.pop();
  const starts: number[] = new Array(texts.length);
  let off = 0;
  for (let k = 0; k < texts.length; k++) {
    starts[k] = off;
    off += texts[k]!.length + 1;
  }
  return { texts, starts, terminated };
}

/** 0-based index of the line holding offset `off`. */
function lineAt(starts: number[], off: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= off) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** rg's `lines::locate` + merge: [first, last] 0-based line ranges of the match groups, and the match count. */
function multilineGroups(text: string, re: RegExp, lines: Lines, firstOnly: boolean): { groups: Array<[number, number]>; matches: number } {
  const groups: Array<[number, number]> = [];
  let matches = 0;
  re.lastIndex = 0;
  let pos = 0;
  while (pos < text.length) {
    re.lastIndex = pos;
    const m = re.exec(text);
    if (!m) break;
    matches++;
    const start = m.index;
    const end = start + m[0].length;
    // rg advances one past an empty match.
    pos = end === start ? end + (text.codePointAt(end)! > 0xffff ? 2 : 1) : end;
    const first = lineAt(lines.starts, start);
    // A match ending right after "\n" does not reach into the next line.
    const last = end > lines.starts[first]! && text.charCodeAt(end - 1) === 10 ? lineAt(lines.starts, end - 1) : lineAt(lines.starts, end);
    const prev = groups[groups.length - 1];
    // Groups sharing a line merge (the previous group's last line is this one's first).
    if (prev && prev[1] >= first) prev[1] = Math.max(prev[1], last);
    else groups.push([first, last]);
    if (firstOnly) break;
  }
  return { groups, matches };
}

function lineGroups(lines: Lines, re: RegExp, firstOnly: boolean): Array<[number, number]> {
  const groups: Array<[number, number]> = [];
  for (let k = 0; k < lines.texts.length; k++) {
    if (re.test(lines.texts[k]!)) {
      groups.push([k, k]);
      if (firstOnly) break;
    }
  }
  return groups;
}

function shown(lines: Lines, k: number, match: boolean): HitLine {
  const text = lines.texts[k]!;
  const hasTerminator = k < lines.texts.length - 1 || lines.terminated;
  // rg compares the line's bytes, terminator included, with --max-columns.
  const bytes = Buffer.byteLength(text, 'utf8') + (hasTerminator ? 1 : 0);
  if (bytes > GREP_MAX_COLUMNS) return { n: k + 1, text: match ? '[Omitted long matching line]' : '[Omitted long context line]', match };
  return { n: k + 1, text, match };
}

function withContext(lines: Lines, groups: Array<[number, number]>, before: number, after: number): HitLine[] {
  const out: HitLine[] = [];
  let next = 0; // first line not yet printed
  for (let g = 0; g < groups.length; g++) {
    const [first, last] = groups[g]!;
    for (let k = Math.max(first - before, next); k < first; k++) out.push(shown(lines, k, false));
    for (let k = Math.max(first, next); k <= last; k++) out.push(shown(lines, k, true));
    next = Math.max(next, last + 1);
    const nextFirst = g + 1 < groups.length ? groups[g + 1]![0] : lines.texts.length;
    const afterEnd = Math.min(last + after, nextFirst - 1, lines.texts.length - 1);
    for (let k = next; k <= afterEnd; k++) out.push(shown(lines, k, false));
    next = Math.max(next, afterEnd + 1);
  }
  return out;
}

export function searchText(text: string, re: TranslatedRegex, opts: TextSearchOptions): TextSearchResult {
  if (text.length === 0) return { count: 0 };
  if (!re.multiline) {
    // Cheap rejection of the whole file first: no line can match where the file does not.
    re.whole.lastIndex = 0;
    if (!re.whole.test(text)) return { count: 0 };
  }
  const lines = splitLines(text);
  let groups: Array<[number, number]>;
  let count: number;
  if (re.multiline) {
    const found = multilineGroups(text, re.whole, lines, opts.firstOnly);
    groups = found.groups;
    count = found.matches;
  } else {
    groups = lineGroups(lines, re.line, opts.firstOnly);
    count = groups.length;
  }
  if (groups.length === 0) return { count: 0 };
  if (!opts.withLines) return { count };
  return { count, lines: withContext(lines, groups, opts.before, opts.after) };
}
