// What a shell command is made of, as plain data (BA2, BA3): the simple commands of a command line in
// order, with the operators between them. Every analysis of src/main/shell reads these shapes.

/** What joins a command to the next one. `|` and `|&` make pipelines; `&` sends the left one to the background. */
export type Separator = '&&' | '||' | ';' | '|' | '|&' | '&' | '\n';

export interface Redirect {
  /** `>`, `>>`, `<`, `2>`, `&>`, `>&`, `<<`, `<<<`, … as written, without the fd. */
  op: string;
  /** The fd before the operator when written (`2>` → 2). */
  fd?: number;
  /** The target after quote removal (a file, `&1`, a here-string's text). */
  target: string;
}

/** One simple command: `FOO=1 git -C x commit -m "hi" > log`. */
export interface SimpleCommand {
  /** Its source text, as written (assignments and redirections included). */
  text: string;
  /** Leading `NAME=value` assignments, values after quote removal. */
  env: Array<{ name: string; value: string }>;
  /** The words after quote removal; argv[0] is the program as written (`\rm`, `/bin/rm`, `"rm"` → its text). */
  argv: string[];
  redirects: Redirect[];
}

/**
 * A parsed command line. `simple`: every part is understood and listed. `too-complex`: something the
 * analysis does not follow (substitution, expansion, control flow, a node outside the allow-list) —
 * the command asks. `parse-unavailable`: tree-sitter could not load; `commands` come from the stricter
 * legacy splitter (or it gave up: too-complex).
 */
export type CommandAnalysis =
  | { kind: 'simple'; commands: SimpleCommand[]; separators: Separator[] }
  | { kind: 'too-complex'; reason: string; nodeType?: string }
  | { kind: 'parse-unavailable'; commands: SimpleCommand[]; separators: Separator[] };

/** BA3: beyond this many subcommands a command asks without being checked part by part. */
export const MAX_SUBCOMMANDS_FOR_SECURITY_CHECK = 50;
