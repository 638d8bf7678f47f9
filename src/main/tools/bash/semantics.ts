// Exit codes that are answers, not failures (BA11): data keyed by command name, read off the command
// whose status the shell reports — the line's last command, as the shared splitter reads it.
import { legacySplit } from '../../../shared/shell/legacy-split';

/** command → exit code → what it means. Only codes listed here are "not an error". */
export const EXIT_CODE_MEANINGS: Readonly<Record<string, Readonly<Record<number, string>>>> = {
  grep: { 1: 'No matches found' },
  egrep: { 1: 'No matches found' },
  fgrep: { 1: 'No matches found' },
  rg: { 1: 'No matches found' },
  diff: { 1: 'Files differ' },
  test: { 1: 'Condition is false' },
  '[': { 1: 'Condition is false' },
  find: { 1: 'Some directories were inaccessible' },
};

/**
 * The command whose exit status the shell reports: the last command of the line (`a; grep x`,
 * `cat f | grep x`). After `&&` or `||` the status may be an earlier part's: undefined. A line the
 * strict splitter refuses (`[ -f x ]`) is read as one plain pipeline, or not at all.
 */
export function statusCommandName(command: string): string | undefined {
  const a = legacySplit(command);
  if (a.kind === 'too-complex') return plainPipelineLast(command);
  if (a.commands.length === 0 || a.trailing === '&') return undefined;
  const before = a.separators.at(-1);
  if (before === '&&' || before === '||' || before === '&') return undefined;
  return baseName(a.commands.at(-1)!.argv[0]);
}

const baseName = (word: string | undefined): string | undefined => (word ? word.replace(/^\\/, '').split('/').pop() : undefined);

/** The last stage of a single pipeline of plain words, skipping assignments. */
function plainPipelineLast(command: string): string | undefined {
  const text = command.trim();
  if (text === '' || /[;&\n`]|\|\||\$\(/.test(text)) return undefined;
  const words = text.split('|').pop()!.trim().split(/\s+/);
  let i = 0;
  while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!)) i++;
  return baseName(words[i]);
}

/** The meaning of a non-zero exit when it is not an error, else undefined. */
export function interpretExitCode(command: string, exitCode: number | null): string | undefined {
  if (exitCode === null || exitCode === 0) return undefined;
  const name = statusCommandName(command);
  if (!name) return undefined;
  return EXIT_CODE_MEANINGS[name]?.[exitCode];
}
