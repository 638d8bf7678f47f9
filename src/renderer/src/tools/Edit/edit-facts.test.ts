// Edit's view data (UI2): hunks from the output or the input, and failures taken apart — what was
// looked for and the nearest similar lines (with their line numbers), several matches, stale reads.
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { editHunks, editInput, editProblem, editProblemWords } from './edit-facts';

const call = (over: Partial<ToolCallView>): ToolCallView => ({
  id: 'e1',
  name: 'Edit',
  userFacingName: 'Update',
  messageId: 'm1',
  input: { file_path: '/p/src/app.ts', old_string: 'const b = 2;', new_string: 'const b = 3;' },
  state: 'succeeded',
  ...over,
});

// Exactly the tool's wording (src/main/tools/edit/apply-edit.ts + nearest-lines.ts).
const NOT_FOUND =
  '<tool_use_error>String to replace not found in file.\nString: const c = 2;\n\nThe most similar places are (line number, tab, line):\n     2\tconst b = 2;\n---\n    14\tconst c = 20;\n    15\tconst d = 3;\n       … (2 more lines)</tool_use_error>';

describe('editInput / editHunks', () => {
  it('reads the input defensively', () => {
    expect(editInput({ file_path: '/a', old_string: 'x', new_string: 'y', replace_all: true })).toEqual({ filePath: '/a', oldString: 'x', newString: 'y', replaceAll: true });
    expect(editInput(42)).toEqual({ filePath: '', oldString: '', newString: '', replaceAll: false });
  });

  it('uses the output’s patch; without one (rebuilt call) diffs old_string → new_string', () => {
    const hunk = { oldStart: 4, oldLines: 1, newStart: 4, newLines: 1, lines: ['-a', '+b'] };
    const data = { filePath: '/p/src/app.ts', oldString: 'a', newString: 'b', replaceAll: false, replacements: 1, originalFile: 'a\n', structuredPatch: [hunk] };
    expect(editHunks(call({ result: { text: 'ok', isError: false, data } }))).toEqual({ hunks: [hunk], fromFile: true });
    const rebuilt = editHunks(call({ result: { text: 'ok', isError: false } }));
    expect(rebuilt.fromFile).toBe(false);
    expect(rebuilt.hunks[0]!.lines).toEqual(['-const b = 2;', '+const b = 3;']);
  });
});

describe('editProblem (UI2: the context that failed to match)', () => {
  it('not found: what was looked for and the nearest places with their lines', () => {
    const p = editProblem(call({ state: 'rejected', error: { message: NOT_FOUND, code: 'validation_failed' } }));
    expect(p).toEqual({
      kind: 'not_found',
      searched: 'const c = 2;',
      places: [
        { line: 2, lines: ['const b = 2;'], more: 0 },
        { line: 14, lines: ['const c = 20;', 'const d = 3;'], more: 2 },
      ],
    });
    expect(editProblemWords(p!, 'src/app.ts')).toBe('The text to change was not found in src/app.ts, so nothing was changed.');
  });

  it('no similar lines: no places', () => {
    const msg = '<tool_use_error>String to replace not found in file.\nString: zzz\n\nNo similar lines were found in the file.</tool_use_error>';
    expect(editProblem(call({ state: 'failed', error: { message: msg } }))).toEqual({ kind: 'not_found', searched: 'zzz', places: [] });
  });

  it('several matches, not read, changed since read, anything else', () => {
    const several =
      '<tool_use_error>Found 3 matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.\nString: x = 1</tool_use_error>';
    expect(editProblem(call({ state: 'rejected', error: { message: several, code: 'validation_failed' } }))).toEqual({ kind: 'several', count: 3, searched: 'x = 1' });
    expect(editProblem(call({ state: 'rejected', error: { message: '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>', code: 'validation_failed' } }))).toEqual({ kind: 'not_read' });
    expect(editProblem(call({ state: 'failed', error: { message: 'File has been modified since read, either by the user or by a linter.' } }))).toEqual({ kind: 'changed_since_read' });
    expect(editProblem(call({ state: 'failed', error: { message: 'EACCES: permission denied' } }))).toEqual({ kind: 'other', text: 'EACCES: permission denied' });
  });

  it('none for a success, or for a person’s denial', () => {
    expect(editProblem(call({}))).toBeNull();
    expect(editProblem(call({ state: 'rejected', error: { message: 'The user denied this Edit call, so it did not run.', code: 'permission_denied' } }))).toBeNull();
  });
});
