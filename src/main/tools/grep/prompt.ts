// The model-facing description of the Grep tool (its `prompt()`), modelled on Claude Code's.
import { GREP_DEFAULT_HEAD_LIMIT } from '../../../shared/tools/grep';

export function grepPrompt(): string {
  return `A powerful search tool built on ripgrep

  Usage:
  - ALWAYS use Grep for search tasks. NEVER invoke \`grep\` or \`rg\` as a Bash command. The Grep tool has been optimized for correct permissions and access.
  - Supports full regex syntax (e.g., "log.*Error", "function\\s+\\w+")
  - Filter files with glob parameter (e.g., "*.js", "**/*.tsx") or type parameter (e.g., "js", "py", "rust")
  - Output modes: "content" shows matching lines, "files_with_matches" shows only file paths (default, newest first), "count" shows match counts
  - Results are limited to ${GREP_DEFAULT_HEAD_LIMIT} lines/entries unless you set head_limit (0 = no limit); use offset to page through more
  - Paths in results are relative to the current working directory
  - Files ignored by .gitignore are skipped, as are .git and other version-control directories; hidden files are searched. To search an ignored directory, pass it as path
  - Use Agent tool for open-ended searches requiring multiple rounds
  - Pattern syntax: Uses ripgrep (not grep) - literal braces need escaping (use \`interface\\{\\}\` to find \`interface{}\` in Go code). Look-around and backreferences are not supported
  - Multiline matching: By default patterns match within single lines only. For cross-line patterns like \`struct \\{[\\s\\S]*?field\`, use \`multiline: true\``;
}
