// NotebookEdit (TL2, TL3): replace / insert / delete by id or cell-N; codes 6 and 7; the JSON is
// kept valid and byte-for-byte formatted as nbformat wrote it (indent 1, sorted keys, final newline).
import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotebookEditOutput } from '../../../shared/tools/notebook-edit';
import { recordWritten } from '../file-state/record';
import { sha256 } from '../fs-common/hash';
import { fileProject, runTool, type FileProject } from '../fs-common/test-support';
import { ReadTool } from '../read/read.tool';
import { createNotebookEditTool, NotebookEditTool } from './notebook-edit.tool';

let fp: FileProject;
beforeEach(() => {
  fp = fileProject();
});
afterEach(() => fp.cleanup());

const tool = createNotebookEditTool();

const nbedit = (input: Record<string, unknown>) => runTool<NotebookEditOutput>(tool, input, fp.ctx);
const readWhole = async (file_path: string) => {
  const r = await runTool(ReadTool, { file_path }, fp.ctx);
  if (!r.ok) throw new Error(r.message);
};

// As nbformat writes it: json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n".
const NB = `{
 "cells": [
  {
   "cell_type": "markdown",
   "id": "intro",
   "metadata": {},
   "source": [
    "# Título\\n",
    "Text"
   ]
  },
  {
   "cell_type": "code",
   "execution_count": 7,
   "id": "calc",
   "metadata": {
    "tags": []
   },
   "outputs": [
    {
     "name": "stdout",
     "output_type": "stream",
     "text": [
      "42\\n"
     ]
    }
   ],
   "source": [
    "print(6 * 7)"
   ]
  }
 ],
 "metadata": {
  "language_info": {
   "name": "python"
  }
 },
 "nbformat": 4,
 "nbformat_minor": 5
}
`;

const CALC_REPLACED = `  {
   "cell_type": "code",
   "execution_count": null,
   "id": "calc",
   "metadata": {
    "tags": []
   },
   "outputs": [],
   "source": [
    "x = 1\\n",
    "print(x)"
   ]
  }`;

const CALC_ORIGINAL = NB.slice(NB.indexOf('  {\n   "cell_type": "code"'), NB.indexOf('\n ],\n "metadata"'));

async function notebook(text = NB): Promise<string> {
  const f = fp.put('work.ipynb', text);
  await readWhole(f);
  return f;
}

describe('NotebookEdit', () => {
  it('replace: new source, outputs and execution count cleared, everything else byte-identical', async () => {
    const f = await notebook();
    const r = await nbedit({ notebook_path: f, cell_id: 'calc', new_source: 'x = 1\nprint(x)' });
    if (!r.ok) throw new Error(r.message);
    expect(readFileSync(f, 'utf8')).toBe(NB.replace(CALC_ORIGINAL, CALC_REPLACED));
    expect(r.data).toEqual({ notebookPath: f, editMode: 'replace', cellId: 'calc', cellType: 'code', newSource: 'x = 1\nprint(x)', oldSource: 'print(6 * 7)', language: 'python' });
    expect(r.content).toBe('Updated cell calc with x = 1\nprint(x)');
  });

  it('insert after a cell id, and at the start when no id is given (cell_type required)', async () => {
    const f = await notebook();
    expect(await nbedit({ notebook_path: f, edit_mode: 'insert', new_source: 'x' })).toMatchObject({ ok: false, stage: 'validate', errorCode: 2 });
    const after = await nbedit({ notebook_path: f, cell_id: 'intro', edit_mode: 'insert', cell_type: 'code', new_source: 'import os\nos.getcwd()' });
    if (!after.ok) throw new Error(after.message);
    const id1 = after.data.cellId;
    expect(id1).toMatch(/^[0-9a-f]{8}$/);
    expect(after).toMatchObject({ data: { editMode: 'insert' }, content: `Inserted cell ${id1} with import os\nos.getcwd()` });
    const first = await nbedit({ notebook_path: f, edit_mode: 'insert', cell_type: 'markdown', new_source: 'Intro' });
    if (!first.ok) throw new Error(first.message);
    const id2 = first.data.cellId;
    const nb = JSON.parse(readFileSync(f, 'utf8'));
    expect(nb.cells.map((c: { id: string }) => c.id)).toEqual([id2, 'intro', id1, 'calc']);
    expect(nb.cells[2]).toEqual({ cell_type: 'code', execution_count: null, id: id1, metadata: {}, outputs: [], source: ['import os\n', 'os.getcwd()'] });
    expect(Object.keys(nb.cells[0])).toEqual(['cell_type', 'id', 'metadata', 'source']);
    expect(readFileSync(f, 'utf8')).toMatch(/^\{\n "cells": \[\n  \{\n   "cell_type": "markdown",\n/);
    expect(readFileSync(f, 'utf8').endsWith('}\n')).toBe(true);
  });

  it('delete by id, and by the cell-N index form', async () => {
    const f = await notebook();
    const r = await nbedit({ notebook_path: f, cell_id: 'cell-0', edit_mode: 'delete', new_source: '' });
    expect(r).toMatchObject({ ok: true, content: 'Deleted cell intro', data: { oldSource: '# Título\nText' } });
    const nb = JSON.parse(readFileSync(f, 'utf8'));
    expect(nb.cells.map((c: { id: string }) => c.id)).toEqual(['calc']);
    expect((await nbedit({ notebook_path: f, cell_id: 'calc', edit_mode: 'delete', new_source: '' })).ok).toBe(true);
    expect(JSON.parse(readFileSync(f, 'utf8')).cells).toEqual([]);
  });

  it('changing a cell type: markdown → code gains outputs/execution_count, code → markdown loses them', async () => {
    const f = await notebook();
    await nbedit({ notebook_path: f, cell_id: 'intro', new_source: 'print(1)', cell_type: 'code' });
    await nbedit({ notebook_path: f, cell_id: 'calc', new_source: 'Now prose', cell_type: 'markdown' });
    const [a, b] = JSON.parse(readFileSync(f, 'utf8')).cells;
    expect(a).toEqual({ cell_type: 'code', execution_count: null, id: 'intro', metadata: {}, outputs: [], source: ['print(1)'] });
    expect(b).toEqual({ cell_type: 'markdown', id: 'calc', metadata: { tags: [] }, source: ['Now prose'] });
  });

  it('errors: unknown cell (listing ids), missing cell_id, not a notebook, invalid JSON', async () => {
    const f = await notebook();
    const unknown = await nbedit({ notebook_path: f, cell_id: 'nope', new_source: 'x' });
    expect(unknown).toMatchObject({ ok: false, errorCode: 8 });
    expect(!unknown.ok && unknown.message).toContain('Cell IDs: intro, calc');
    expect(await nbedit({ notebook_path: f, new_source: 'x' })).toMatchObject({ ok: false, errorCode: 9 });
    expect(await nbedit({ notebook_path: fp.put('a.py', 'x'), cell_id: 'a', new_source: 'x' })).toMatchObject({ ok: false, errorCode: 1 });
    // Read refuses a broken notebook, so the model can only have seen it by writing it itself.
    const broken = fp.put('broken.ipynb', '{"cells": [');
    recordWritten(fp.ctx.fileState, broken, { hash: sha256(readFileSync(broken)), mtimeMs: 0, size: 0 });
    expect(await nbedit({ notebook_path: broken, cell_id: 'a', new_source: 'x' })).toMatchObject({ ok: false, errorCode: 4 });
  });

  it('TL2 code 6 before a read, code 7 after an outside change', async () => {
    const f = fp.put('fresh.ipynb', NB);
    expect(await nbedit({ notebook_path: f, cell_id: 'calc', new_source: 'x' })).toMatchObject({ ok: false, errorCode: 6 });
    await readWhole(f);
    writeFileSync(f, NB.replace('42', '43'));
    expect(await nbedit({ notebook_path: f, cell_id: 'calc', new_source: 'x' })).toMatchObject({ ok: false, errorCode: 7 });
  });

  it('keeps other formats as found: compact JSON without a final newline, string sources, ASCII-only escapes, no ids before nbformat 4.5', async () => {
    const compact = JSON.stringify({ cells: [{ cell_type: 'code', execution_count: 1, metadata: {}, outputs: [], source: 's = "caf\u00e9"' }], metadata: {}, nbformat: 4, nbformat_minor: 2 }).replace('é', '\\u00e9');
    const f = await notebook(compact);
    await nbedit({ notebook_path: f, cell_id: 'cell-0', new_source: 'x = "ü"' });
    await nbedit({ notebook_path: f, edit_mode: 'insert', cell_type: 'markdown', new_source: 'Hi' });
    const text = readFileSync(f, 'utf8');
    expect(text.includes('\n')).toBe(false);
    expect(text).toContain('"source":"x = \\"\\u00fc\\""');
    const nb = JSON.parse(text);
    expect(nb.cells[0]).toEqual({ cell_type: 'markdown', metadata: {}, source: 'Hi' });
    expect(nb.cells[1].source).toBe('x = "ü"');
  });

  it('contract: destructive only for delete; TC5 backfill; describeChange without touching the file', async () => {
    expect(tool.isDestructive({ notebook_path: '/a.ipynb', new_source: '', edit_mode: 'delete' })).toBe(true);
    expect(tool.isDestructive({ notebook_path: '/a.ipynb', new_source: '' })).toBe(false);
    expect([tool.isReadOnly({ notebook_path: '', new_source: '' }), tool.isConcurrencySafe({ notebook_path: '', new_source: '' })]).toEqual([false, false]);
    const input = { notebook_path: 'n.ipynb', new_source: 'x' };
    const shown = tool.backfillObservableInput(input, fp.ctx);
    expect(shown).not.toBe(input);
    expect(shown.notebook_path).toBe(fp.p('n.ipynb'));
    expect(input.notebook_path).toBe('n.ipynb');

    const f = await notebook();
    const change = await tool.describeChange!({ notebook_path: f, cell_id: 'calc', new_source: 'x = 1\nprint(x)' }, fp.ctx);
    expect(change).toEqual({ path: f, kind: 'update', oldContent: NB, newContent: NB.replace(CALC_ORIGINAL, CALC_REPLACED) });
    expect(readFileSync(f, 'utf8')).toBe(NB);
  });

  it('the default cell ids are stable: the approval preview and the write agree', async () => {
    const f = await notebook();
    const input = { notebook_path: f, cell_id: 'intro', edit_mode: 'insert' as const, cell_type: 'code' as const, new_source: 'y = 2' };
    const preview = await NotebookEditTool.describeChange!(input, fp.ctx);
    const r = await runTool<NotebookEditOutput>(NotebookEditTool, input, fp.ctx);
    expect(r.ok && r.data.cellId).toMatch(/^[0-9a-f]{8}$/);
    expect(readFileSync(f, 'utf8')).toBe(preview!.newContent);
  });
});
