// BA1 #19, #22 and #23: a `#` where parsers disagree about comments.
import { isSpace } from './quotes';
import { hit, type CheckContext, type Hit } from './types';

/** A `#` right after a non-blank, other than `${#var}` (bash's length syntax). */
function hasMidWordHash(text: string): boolean {
  for (let at = text.indexOf('#'); at !== -1; at = text.indexOf('#', at + 1)) {
    if (at === 0 || isSpace(text[at - 1])) continue;
    if (text[at - 1] === '{' && text[at - 2] === '$') continue;
    return true;
  }
  return false;
}

/** Backslash-newline continuations joined as a splitter joins them (an odd backslash run eats one). */
function joinContinuations(text: string): string {
  if (!text.includes('\\\n')) return text;
  let out = '';
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '\\') {
      run++;
      continue;
    }
    if (ch === '\n' && run % 2 === 1) {
      out += '\\'.repeat(run - 1);
    } else {
      out += '\\'.repeat(run) + ch;
    }
    run = 0;
  }
  return out + '\\'.repeat(run);
}

/**
 * Reads the keep-quote-characters view, so `'x'#` shows its `#` glued to a word; and again with
 * continuations joined: `foo\<newline>#bar` is `foo#bar` to a splitter.
 */
export function checkMidWordHash({ keepQuoteChars: text }: CheckContext): Hit | null {
  if (!hasMidWordHash(text) && !hasMidWordHash(joinContinuations(text))) return null;
  return hit('MID_WORD_HASH', 'Command contains mid-word # which is parsed differently by shell-quote vs bash');
}

/**
 * `echo "it's" # ' " <<'M'` …: in bash everything after an unquoted `#` is comment, but a quote
 * tracker that does not know comments flips state on those quotes and then takes the next line's real
 * command for quoted text. Ask whenever an unquoted `#` is followed by a quote on its line.
 */
export function checkCommentQuoteDesync({ original: text }: CheckContext): Hit | null {
  let inSingle = false;
  let inDouble = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (escaped) escaped = false;
    else if (inSingle) inSingle = ch !== "'";
    else if (ch === '\\') escaped = true;
    else if (inDouble) inDouble = ch !== '"';
    else if (ch === "'") inSingle = true;
    else if (ch === '"') inDouble = true;
    else if (ch === '#') {
      const nl = text.indexOf('\n', i);
      const end = nl === -1 ? text.length : nl;
      for (let j = i + 1; j < end; j++) {
        if (text[j] === "'" || text[j] === '"') {
          return hit('COMMENT_QUOTE_DESYNC', 'Command contains quote characters inside a # comment which can desync quote tracking');
        }
      }
      i = end;
    }
  }
  return null;
}

/**
 * `mv ./decoy '<newline>#' ~/.ssh/id_rsa ./out`: the newline is inside quotes, so bash moves the key;
 * a tool that drops lines starting with `#` sees only `mv ./decoy '`. Only that exact trigger asks,
 * so ordinary multi-line quoted arguments stay clean.
 */
export function checkQuotedNewline({ original: text }: CheckContext): Hit | null {
  if (!text.includes('\n') || !text.includes('#')) return null;
  let inSingle = false;
  let inDouble = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (escaped) escaped = false;
    else if (ch === '\\' && !inSingle) escaped = true;
    else if (ch === "'" && !inDouble) inSingle = !inSingle;
    else if (ch === '"' && !inSingle) inDouble = !inDouble;
    else if (ch === '\n' && (inSingle || inDouble)) {
      let j = i + 1;
      while (j < text.length && text[j] !== '\n' && isSpace(text[j])) j++;
      if (text[j] === '#') {
        return hit(
          'QUOTED_NEWLINE',
          'Command contains a quoted newline followed by a #-prefixed line, which can hide arguments from line-based permission checks',
        );
      }
    }
  }
  return null;
}
