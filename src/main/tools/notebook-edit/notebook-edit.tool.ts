// The NotebookEdit tool (TL2, TL3): replace, insert or delete one cell of a .ipynb by id (or `cell-N`),
// after a fresh full Read (codes 6, 7); the JSON stays valid and formatted as found; atomic write.
import { stat } from 'node:fs/promises';
import {
  makeNotebookEditInputSchema,
  NOTEBOOK_EDIT_TOOL_NAME,
  type NotebookEditInput,
  type NotebookEditOutput,
} from '../../../shared/tools/notebook-edit';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool, ToolDef } from '../core/tool';
import { recordWritten } from '../file-state/record';
import { nodeAtomicFs, writeFileAtomic, type AtomicFs } from '../../fs/atomic-write';
import { sha256 } from '../fs-common/hash';
import { badPathInput } from '../fs-common/path-input';
import { expandPath } from '../fs-common/paths';
import { filePermission } from '../fs-common/permission';
import { planNotebookEdit } from './plan';
import { notebookEditPrompt } from './prompt';

export const NOTEBOOK_EDIT_MAX_RESULT_SIZE_CHARS = 100_000;

export interface NotebookEditToolDeps {
  fs?: AtomicFs;
}

export function notebookEditResultText(o: NotebookEditOutput): string {
  if (o.editMode === 'delete') return `Deleted cell ${o.cellId}`;
  if (o.editMode === 'insert') return `Inserted cell ${o.cellId} with ${o.newSource}`;
  return `Updated cell ${o.cellId} with ${o.newSource}`;
}

export function createNotebookEditToolDef(deps: NotebookEditToolDeps = {}): ToolDef<NotebookEditInput, NotebookEditOutput> {
  const fs = deps.fs ?? nodeAtomicFs;
  return {
    name: NOTEBOOK_EDIT_TOOL_NAME,
    kind: 'edit',
    target: { field: 'notebook_path' },
    searchHint: 'jupyter notebook ipynb cell edit insert delete',
    maxResultSizeChars: NOTEBOOK_EDIT_MAX_RESULT_SIZE_CHARS,
    inputSchema: lazySchema(makeNotebookEditInputSchema),
    description: (input) => (input.notebook_path ? `Edit notebook ${input.notebook_path}` : 'Edit a notebook cell'),
    prompt: notebookEditPrompt,
    userFacingName: () => 'Edit Notebook',
    summarize: (input) => (input.notebook_path ? `${input.notebook_path}${input.cell_id ? ` (${input.cell_id})` : ''}` : ''),
    isReadOnly: () => false,
    isConcurrencySafe: () => false,
    isDestructive: (input) => input.edit_mode === 'delete',
    toAutoClassifierInput: (input) => `${input.notebook_path} ${input.edit_mode ?? 'replace'}: ${input.new_source}`,
    backfillObservableInput: (input, ctx) =>
      typeof input.notebook_path === 'string' ? { ...input, notebook_path: expandPath(input.notebook_path, ctx) } : { ...input },
    async validateInput(input, ctx) {
      const bad = badPathInput(input.notebook_path, 'notebook_path', { required: true });
      if (bad) return bad;
      const plan = await planNotebookEdit(input, ctx);
      return plan.ok ? { result: true } : { result: false, message: plan.message, errorCode: plan.errorCode };
    },
    checkPermissions: (input, ctx) =>
      filePermission<NotebookEditInput>(NOTEBOOK_EDIT_TOOL_NAME, expandPath(input.notebook_path, ctx), ctx, 'write'),
    async describeChange(input, ctx) {
      const plan = await planNotebookEdit(input, ctx);
      if (!plan.ok) return null;
      return { path: plan.abs, kind: 'update', oldContent: plan.existing.textLF, newContent: plan.newTextLF };
    },
    async call(input, ctx) {
      const plan = await planNotebookEdit(input, ctx);
      if (!plan.ok) throw new Error(plan.message);
      const written = await writeFileAtomic(plan.abs, plan.bytes, fs);
      const after = await stat(written.path);
      recordWritten(ctx.fileState, plan.abs, { hash: sha256(plan.bytes), mtimeMs: after.mtimeMs, size: after.size });
      const e = plan.edit;
      const data: NotebookEditOutput = {
        notebookPath: plan.abs,
        editMode: e.editMode,
        cellId: e.cellId,
        cellType: e.cellType,
        newSource: e.newSource,
        ...(e.oldSource !== undefined ? { oldSource: e.oldSource } : {}),
        ...(e.language ? { language: e.language } : {}),
      };
      return { data };
    },
    mapResult: (output) => ({ content: notebookEditResultText(output) }),
  };
}

export function createNotebookEditTool(deps: NotebookEditToolDeps = {}): Tool<NotebookEditInput, NotebookEditOutput> {
  return buildTool(createNotebookEditToolDef(deps));
}

export const NotebookEditTool = createNotebookEditTool();
