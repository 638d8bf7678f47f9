// Tests of src/main/shell: the grammar loaded once per file, and one command line parsed to its single simple command.
import { beforeAll } from 'vitest';
import { analyzeCommand } from './analyze';
import { loadBashParser, type BashParser } from './parser';
import type { SimpleCommand } from './types';

let parser: BashParser | null = null;

/** Call at the top of a test file: loads tree-sitter-bash before its tests, or fails them. */
export function useBashParser(): void {
  beforeAll(async () => {
    parser = await loadBashParser();
    if (!parser) throw new Error('tree-sitter-bash did not load');
  });
}

/** The one simple command `command` is; throws when it is anything else. */
export function one(command: string): SimpleCommand {
  const a = analyzeCommand(command, parser);
  if (a.kind !== 'simple' || a.commands.length !== 1) throw new Error(`${command}: ${JSON.stringify(a)}`);
  return a.commands[0]!;
}
