// The tools that change files (Write, Edit, NotebookEdit): the Changes pane reads their calls, and the
// session store keeps their final snapshots so the pane survives a restart.
import { EDIT_TOOL_NAME } from './edit';
import { NOTEBOOK_EDIT_TOOL_NAME } from './notebook-edit';
import { WRITE_TOOL_NAME } from './write';

export const FILE_CHANGING_TOOLS: readonly string[] = [EDIT_TOOL_NAME, WRITE_TOOL_NAME, NOTEBOOK_EDIT_TOOL_NAME];
