// TC2/TL3: the shape of a read-only table entry — which flags a command may have, what each takes, its own rule.
/**
 * What a flag takes. `none`: nothing (`-l`); `number`: digits (`-n 5`, `-n5`, `--max-count=5`);
 * `string`: any word; `char`: one character; `optional`: a value only when attached
 * (`--abbrev=7`, `-n5`; a following word is an operand, as git's own parser reads it); `pair`: the
 * next two words (`jq --arg name value`).
 */
export type ValueKind = 'none' | 'number' | 'string' | 'char' | 'optional' | 'pair';

export type FlagTable = Readonly<Record<string, ValueKind>>;

export interface ReadOnlySpec {
  /** The allowed flags; `any` when no flag of the program writes a file or runs a program. */
  flags: FlagTable | 'any';
  /** At most this many operands (default: any number). */
  maxOperands?: number;
  /** `--` ends the options (default). false: the program reads `--` as an ordinary word. */
  doubleDash?: false;
  /** `git log -5`: a dash and digits is a count. */
  numericFlags?: true;
  /**
   * A rule on the words themselves: `args` are the words after the command words, `operands` those
   * of them that are neither flags nor flag values. Why it is not read-only, or null.
   */
  check?: (args: readonly string[], operands: readonly string[]) => string | null;
}
