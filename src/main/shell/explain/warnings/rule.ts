// BA9: what a warning is made of — its id and plain-words text, a test over one parsed part, a regex over raw text.
import { parseArgs, programBase, type ParsedArgs } from '../../commands/argv';
import type { Separator, SimpleCommand } from '../../types';

export interface CommandWarning {
  id: string;
  text: string;
}

export interface ParsedLine {
  /** The effective commands (`effectiveCommand(c).command`), in order. */
  runs: readonly SimpleCommand[];
  /** `separators[i]` joins runs[i] and runs[i + 1]. */
  separators: readonly Separator[];
  /** Per run, `effectiveCommand(c).elevated`: the runs alone no longer show the sudo. */
  elevated?: readonly boolean[];
}

export interface WarningOptions {
  /** The user's home folder, so `/Users/me/.zshrc` is known for ~/.zshrc wherever home is. */
  home?: string;
}

export interface Run {
  c: SimpleCommand;
  /** argv[0]'s basename: `/opt/x/bin/rm` may be a copy of rm, and a warning errs towards it being one. */
  name: string;
  args: readonly string[];
  i: number;
  line: ParsedLine;
  home: string | undefined;
}

export interface Rule {
  id: string;
  text: string;
  test: (r: Run) => boolean;
  raw: RegExp;
}

export const run = (line: ParsedLine, i: number, home: string | undefined): Run => {
  const c = line.runs[i]!;
  return { c, name: programBase(c), args: c.argv.slice(1), i, line, home };
};

/** Options clustered or not (`-rf`, `-fr`, `-r -f`), permuted (GNU), `--` respected. */
export const flags = (r: Run, valuedShort = '', valuedLong: readonly string[] = []): ParsedArgs => parseArgs(r.args, { valuedShort, valuedLong });

/** The words that are not options: subcommands (`kubectl -n x delete` → delete). */
export const words = (r: Run, valuedShort = '', valuedLong: readonly string[] = []): string[] => flags(r, valuedShort, valuedLong).operands;

export const isPipe = (s: Separator | undefined): boolean => s === '|' || s === '|&';
