// The model-facing description of the Edit tool (its `prompt()`), modelled on Claude Code's.

export function editPrompt(): string {
  return `Performs exact string replacements in files.

Usage:
- You must use your \`Read\` tool at least once in the conversation before editing, and have read the whole file (long files can be read in ranges). This tool will error if you attempt an edit without reading the file, or if the file changed since you read it.
- When editing text from Read tool output, ensure you preserve the exact indentation (tabs/spaces) as it appears AFTER the line number prefix. The line number prefix format is: spaces + line number + tab. Everything after that tab is the actual file content to match. Never include any part of the line number prefix in the old_string or new_string.
- ALWAYS prefer editing existing files in the codebase. NEVER write new files unless explicitly required.
- Only use emojis if the user explicitly requests it. Avoid adding emojis to files unless asked.
- The edit will FAIL if \`old_string\` is not unique in the file. Either provide a larger string with more surrounding context to make it unique or use \`replace_all\` to change every instance of \`old_string\`.
- Use \`replace_all\` for replacing and renaming strings across the file. This parameter is useful if you want to rename a variable for instance.
- The file keeps its line endings (LF or CRLF), encoding and byte-order mark; write old_string and new_string with plain "\\n" newlines.
- Curly and straight quotes are treated alike when matching old_string; the file's quote style is kept.
- An empty old_string creates a new file with new_string as its content (only if the file does not exist yet).
- For Jupyter notebooks (.ipynb files), use the NotebookEdit tool instead.`;
}
