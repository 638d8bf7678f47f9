// ripgrep's regex dialect (Rust's `regex` crate) → a JavaScript RegExp with the same matches, for the
// built-in search used when `rg` is not installed: the public entry, which parses and then emits.

// It parses the pattern itself (rust-regex-parse), so the differences are explicit rather than accidental:
//   - Same as rg: Unicode `\w \d \s \b` (JS's are ASCII), `.` never matches "\n" (JS's also skips "\r"),
//     `^`/`$` are line anchors, `(?i) (?m) (?s) (?U) (?x) (?u)` flags, `(?P<name>…)`, POSIX `[[:alpha:]]`,
//     nested classes and `&&`/`--`/`~~`, `\p{Greek}`, `\x{…}`, `a**`, `{ 2 }`.
//   - Rejected as rg rejects them: look-around and backreferences (rg needs --pcre2), a literal "\n"
//     outside multiline mode, `{` that is not a repetition, unknown escapes.
//   - Accepted where rg 13 errs but newer ripgrep accepts: escaped ASCII punctuation (`\/`), `(?<name>…)`,
//     `\<`, `\>`, `\b{start}`, `\b{end}`.
//   - Not supported by this fallback (clear error): case-insensitivity switched on or off for part of a
//     pattern when it covers a range larger than RANGE_CASE_LIMIT or a \p class.
//   - Known differences: invalid UTF-8 is decoded to U+FFFD before matching (rg matches raw bytes);
//     a class that is empty only after set arithmetic (`[a&&b]`) matches nothing (rg rejects it); duplicate
//     group names are accepted; Unicode property names are matched exactly, then as Title_Case, not with
//     Rust's full loose matching (`\p{uppercaseletter}` is refused).

import type { TranslateOptions } from './rust-regex-ast';
import { canMatchNewline, caseMode, emit, type Target } from './rust-regex-emit';
import { Parser } from './rust-regex-parse';

export { RegexSyntaxError, type TranslateOptions } from './rust-regex-ast';
export { RANGE_CASE_LIMIT } from './rust-regex-emit';
export { caseVariants } from './rust-regex-tables';

export interface TranslatedRegex {
  /** rg searches the whole file only when multiline was asked for AND the pattern can match "\n";
   *  otherwise (e.g. `-U` with `a\d`) it searches line by line, `\A` meaning a line's start. */
  multiline: boolean;
  /** Per-line mode: tested against one line (without its "\n"). */
  line: RegExp;
  /** Global. Multiline mode: the search over the whole file. Per-line mode: a whole-file prefilter
   *  that matches whenever some line would (it may also match across lines). */
  whole: RegExp;
}

/** Translates an rg pattern; throws RegexSyntaxError with rg-style text when rg would reject it. */
export function translateRustRegex(pattern: string, opts: TranslateOptions): TranslatedRegex {
  const parser = new Parser(pattern, opts);
  const ast = parser.parse();
  const mode = caseMode(ast);
  const expandCase = mode.on && mode.off;
  const flags = mode.on && !mode.off ? 'vi' : 'v';
  const fail = (message: string): never => parser.fail(message, 0);
  const build = (target: Target, f: string): RegExp => {
    const src = emit(ast, { target, expandCase, fail });
    try {
      return new RegExp(src, f);
    } catch (e) {
      return parser.fail(`the built-in search could not compile this pattern (${(e as Error).message})`, 0);
    }
  };
  if (opts.multiline && canMatchNewline(ast, { target: 'multiline', expandCase, fail })) {
    return { multiline: true, whole: build('multiline', `g${flags}`), line: build('line', flags) };
  }
  return { multiline: false, line: build('line', flags), whole: build('prefilter', `g${flags}`) };
}
