// PX6: reverting what the conversation changed, from the session's own record of its Edit, Write and
// NotebookEdit calls: the original bytes come back exactly (format kept), a created file is deleted,
// a file changed on disk since the assistant's last write is refused unless the person chose to
// overwrite, and nothing outside the project's folders is touched.
import { chmod, mkdir, mkdtemp, readFile, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EditOutput } from '../../../shared/tools/edit';
import type { NotebookEditOutput } from '../../../shared/tools/notebook-edit';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import type { WriteOutput } from '../../../shared/tools/write';
import { nodeAtomicFs } from '../../fs/atomic-write';
import { makePatch } from '../../tools/fs-common/patch';
import { recordedChanges } from './recorded-changes';
import { revertChanges, type RevertOptions } from './revert';

let root: string;
let project: string;
let seq = 0;

beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-desk-revert-')));
  project = path.join(root, 'project');
  await mkdir(project);
});
afterEach(() => rm(root, { recursive: true, force: true }));

function call(name: string, data: unknown, over: Partial<ToolCallView> = {}): ToolCallView {
  seq++;
  return { id: `c${seq}`, name, userFacingName: name, kind: 'edit', messageId: 'm', input: {}, state: 'succeeded', endedAt: seq, result: { text: 'ok', isError: false, data }, ...over };
}
const edit = (filePath: string, before: string | null, after: string, over: Partial<ToolCallView> = {}): ToolCallView =>
  call('Edit', { filePath, oldString: 'x', newString: 'y', replaceAll: false, replacements: 1, originalFile: before, structuredPatch: makePatch(filePath, before ?? '', after) } satisfies EditOutput, over);
const write = (filePath: string, before: string | null, content: string): ToolCallView =>
  call('Write', { type: before === null ? 'create' : 'update', filePath, content, originalFile: before, structuredPatch: before === null ? [] : makePatch(filePath, before, content) } satisfies WriteOutput);

async function revert(calls: ToolCallView[], paths: RevertOptions['paths'] = 'all', over: Partial<RevertOptions> = {}) {
  return revertChanges({ changes: recordedChanges(calls), paths, workingDirectories: [project], overwriteLaterChanges: false, ...over });
}

describe('PX6: revert', () => {
  it('puts the original bytes back exactly: BOM, CRLF line endings and the file mode kept', async () => {
    const file = path.join(project, 'app.ts');
    const original = Buffer.from('\ufeffconst a = 1;\r\nconst b = 2;\r\n', 'utf8');
    await writeFile(file, original);
    await chmod(file, 0o640);
    // As Edit leaves it: the file's format kept, the record "\n"-normalised.
    await writeFile(file, Buffer.from('\ufeffconst a = 1;\r\nconst b = 20;\r\nconst c = 3;\r\n', 'utf8'));
    const calls = [edit(file, 'const a = 1;\nconst b = 2;\n', 'const a = 1;\nconst b = 20;\n'), edit(file, 'const a = 1;\nconst b = 20;\n', 'const a = 1;\nconst b = 20;\nconst c = 3;\n')];

    expect(await revert(calls, [file])).toEqual([{ path: file, outcome: 'restored', message: 'Reverted: back to how it was before this conversation.' }]);
    expect((await readFile(file)).equals(original)).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o640);
    // Again: nothing to do.
    expect((await revert(calls, [file]))[0]).toMatchObject({ outcome: 'already' });
  });

  it('deletes a file the conversation created (by Write, then edited)', async () => {
    const file = path.join(project, 'src', 'new.ts');
    await mkdir(path.dirname(file));
    await writeFile(file, 'export const x = 2;\n');
    const results = await revert([write(file, null, 'export const x = 1;\n'), edit(file, 'export const x = 1;\n', 'export const x = 2;\n')]);
    expect(results).toEqual([{ path: file, outcome: 'deleted', message: 'Deleted: this conversation created it.' }]);
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await revert([write(file, null, 'export const x = 1;\n')]))[0]).toMatchObject({ outcome: 'already' });
  });

  it('refuses a file changed on disk after the assistant’s last write, leaving it alone; restores it when the person chooses to overwrite', async () => {
    const file = path.join(project, 'notes.md');
    const created = path.join(project, 'created.md');
    await writeFile(file, 'one\nTWO\nmine\n');
    await writeFile(created, 'new\nmine too\n');
    const calls = [edit(file, 'one\ntwo\n', 'one\nTWO\n'), write(created, null, 'new\n')];

    const [changed, made] = await revert(calls);
    expect(changed).toMatchObject({ path: file, outcome: 'refused', reason: 'changed_since', canOverwrite: true, laterChanges: { added: 1, removed: 0 } });
    expect(made).toMatchObject({ path: created, outcome: 'refused', reason: 'changed_since', canOverwrite: true });
    expect(await readFile(file, 'utf8')).toBe('one\nTWO\nmine\n');
    expect(await readFile(created, 'utf8')).toBe('new\nmine too\n');

    const forced = await revert(calls, 'all', { overwriteLaterChanges: true });
    expect(forced.map((r) => r.outcome)).toEqual(['restored', 'deleted']);
    expect(await readFile(file, 'utf8')).toBe('one\ntwo\n');
  });

  it('a file deleted since, or whose last change cannot be replayed, is refused with a reason and can be overwritten', async () => {
    const gone = path.join(project, 'gone.txt');
    const odd = path.join(project, 'odd.txt');
    await writeFile(odd, 'b\n');
    const calls = [edit(gone, 'a\n', 'b\n'), edit(odd, 'a\n', 'b\n')];
    // A later change whose patch does not fit the text it names: what the assistant left is not known.
    calls.push(call('Edit', { filePath: odd, oldString: 'x', newString: 'y', replaceAll: false, replacements: 1, originalFile: 'zzz\n', structuredPatch: makePatch(odd, 'a\n', 'b\n') }));
    const results = await revert(calls);
    expect(results.map((r) => [r.reason, r.canOverwrite])).toEqual([
      ['deleted_since', true],
      ['unknown_content', true],
    ]);
    await revert(calls, 'all', { overwriteLaterChanges: true });
    expect(await readFile(gone, 'utf8')).toBe('a\n');
    expect(await readFile(odd, 'utf8')).toBe('a\n');
  });

  it('refuses files outside the project’s folders, also through a symlink, and never writes there', async () => {
    const outside = path.join(root, 'outside.txt');
    await writeFile(outside, 'changed\n');
    await symlink(root, path.join(project, 'link'));
    const viaLink = path.join(project, 'link', 'outside.txt');
    const results = await revert([edit(outside, 'orig\n', 'changed\n'), edit(viaLink, 'orig\n', 'changed\n')], 'all', { overwriteLaterChanges: true });
    expect(results.map((r) => [r.outcome, r.reason])).toEqual([
      ['refused', 'outside_project'],
      ['refused', 'outside_project'],
    ]);
    expect(await readFile(outside, 'utf8')).toBe('changed\n');
    // An additional working folder counts as the project's.
    expect((await revert([edit(outside, 'orig\n', 'changed\n')], 'all', { workingDirectories: [project, root] }))[0]).toMatchObject({ outcome: 'restored' });
  });

  it('only files the session changed: another path, a failed call or a notebook is refused; one failure does not stop the rest', async () => {
    const a = path.join(project, 'a.txt');
    const b = path.join(project, 'b.txt');
    const nb = path.join(project, 'n.ipynb');
    await writeFile(a, 'A\n');
    await writeFile(b, 'B\n');
    const cell: NotebookEditOutput = { notebookPath: nb, editMode: 'replace', cellId: 'c1', cellType: 'code', newSource: 'x = 2', oldSource: 'x = 1' };
    const calls = [edit(a, 'a\n', 'A\n'), edit(b, 'b\n', 'B\n'), edit(path.join(project, 'never.txt'), 'n\n', 'N\n', { state: 'failed' }), call('NotebookEdit', cell)];
    const failing = { ...nodeAtomicFs, rename: async (from: string, to: string) => (to === a ? Promise.reject(new Error('disk full')) : nodeAtomicFs.rename(from, to)) };
    const results = await revert(calls, [a, path.join(project, 'never.txt'), nb, b], { fs: failing });
    expect(results.map((r) => [path.basename(r.path), r.outcome, r.reason])).toEqual([
      ['a.txt', 'failed', undefined],
      ['never.txt', 'refused', 'not_changed'],
      ['n.ipynb', 'refused', 'notebook'],
      ['b.txt', 'restored', undefined],
    ]);
    expect(results[0]!.message).toContain('disk full');
    expect(await readFile(a, 'utf8')).toBe('A\n');
    expect(await readFile(b, 'utf8')).toBe('b\n');
  });

  it('the record follows the order the writes finished, and only the session’s own calls', () => {
    const f = path.join(project, 'x.txt');
    const late = edit(f, 'two\n', 'three\n', { endedAt: 200 });
    const early = edit(f, 'one\n', 'two\n', { endedAt: 100 });
    expect(recordedChanges([late, early]).get(f)).toEqual({ path: f, original: 'one\n', last: 'three\n', notebook: false });
    const other = { ...edit(f, 'one\n', 'two\n'), kind: 'other' as const };
    expect(recordedChanges([other]).size).toBe(0);
  });
});
