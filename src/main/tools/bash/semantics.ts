// Exit codes that are answers, not failures (BA11 seam): data keyed by command name. The fuller
// analysis (per subcommand, via the parser) comes with BA11; this reads the command's last stage.

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
 * The command whose exit status the shell reports: the last stage of a single pipeline. Lists
 * (`a && b`, `a; b`, several lines) and anything we cannot read simply → undefined (no reinterpretation).
 */
export function statusCommandName(command: string): string | undefined {
  const text = command.trim();
  if (text === '' || /[;&\n`]|\|\||\$\(/.test(text)) return undefined;
  const lastStage = text.split('|').pop()!.trim();
  const words = lastStage.split(/\s+/);
  // Skip leading VAR=value assignments.
  let i = 0;
  while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!)) i++;
  const word = words[i];
  if (!word) return undefined;
  return word.split('/').pop();
}

/** The meaning of a non-zero exit when it is not an error, else undefined. */
export function interpretExitCode(command: string, exitCode: number | null): string | undefined {
  if (exitCode === null || exitCode === 0) return undefined;
  const name = statusCommandName(command);
  if (!name) return undefined;
  return EXIT_CODE_MEANINGS[name]?.[exitCode];
}
