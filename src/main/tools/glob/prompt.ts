// The model-facing description of the Glob tool (its `prompt()`), modelled on Claude Code's.
import { GLOB_MAX_RESULTS } from '../../../shared/tools/glob';

export function globPrompt(): string {
  return `- Fast file pattern matching tool that works with any codebase size
- Supports glob patterns like "**/*.js" or "src/**/*.ts"
- Returns matching file paths (absolute) sorted by modification time, newest first, at most ${GLOB_MAX_RESULTS}
- Use this tool when you need to find files by name patterns
- Files and directories ignored by .gitignore (and .ignore) are skipped, as are .git and other version-control directories; hidden files are included. To look inside an ignored directory, name it in the path or the pattern (e.g. "node_modules/react/**/*.js")
- A pattern without "/" only matches in the search directory itself: use "**/*.ts", not "*.ts", to search all subdirectories
- When you are doing an open ended search that may require multiple rounds of globbing and grepping, use the Agent tool instead
- You can call multiple tools in a single response. It is always better to speculatively perform multiple searches in parallel if they are potentially useful.`;
}
