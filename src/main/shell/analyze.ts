// Turns a Bash command line into its simple commands (BA2, BA3), or says why it will not: the walk
// (walk.ts) over tree-sitter's parse when the parser is loaded, the stricter legacy splitter when it
// is not, and `too-complex` with a reason for anything too long or anything the walk refuses — the
// permission layer then asks.
import { legacySplit } from '../../shared/shell/legacy-split';
import { loadBashParser, loadedBashParser, type BashParser } from './parser';
import { TooComplex } from './too-complex';
import type { CommandAnalysis } from './types';
import { walkProgram } from './walk';

/** Longer commands are not walked: parse time grows with them and no reviewable command is this long. */
export const MAX_ANALYZED_LENGTH = 10_000;

/**
 * Analyses `command` with the loaded parser; without one (not loaded yet, or the wasm failed) it falls
 * back to the stricter legacy splitter and says so (`parse-unavailable`).
 */
export function analyzeCommand(command: string, parser: BashParser | null = loadedBashParser()): CommandAnalysis {
  if (!parser) return legacySplit(command);
  if (command.length > MAX_ANALYZED_LENGTH) {
    return { kind: 'too-complex', reason: `longer than ${MAX_ANALYZED_LENGTH} characters` };
  }
  try {
    return parser.withTree(command, (root) => walkProgram(root, command)) ?? {
      kind: 'too-complex',
      reason: 'could not be parsed',
    };
  } catch (err) {
    if (err instanceof TooComplex) {
      return err.nodeType === undefined
        ? { kind: 'too-complex', reason: err.reason }
        : { kind: 'too-complex', reason: err.reason, nodeType: err.nodeType };
    }
    throw err;
  }
}

/** Loads the parser first if needed; for callers that are not on a hot path. */
export async function analyzeCommandAsync(command: string): Promise<CommandAnalysis> {
  return analyzeCommand(command, await loadBashParser());
}
