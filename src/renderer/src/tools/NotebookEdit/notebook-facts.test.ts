// NotebookEdit's view words: from the output when there is one, else from the input.
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { notebookEditWords, notebookInput } from './notebook-facts';

const call = (input: unknown, data?: unknown): ToolCallView => ({
  id: 'n1',
  name: 'NotebookEdit',
  userFacingName: 'Edit Notebook',
  messageId: 'm1',
  input,
  state: data ? 'succeeded' : 'running',
  ...(data ? { result: { text: 'ok', isError: false, data } } : {}),
});

describe('notebook facts', () => {
  it('reads the input defensively', () => {
    expect(notebookInput({ notebook_path: '/p/n.ipynb', cell_id: 'abc', new_source: 'x', edit_mode: 'insert', cell_type: 'code' })).toEqual({
      notebookPath: '/p/n.ipynb',
      cellId: 'abc',
      newSource: 'x',
      cellType: 'code',
      editMode: 'insert',
    });
    expect(notebookInput({ edit_mode: 'explode' }).editMode).toBe('replace');
  });
  it('words the edit', () => {
    expect(notebookEditWords(call({ notebook_path: '/n', cell_id: 'a1', new_source: 'x' }))).toBe('Replace cell a1');
    expect(notebookEditWords(call({ notebook_path: '/n', new_source: 'x', edit_mode: 'insert', cell_type: 'markdown' }))).toBe('Add a text cell at the start');
    const out = { notebookPath: '/n', editMode: 'replace', cellId: 'a1', cellType: 'code', newSource: 'y', oldSource: 'x' };
    expect(notebookEditWords(call({}, out))).toBe('Replaced code cell a1');
    expect(notebookEditWords(call({}, { ...out, editMode: 'insert', cellId: 'b2' }))).toBe('Added a code cell (b2)');
    expect(notebookEditWords(call({}, { ...out, editMode: 'delete' }))).toBe('Deleted code cell a1');
  });
});
