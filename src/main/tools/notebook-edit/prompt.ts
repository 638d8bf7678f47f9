// The model-facing description of the NotebookEdit tool (its `prompt()`), modelled on Claude Code's.

export function notebookEditPrompt(): string {
  return `Completely replaces the contents of a specific cell in a Jupyter notebook (.ipynb file) with new source. Jupyter notebooks are interactive documents that combine code, text, and visualizations, commonly used for data analysis and scientific computing. The notebook_path parameter must be an absolute path, not a relative path.

Usage:
- Read the notebook with the Read tool first: it shows every cell with its id and outputs. This tool fails if you have not read the notebook, or if it changed since you read it.
- cell_id identifies the cell: its id as Read shows it (cells without ids are named cell-N, counting from 0).
- edit_mode=replace (the default) replaces the cell's source; a replaced code cell loses its old outputs and execution count. cell_type may change the cell's type.
- edit_mode=insert adds a new cell after the cell with cell_id, or at the beginning of the notebook when cell_id is omitted; cell_type is required.
- edit_mode=delete removes the cell with cell_id.
- The notebook keeps its JSON formatting (indentation, key order, trailing newline).`;
}
