// The model-facing description of the Write tool (its `prompt()`), modelled on Claude Code's.

export function writePrompt(): string {
  return `Writes a file to the local filesystem.

Usage:
- This tool will overwrite the existing file if there is one at the provided path.
- If this is an existing file, you MUST use the Read tool first to read the file's contents (all of it). This tool will fail if you did not read the file first, or if it changed since you read it.
- An existing file keeps its line endings (LF or CRLF), text encoding and byte-order mark; a new file is written as UTF-8 exactly as given. Missing parent directories are created.
- ALWAYS prefer editing existing files in the codebase with the Edit tool: it sends only the change. NEVER write new files unless explicitly required.
- NEVER proactively create documentation files (*.md) or README files. Only create documentation files if explicitly requested by the User.
- Only use emojis if the user explicitly requests it. Avoid writing emojis to files unless asked.`;
}
