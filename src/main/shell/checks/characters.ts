// BA1 #17 and #18: characters a person cannot see but a shell or a parser treats specially.
import { hit, type CheckContext, type Hit } from './types';

/** NUL…BS, VT, FF, SO…US, DEL. Tab, LF and CR are the newline checks' business. */
function isControl(c: number): boolean {
  return c <= 0x08 || c === 0x0b || c === 0x0c || (c >= 0x0e && c <= 0x1f) || c === 0x7f;
}

/** Claude Code's Unicode blanks, with U+200B as its current parser also has it. */
function isUnicodeBlank(c: number): boolean {
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200b) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/** Zero-width joiners and marks, and bidi controls: they make a command read differently than it runs. */
function isInvisibleFormat(c: number): boolean {
  return (
    c === 0x180e || c === 0x200c || c === 0x200d || c === 0x2060 || c === 0x061c ||
    (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)
  );
}

export function checkControlCharacters({ original }: CheckContext): Hit | null {
  for (let i = 0; i < original.length; i++) {
    const c = original.charCodeAt(i);
    if (isControl(c)) {
      return hit(
        'CONTROL_CHARACTERS',
        'Command contains non-printable control characters that could be used to bypass security checks',
        1,
      );
    }
    // A lone surrogate is no character at all; parsers disagree on what it becomes.
    if (c >= 0xd800 && c <= 0xdfff) {
      const pair = c <= 0xdbff && (original.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
      if (!pair) return hit('CONTROL_CHARACTERS', 'Command contains a broken (lone surrogate) character', 2);
      i++;
    }
  }
  return null;
}

export function checkUnicodeWhitespace({ original }: CheckContext): Hit | null {
  let format = false;
  for (let i = 0; i < original.length; i++) {
    const c = original.charCodeAt(i);
    if (c < 0xa0) continue;
    if (isUnicodeBlank(c)) {
      return hit(
        'UNICODE_WHITESPACE',
        'Command contains Unicode whitespace characters that could cause parsing inconsistencies',
        1,
      );
    }
    format = format || isInvisibleFormat(c);
  }
  return format
    ? hit('UNICODE_WHITESPACE', 'Command contains invisible or text-direction characters that hide what it says', 2)
    : null;
}
