// The model-facing description of the Bash tool (its `prompt()`), modelled on Claude Code's.
import { BASH_DEFAULT_TIMEOUT_MS, BASH_MAX_TIMEOUT_MS } from '../../../shared/tools/bash';

const minutes = (ms: number) => `${ms / 60_000} minutes`;

export function bashPrompt(maxResultSizeChars: number): string {
  return `Executes a given bash command and returns its output.

The working directory persists between commands (a \`cd\` carries over to the next call); other shell state (variables, functions, aliases) does not. The shell environment is the user's, with stdin closed: commands that wait for input receive end-of-file instead.

Before executing the command, follow these steps:

1. Directory verification:
   - If the command will create new directories or files, first check that the parent directory exists and is the intended location (e.g. run \`ls\` on it).

2. Command execution:
   - Always quote file paths that contain spaces with double quotes (e.g. cd "path with spaces/file.txt").
   - Examples of proper quoting:
     - cd "/Users/name/My Documents" (correct)
     - cd /Users/name/My Documents (incorrect - will fail)
     - python "/path/with spaces/script.py" (correct)
     - python /path/with spaces/script.py (incorrect - will fail)

Usage notes:
  - The command argument is required.
  - You can specify an optional timeout in milliseconds (up to ${BASH_MAX_TIMEOUT_MS}ms / ${minutes(BASH_MAX_TIMEOUT_MS)}). If not specified, commands time out after ${BASH_DEFAULT_TIMEOUT_MS}ms (${minutes(BASH_DEFAULT_TIMEOUT_MS)}). A command that times out is stopped together with every process it started.
  - Write a clear, concise description of what the command does in 5-10 words.
  - If the output exceeds ${maxResultSizeChars} characters, you receive the beginning of it and the path of a file holding all of it; read that file (in parts) when you need the rest.
  - Use run_in_background to run a long-lived command (a dev server, a watcher, a long build) in the background. You get a task id and the path of the file its output is written to; read what it printed since your last look with TaskOutput, and stop it with TaskStop. You do not need to append '&' to the command when using this parameter.
  - When dedicated tools are available, prefer them over shell equivalents: Glob instead of \`find\` or \`ls\` to find files, Grep instead of \`grep\` or \`rg\` to search contents, Read instead of \`cat\`, \`head\` or \`tail\`, Edit instead of \`sed\` or \`awk\`, Write instead of \`echo >\` or \`cat <<EOF\`. They are faster, their results are easier to review, and they need fewer permission prompts.
  - If you still need to search with the shell, use \`rg\` (ripgrep) rather than \`grep\`.
  - When issuing multiple commands:
    - If the commands are independent, make several Bash calls in one message.
    - If they depend on each other, chain them in a single call with '&&'.
    - Use ';' only when later commands should run even if earlier ones fail.
    - Do NOT use newlines to separate commands (newlines are fine inside quoted strings).
  - Keep the working directory stable: prefer absolute paths over \`cd\`. Use \`cd\` only when the user asks for it or a tool requires running from a directory.
    <good-example>
    pytest /foo/bar/tests
    </good-example>
    <bad-example>
    cd /foo/bar && pytest tests
    </bad-example>
  - Never run interactive commands (editors, pagers, prompts such as \`git rebase -i\` or \`git add -i\`): nobody can answer them.
  - Destructive commands (rm -rf, git reset --hard, git push --force) need extra care: make sure they are what the user wants.`;
}
