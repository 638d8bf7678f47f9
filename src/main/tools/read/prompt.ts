// The model-facing description of the Read tool (its `prompt()`), modelled on Claude Code's.
import { READ_DEFAULT_LINE_LIMIT, READ_MAX_LINE_CHARS, READ_MAX_PDF_PAGES } from '../../../shared/tools/read';

export function readPrompt(maxFileKB: number): string {
  return `Reads a file from the local filesystem. You can access any file directly by using this tool.
Assume this tool is able to read all files on the machine. If the User provides a path to a file assume that path is valid. It is okay to read a file that does not exist; an error will be returned.

Usage:
- The file_path parameter must be an absolute path, not a relative path
- By default, it reads up to ${READ_DEFAULT_LINE_LIMIT} lines starting from the beginning of the file
- You can optionally specify a line offset and limit (especially handy for long files), but it's recommended to read the whole file by not providing these parameters. Files over ${maxFileKB} KB must be read in parts with offset and limit.
- Any lines longer than ${READ_MAX_LINE_CHARS} characters will be truncated
- Results are returned using cat -n format, with line numbers starting at 1: the line number, a tab, then the line. When you quote a line in an edit, use only the text after the tab.
- This tool allows you to read images (PNG, JPG, GIF, WEBP). When reading an image file the contents are presented visually. Large images are downscaled.
- This tool can read PDF files (.pdf); their text is returned page by page. For PDFs over ${READ_MAX_PDF_PAGES} pages you must give the pages parameter (e.g. pages: "1-5"); at most ${READ_MAX_PDF_PAGES} pages per request.
- This tool can read Jupyter notebooks (.ipynb files) and returns all cells with their outputs, combining code, text, and visualizations.
- This tool can only read files, not directories. To list a directory, use an ls command via the Bash tool, or the Glob tool.
- Binary files (archives, executables, media other than images) cannot be read.
- You can call multiple tools in a single response. It is always better to speculatively read multiple potentially useful files in parallel.
- You will regularly be asked to read screenshots. If the user provides a path to a screenshot, ALWAYS use this tool to view the file at the path. This tool will work with all temporary file paths.
- If you read a file that exists but has empty contents you will receive a warning in place of file contents.
- If you read the same range of a file again and it has not changed, you get a short note instead of the content: refer to your earlier read.`;
}
