// Edit's validation error codes: 5, 6 and 7 are TL2's; the others follow Claude Code's numbering.
export const EDIT_ERROR = {
  noChange: 1,
  fileExists: 3,
  notFound: 4,
  notebook: 5,
  notRead: 6,
  modified: 7,
  noMatch: 8,
  multipleMatches: 9,
  notAFile: 10,
} as const;

export const NOTEBOOK_REDIRECT_MESSAGE = 'File is a Jupyter Notebook. Use the NotebookEdit to edit this file.';
