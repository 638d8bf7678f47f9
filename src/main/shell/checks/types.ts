// BA1's vocabulary: the 23 check ids (Claude Code's numbering), what a check reports, and what every check reads.

/** Claude Code's BASH_SECURITY_CHECK_IDS, verified against its 2.1.88 cli.js. Stable: logs and tests cite them. */
export const CHECK_IDS = {
  INCOMPLETE_COMMANDS: 1,
  JQ_SYSTEM_FUNCTION: 2,
  JQ_FILE_ARGUMENTS: 3,
  OBFUSCATED_FLAGS: 4,
  SHELL_METACHARACTERS: 5,
  DANGEROUS_VARIABLES: 6,
  NEWLINES: 7,
  DANGEROUS_PATTERNS_COMMAND_SUBSTITUTION: 8,
  DANGEROUS_PATTERNS_INPUT_REDIRECTION: 9,
  DANGEROUS_PATTERNS_OUTPUT_REDIRECTION: 10,
  IFS_INJECTION: 11,
  GIT_COMMIT_SUBSTITUTION: 12,
  PROC_ENVIRON_ACCESS: 13,
  MALFORMED_TOKEN_INJECTION: 14,
  BACKSLASH_ESCAPED_WHITESPACE: 15,
  BRACE_EXPANSION: 16,
  CONTROL_CHARACTERS: 17,
  UNICODE_WHITESPACE: 18,
  MID_WORD_HASH: 19,
  ZSH_DANGEROUS_COMMANDS: 20,
  BACKSLASH_ESCAPED_OPERATORS: 21,
  COMMENT_QUOTE_DESYNC: 22,
  QUOTED_NEWLINE: 23,
} as const;

export type SecurityCheckName = keyof typeof CHECK_IDS;

export interface SecurityFinding {
  id: number;
  name: SecurityCheckName;
  /** For the log and the approval modal; Claude Code's wording where it has one. */
  message: string;
  /** Every finding asks: none of the 23 checks denies or allows on its own. */
  behavior: 'ask';
  /**
   * Claude Code's isBashSecurityCheckForMisparsing: the command may not split or parse the way the
   * checks downstream think, so no allow rule may settle it. False only for plain newlines (7) and
   * redirections (9, 10), which the splitter and the path checks understand and may then allow.
   */
  misparsing: boolean;
  /** Which variant of the check fired (Claude Code's subId where it has one), for logs and tests. */
  subId?: number;
}

/** A finding before the runner knows whether its check is a misparsing one. */
export type Hit = Omit<SecurityFinding, 'behavior' | 'misparsing'>;

/** One simple command's words after quote removal, redirection targets left out. */
export interface Segment {
  words: string[];
}

/** Everything the checks read, computed once per command. */
export interface CheckContext {
  /** As the model wrote it. Checks about bytes the shell sees (control characters, CR, …) read this. */
  original: string;
  /** Claude Code's base command: the text before the first space. */
  baseCommand: string;
  /** Quoted-heredoc bodies gone, single-quoted text gone, double-quoted text kept (see quotes.ts). */
  withDoubleQuotes: string;
  /** Quoted text and the quotes gone: what the shell treats as syntax. */
  fullyUnquoted: string;
  /** fullyUnquoted without the harmless `2>&1`, `>/dev/null` and `</dev/null`. */
  fullyUnquotedStripped: string;
  /** Quoted text gone but the quote characters kept, so `'x'#` still shows the `#` touching a word. */
  keepQuoteChars: string;
  /** Tokens as a shell-quote-like splitter sees them (words as strings, operators as objects). */
  tokens: Array<string | { op: string }>;
  /** A quote opened outside quoted heredoc bodies never closes (bash would refuse the command). */
  unterminatedQuote: boolean;
  /** The simple commands, split at `;` `|` `&` `&&` `||` newlines and parentheses. */
  segments: Segment[];
}

export function hit(name: SecurityCheckName, message: string, subId?: number): Hit {
  return subId === undefined ? { id: CHECK_IDS[name], name, message } : { id: CHECK_IDS[name], name, message, subId };
}
