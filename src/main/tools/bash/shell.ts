// The wrapper scripts that run the model's command and record the final working directory (so `cd`
// persists) without touching its output, and how a shell is invoked with them.
/**
 * The `-c` script. The command travels as a positional argument (no quoting to get wrong), the
 * positionals are cleared so the command sees an empty `$@`, and an EXIT trap writes `pwd -P` to a
 * file — it runs even when the command calls `exit`, and bash/zsh keep the command's exit status.
 */
export const WRAPPER_SCRIPT = [
  '__ad_cmd=$1',
  '__ad_cwd_file=$2',
  'set --',
  `trap 'pwd -P >| "$__ad_cwd_file" 2>/dev/null' EXIT`,
  'eval "$__ad_cmd"',
].join('\n');

/**
 * WRAPPER_SCRIPT for a command too long for one argument (Linux caps each at 128 KiB): the command is
 * read from a file (`read -d ''` stops at EOF, keeping every byte); `eval` stays on line 5.
 */
export const FILE_WRAPPER_SCRIPT = [
  `IFS= read -r -d '' __ad_cmd < "$1"`,
  '__ad_cwd_file=$2',
  'set --',
  `trap 'pwd -P >| "$__ad_cwd_file" 2>/dev/null' EXIT`,
  'eval "$__ad_cmd"',
].join('\n');

/** Above this many bytes a command travels in a file (bash only; see FILE_WRAPPER_SCRIPT). */
export const MAX_COMMAND_ARG_BYTES = 64 * 1024;

/**
 * WRAPPER_SCRIPT for a shell started ahead of its command (launchers.ts `prepare`): it reads
 * "cwd\0cwdfile\0command\0" from stdin, gives the command an empty stdin as a spawn does, enters the
 * cwd (OLDPWD put back: this `cd` is ours, not the command's), then the same EXIT trap and `eval`.
 * Five lines with `eval` last, as in WRAPPER_SCRIPT, so $LINENO reads the same. EOF first → exit.
 */
export const WARM_WRAPPER_SCRIPT = [
  "IFS= read -r -d '' __ad_cwd || exit 1; IFS= read -r -d '' __ad_cwd_file || exit 1; IFS= read -r -d '' __ad_cmd || exit 1",
  'exec </dev/null; __ad_oldpwd=${OLDPWD-__ad_unset}',
  'cd -- "$__ad_cwd" || exit 1; if [ "$__ad_oldpwd" = __ad_unset ]; then unset OLDPWD; else OLDPWD=$__ad_oldpwd; fi',
  `unset __ad_cwd __ad_oldpwd; trap 'pwd -P >| "$__ad_cwd_file" 2>/dev/null' EXIT`,
  'eval "$__ad_cmd"',
].join('\n');

export interface ShellInvocation {
  file: string;
  args: string[];
}

/** `commandFile`: where the caller wrote a command over MAX_COMMAND_ARG_BYTES (see commandNeedsFile). */
export function shellInvocation(shell: string, command: string, cwdFile: string, commandFile?: string): ShellInvocation {
  // $0 is what error messages start with ("bash: line 1: foo: command not found"), as in a terminal.
  if (commandFile !== undefined) return { file: shell, args: ['-c', FILE_WRAPPER_SCRIPT, 'bash', commandFile, cwdFile] };
  return { file: shell, args: ['-c', WRAPPER_SCRIPT, 'bash', command, cwdFile] };
}

/** Whether `command` must travel in a file: too long for an argument, and the shell is bash. */
export function commandNeedsFile(shell: string, command: string): boolean {
  return /(^|\/)bash$/.test(shell) && Buffer.byteLength(command) > MAX_COMMAND_ARG_BYTES;
}

/** For background tasks: no cwd capture, the command runs as-is. */
export function plainInvocation(shell: string, command: string): ShellInvocation {
  return { file: shell, args: ['-c', command] };
}
