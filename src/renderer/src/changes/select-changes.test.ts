// The Changes selector (UI1 Changes pane): files the session changed, each with its cumulative diff —
// the content before the first change → after the latest — across Edit, Write and NotebookEdit.
import { describe, expect, it } from 'vitest';
import type { EditOutput } from '../../../shared/tools/edit';
import type { NotebookEditOutput } from '../../../shared/tools/notebook-edit';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import type { WriteOutput } from '../../../shared/tools/write';
import { applyHunks, diffTexts } from '../diff/compute';
import { changeKind, fileDiff } from './change-diff';
import { collectChanges, isFileChange } from './select-changes';

let seq = 0;
function call(name: string, data: unknown, over: Partial<ToolCallView> = {}): ToolCallView {
  seq++;
  // As main publishes it: the editing tools' calls carry kind 'edit'.
  const kind = ['Edit', 'Write', 'NotebookEdit'].includes(name) ? 'edit' : 'other';
  return { id: `c${seq}`, name, userFacingName: name, kind, messageId: 'm1', input: {}, state: 'succeeded', endedAt: seq, result: { text: 'ok', isError: false, data }, ...over };
}
function edit(filePath: string, before: string, after: string, over: Partial<ToolCallView> = {}): ToolCallView {
  const data: EditOutput = { filePath, oldString: 'x', newString: 'y', replaceAll: false, replacements: 1, originalFile: before, structuredPatch: diffTexts(before, after) };
  return call('Edit', data, over);
}
function write(filePath: string, before: string | null, content: string): ToolCallView {
  const data: WriteOutput = { type: before === null ? 'create' : 'update', filePath, content, originalFile: before, structuredPatch: before === null ? [] : diffTexts(before, content) };
  return call('Write', data);
}
function cellEdit(out: Partial<NotebookEditOutput> & Pick<NotebookEditOutput, 'cellId' | 'editMode' | 'newSource'>): ToolCallView {
  return call('NotebookEdit', { notebookPath: '/p/n.ipynb', cellType: 'code', language: 'python', ...out });
}

const V1 = 'const a = 1;\nconst b = 2;\nconst c = 3;\n';
const V2 = 'const a = 1;\nconst b = 20;\nconst c = 3;\n';
const V3 = 'const a = 1;\nconst b = 20;\nconst c = 30;\nconst d = 4;\n';

describe('collectChanges', () => {
  it('two edits of one file: one entry, first old content → latest new content', () => {
    const changes = collectChanges([edit('/p/app.ts', V1, V2), edit('/p/app.ts', V2, V3)]);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ type: 'text', path: '/p/app.ts', before: V1, after: V3, callIds: ['c1', 'c2'] });
    const diff = fileDiff(changes[0]!);
    // b and c changed, d added: the cumulative diff, not the last edit's.
    expect({ added: diff.added, removed: diff.removed }).toEqual({ added: 3, removed: 2 });
    expect(applyHunks(V1, diff.hunks)).toBe(V3);
    expect(changeKind(changes[0]!)).toBe('changed');
  });

  it('files in the order they were first changed; writes ordered by when they finished', () => {
    const late = edit('/p/b.ts', V2, V3, { endedAt: 100 });
    const early = edit('/p/b.ts', V1, V2, { endedAt: 50 });
    const other = edit('/p/a.ts', 'x\n', 'y\n', { endedAt: 10 });
    const changes = collectChanges([late, early, other]);
    expect(changes.map((c) => c.path)).toEqual(['/p/a.ts', '/p/b.ts']);
    expect(changes[1]).toMatchObject({ before: V1, after: V3 });
  });

  it('created by Write then edited: a created file whose content is the latest', () => {
    const changes = collectChanges([write('/p/new.ts', null, V1), edit('/p/new.ts', V1, V2)]);
    expect(changes[0]).toMatchObject({ before: null, after: V2 });
    expect(changeKind(changes[0]!)).toBe('created');
    expect(fileDiff(changes[0]!)).toMatchObject({ added: 3, removed: 0 });
  });

  it('overwritten by Write keeps the content from before the session', () => {
    const changes = collectChanges([edit('/p/c.json', '{}\n', '{"a":1}\n'), write('/p/c.json', '{"a":1}\n', '{"b":2}\n')]);
    expect(changes[0]).toMatchObject({ before: '{}\n', after: '{"b":2}\n' });
  });

  it('an edit back to the original leaves no lines changed', () => {
    const [change] = collectChanges([edit('/p/a.ts', V1, V2), edit('/p/a.ts', V2, V1)]);
    expect(fileDiff(change!)).toMatchObject({ hunks: [], added: 0, removed: 0 });
  });

  it('a patch that does not fit its original marks the change incomplete, keeping what is known', () => {
    const first = edit('/p/a.ts', V1, V2);
    const broken = call('Edit', { filePath: '/p/a.ts', oldString: 'x', newString: 'y', replaceAll: false, replacements: 1, originalFile: 'zzz\n', structuredPatch: diffTexts(V1, V2) });
    const [change] = collectChanges([first, broken]);
    expect(change).toMatchObject({ before: V1, after: V2, incomplete: true });
  });

  it('only succeeded calls with valid output count; other tools never', () => {
    const failed = edit('/p/a.ts', V1, V2, { state: 'failed' });
    const junk = call('Edit', { nope: true });
    const read = call('Read', { type: 'text', file: { filePath: '/p/a.ts' } });
    expect(isFileChange(failed)).toBe(false);
    expect(isFileChange(read)).toBe(false);
    expect(collectChanges([failed, junk, read])).toEqual([]);
  });

  it('notebooks: per cell, first source → latest; an inserted then deleted cell disappears', () => {
    const changes = collectChanges([
      cellEdit({ cellId: 'a', editMode: 'replace', oldSource: 'x = 1', newSource: 'x = 2' }),
      cellEdit({ cellId: 'a', editMode: 'replace', oldSource: 'x = 2', newSource: 'x = 3' }),
      cellEdit({ cellId: 'new1', editMode: 'insert', newSource: 'print(x)' }),
      cellEdit({ cellId: 'tmp', editMode: 'insert', newSource: 'scratch' }),
      cellEdit({ cellId: 'tmp', editMode: 'delete', newSource: '', oldSource: 'scratch' }),
      cellEdit({ cellId: 'b', editMode: 'delete', newSource: '', oldSource: 'old()' }),
    ]);
    expect(changes).toHaveLength(1);
    const nb = changes[0]!;
    expect(nb.type).toBe('notebook');
    if (nb.type !== 'notebook') return;
    expect(nb.cells).toEqual([
      { cellId: 'a', cellType: 'code', before: 'x = 1', after: 'x = 3' },
      { cellId: 'new1', cellType: 'code', before: null, after: 'print(x)' },
      { cellId: 'b', cellType: 'code', before: 'old()', after: null },
    ]);
    expect(fileDiff(nb)).toMatchObject({ added: 2, removed: 2 });
  });
});
