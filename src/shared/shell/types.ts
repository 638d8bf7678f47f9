// What a shell command is made of, as plain data (BA2, BA3): the simple commands of a command line in
// order, with the operators between them. Every analysis of src/main/shell reads these shapes.

/** What joins a command to the next one. `|` and `|&` make pipelines; `&` sends the left one to the background. */
export type Separator = '&&' | '||' | ';' | '|' | '|&' | '&' | '\n';

export interface Redirect {
  /** `>`, `>>`, `<`, `2>`, `&>`, `>&`, `<<`, `<<<`, … as written, without the fd. */
  op: string;
  /** The fd before the operator when written (`2>` → 2). */
  fd?: number;
  /** The target after quote removal (a file, a here-string's text; for `2>&1` the `1`, op `>&`; '' for `>&-`). */
  target: string;
  /** Where the redirection starts in its command's `text` (negative or absent: not inside `text`). */
  offset?: number;
}

/** One simple command: `FOO=1 git -C x commit -m "hi" > log`. */
export interface SimpleCommand {
  /** Its source text, as written (assignments and redirections included). */
  text: string;
  /** Leading `NAME=value` assignments, values after quote removal. */
  env: Array<{ name: string; value: string }>;
  /**
   * The words after quote removal; argv[0] is the program as written, quotes removed as Bash does
   * (`\rm` and `"rm"` → `rm`; `/bin/rm` stays `/bin/rm`: wrappers.ts `unwrap` maps well-known paths).
   */
  argv: string[];
  redirects: Redirect[];
  /**
   * Where each argv word starts in `text`, when known: lets wrappers and env stripping hand on a
   * source slice (`sudo rm -rf x` → `rm -rf x`) instead of re-quoting words.
   */
  argvOffsets?: number[];
}

/**
 * A parsed command line. `simple`: every part is understood and listed. `too-complex`: something the
 * analysis does not follow (substitution, expansion, control flow, a node outside the allow-list) —
 * the command asks. `parse-unavailable`: tree-sitter could not load; `commands` come from the stricter
 * legacy splitter (or it gave up: too-complex).
 */
export type CommandAnalysis =
  | { kind: 'simple'; commands: SimpleCommand[]; separators: Separator[]; trailing?: Trailing }
  | { kind: 'too-complex'; reason: string; nodeType?: string }
  | { kind: 'parse-unavailable'; commands: SimpleCommand[]; separators: Separator[]; trailing?: Trailing };

/** `separators` has one entry fewer than `commands`; a `;` or `&` after the last command is here. */
export type Trailing = '&' | ';';

/** BA3: beyond this many subcommands a command asks without being checked part by part. */
export const MAX_SUBCOMMANDS_FOR_SECURITY_CHECK = 50;
