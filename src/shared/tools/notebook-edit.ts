// NotebookEdit's input schema (Claude Code's fields exactly) and output, shared by the tool and its view.
import { z } from 'zod';

export const NOTEBOOK_EDIT_TOOL_NAME = 'NotebookEdit';

/** A factory, not a schema: the tool wraps it in lazySchema (TC4). */
export function makeNotebookEditInputSchema() {
  return z.strictObject({
    notebook_path: z
      .string()
      .describe('The absolute path to the Jupyter notebook file to edit (must be absolute, not relative)'),
    cell_id: z
      .string()
      .optional()
      .describe(
        'The ID of the cell to edit. When inserting a new cell, the new cell will be inserted after the cell with this ID, or at the beginning if not specified.',
      ),
    new_source: z.string().describe('The new source for the cell'),
    cell_type: z
      .enum(['code', 'markdown'])
      .optional()
      .describe(
        'The type of the cell (code or markdown). If not specified, it defaults to the current cell type. If using edit_mode=insert, this is required.',
      ),
    edit_mode: z
      .enum(['replace', 'insert', 'delete'])
      .optional()
      .describe('The type of edit to make (replace, insert, delete). Defaults to replace.'),
  });
}
export type NotebookEditInput = z.infer<ReturnType<typeof makeNotebookEditInputSchema>>;

export const NotebookEditOutput = z.object({
  notebookPath: z.string(),
  editMode: z.enum(['replace', 'insert', 'delete']),
  /** The id of the cell replaced, inserted or deleted. */
  cellId: z.string(),
  cellType: z.enum(['code', 'markdown', 'raw']),
  newSource: z.string(),
  /** The deleted or replaced cell's source (for the view's diff). */
  oldSource: z.string().optional(),
  language: z.string().optional(),
});
export type NotebookEditOutput = z.infer<typeof NotebookEditOutput>;
