// Diff-first approval (DK4): capPreview keeps the changed region within the size cap with correct line
// numbers; changePreview asks the real Edit/Write tools and never fails the prompt.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProposedFileChange } from '../../../shared/tools/edit';
import { EditTool } from '../edit/edit.tool';
import { fileProject, runTool, type FileProject } from '../fs-common/test-support';
import { ReadTool } from '../read/read.tool';
import { WriteTool } from '../write/write.tool';
import { capPreview, changePreview } from './file-preview';
import { makeBashLike, makeTool } from './test-helpers';

const lines = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}`);

describe('capPreview (DK4: a preview small enough to send)', () => {
  it('a change that fits is sent whole, without firstLine or truncated', () => {
    const change: ProposedFileChange = { path: '/p/a.ts', kind: 'update', oldContent: 'a\nb\n', newContent: 'a\nc\n' };
    expect(capPreview(change, 100)).toEqual({ kind: 'file_change', path: '/p/a.ts', changeKind: 'update', oldContent: 'a\nb\n', newContent: 'a\nc\n' });
  });

  it('a large file keeps only the changed lines with 3 lines of context, numbered from firstLine', () => {
    const old = lines(1, 1000);
    const next = old.slice();
    next[499] = 'line 500 changed';
    const p = capPreview({ path: '/p/big.txt', kind: 'update', oldContent: old.join('\n'), newContent: next.join('\n') }, 2_000);
    expect(p.firstLine).toBe(497);
    expect(p.truncated).toBeUndefined();
    expect(p.oldContent!.split('\n')).toEqual(['line 497', 'line 498', 'line 499', 'line 500', 'line 501', 'line 502', 'line 503']);
    expect(p.newContent.split('\n')).toEqual(['line 497', 'line 498', 'line 499', 'line 500 changed', 'line 501', 'line 502', 'line 503']);
  });

  it('lines added at the end keep the last unchanged lines as context', () => {
    const old = lines(1, 1000);
    const p = capPreview({ path: '/p/big.txt', kind: 'update', oldContent: old.join('\n'), newContent: [...old, 'added'].join('\n') }, 2_000);
    expect(p.firstLine).toBe(998);
    expect(p.oldContent).toBe('line 998\nline 999\nline 1000');
    expect(p.newContent).toBe('line 998\nline 999\nline 1000\nadded');
  });

  it('a change too large even when trimmed is cut at line ends and flagged truncated', () => {
    const p = capPreview({ path: '/p/big.txt', kind: 'update', oldContent: lines(1, 500).join('\n'), newContent: lines(1, 500).map((l) => `${l}!`).join('\n') }, 1_000);
    expect(p.truncated).toBe(true);
    expect(p.oldContent!.length + p.newContent.length).toBeLessThanOrEqual(1_000);
    expect(p.oldContent!.startsWith('line 1\nline 2\n')).toBe(true);
    expect(p.oldContent!.endsWith('\n')).toBe(false);
    expect(p.newContent.split('\n').every((l) => l.endsWith('!'))).toBe(true);
  });

  it('a large new file is cut and flagged; its old content stays null', () => {
    const p = capPreview({ path: '/p/new.txt', kind: 'create', oldContent: null, newContent: lines(1, 500).join('\n') }, 100);
    expect(p).toMatchObject({ changeKind: 'create', oldContent: null, truncated: true });
    expect(p.newContent.length).toBeLessThanOrEqual(100);
    expect(p.newContent.split('\n').at(-1)).toMatch(/^line \d+$/);
  });
});

describe('changePreview (DK4: never blocks the prompt)', () => {
  let fp: FileProject;
  beforeEach(() => {
    fp = fileProject();
  });
  afterEach(() => fp.cleanup());

  it('Edit: the proposed change of a read file, and the file is not touched', async () => {
    const f = fp.put('src/app.ts', 'const a = 1;\nconst b = 2;\n');
    expect((await runTool(ReadTool, { file_path: f }, fp.ctx)).ok).toBe(true);
    const input = EditTool.inputSchema().parse({ file_path: f, old_string: 'const b = 2;', new_string: 'const b = 3;' });
    expect(await changePreview(EditTool, input, fp.ctx)).toEqual({
      kind: 'file_change',
      path: f,
      changeKind: 'update',
      oldContent: 'const a = 1;\nconst b = 2;\n',
      newContent: 'const a = 1;\nconst b = 3;\n',
    });
    expect(readFileSync(f, 'utf8')).toBe('const a = 1;\nconst b = 2;\n');
  });

  it('Write: a new file is a create with no old content', async () => {
    const input = WriteTool.inputSchema().parse({ file_path: fp.p('new.ts'), content: 'x\n' });
    expect(await changePreview(WriteTool, input, fp.ctx)).toMatchObject({ changeKind: 'create', oldContent: null, newContent: 'x\n' });
  });

  it('no preview for tools without describeChange, an edit that would fail, a throwing or hanging tool', async () => {
    expect(await changePreview(makeBashLike(), { command: 'ls' }, fp.ctx)).toBeUndefined();
    const unread = EditTool.inputSchema().parse({ file_path: fp.put('b.ts', 'x'), old_string: 'x', new_string: 'y' });
    expect(await changePreview(EditTool, unread, fp.ctx)).toBeUndefined();
    const throwing = makeTool({ name: 'Boom', describeChange: async () => Promise.reject(new Error('disk on fire')) });
    expect(await changePreview(throwing, { text: 'x' }, fp.ctx)).toBeUndefined();
    const syncThrow = makeTool({
      name: 'Boom2',
      describeChange: () => {
        throw new Error('sync');
      },
    });
    expect(await changePreview(syncThrow, { text: 'x' }, fp.ctx)).toBeUndefined();
    const hanging = makeTool({ name: 'Slow', describeChange: () => new Promise(() => {}) });
    expect(await changePreview(hanging, { text: 'x' }, fp.ctx, 20)).toBeUndefined();
  });
});
