// Curly/straight quote normalisation for Edit (TL2): models often type straight quotes where a file
// has typographic ones (or the reverse). Normalising is length-preserving, so an index found in the
// normalised text is an index in the real text.

const LEFT_SINGLE = '\u2018';
const RIGHT_SINGLE = '\u2019';
const LEFT_DOUBLE = '\u201c';
const RIGHT_DOUBLE = '\u201d';

export function normalizeQuotes(s: string): string {
  return s.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"');
}

/** The text in `content` that `search` means: itself, or its quote-normalised match; null if neither. */
export function findActualString(content: string, search: string): string | null {
  if (content.includes(search)) return search;
  const i = normalizeQuotes(content).indexOf(normalizeQuotes(search));
  return i === -1 ? null : content.slice(i, i + search.length);
}

/** An opening quote follows the start, whitespace or an opening bracket/dash. */
function opensAt(text: string, i: number): boolean {
  if (i === 0) return true;
  return /[\s([{\u2014\u2013-]/.test(text[i - 1]!);
}

/**
 * When old_string matched only through normalisation, the file uses typographic quotes there: give
 * new_string the same style (straight quotes → curly ones, opening or closing by position; an
 * apostrophe between letters is a right single quote).
 */
export function preserveQuoteStyle(oldString: string, actualOld: string, newString: string): string {
  if (oldString === actualOld) return newString;
  const curlyDouble = actualOld.includes(LEFT_DOUBLE) || actualOld.includes(RIGHT_DOUBLE);
  const curlySingle = actualOld.includes(LEFT_SINGLE) || actualOld.includes(RIGHT_SINGLE);
  if (!curlyDouble && !curlySingle) return newString;
  let out = '';
  for (let i = 0; i < newString.length; i++) {
    const c = newString[i]!;
    if (c === '"' && curlyDouble) out += opensAt(newString, i) ? LEFT_DOUBLE : RIGHT_DOUBLE;
    else if (c === "'" && curlySingle) {
      const between = i > 0 && /\p{L}/u.test(newString[i - 1]!) && /\p{L}/u.test(newString[i + 1] ?? '');
      out += between ? RIGHT_SINGLE : opensAt(newString, i) ? LEFT_SINGLE : RIGHT_SINGLE;
    } else out += c;
  }
  return out;
}
