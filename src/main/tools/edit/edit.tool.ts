// The Edit tool (TL2, TL3): exact string replacement with TL2's codes 5/6/7, quote normalisation,
// unique-or-replace_all, line endings/encoding/BOM preserved, atomic write, a structured patch for the view.
import { stat } from 'node:fs/promises';
import { EDIT_TOOL_NAME, makeEditInputSchema, type EditInput, type EditOutput } from '../../../shared/tools/edit';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool, ToolDef } from '../core/tool';
import { recordWritten } from '../file-state/record';
import { nodeAtomicFs, writeFileAtomic, type AtomicFs } from '../../fs/atomic-write';
import { sha256 } from '../fs-common/hash';
import { makePatch } from '../fs-common/patch';
import { badPathInput } from '../fs-common/path-input';
import { expandPath } from '../fs-common/paths';
import { filePermission } from '../fs-common/permission';
import { planEdit } from './plan';
import { editPrompt } from './prompt';
import { editResultText } from './result-text';

export const EDIT_MAX_RESULT_SIZE_CHARS = 100_000;

export interface EditToolDeps {
  /** The filesystem layer of the atomic write (tests inject failures). */
  fs?: AtomicFs;
}

export function createEditToolDef(deps: EditToolDeps = {}): ToolDef<EditInput, EditOutput> {
  const fs = deps.fs ?? nodeAtomicFs;
  return {
    name: EDIT_TOOL_NAME,
    kind: 'edit',
    target: { field: 'file_path' },
    simpleMode: true,
    searchHint: 'modify file replace string edit code',
    maxResultSizeChars: EDIT_MAX_RESULT_SIZE_CHARS,
    inputSchema: lazySchema(makeEditInputSchema),
    description: (input) => (input.file_path ? `Edit ${input.file_path}` : 'Edit a file'),
    prompt: editPrompt,
    userFacingName: (input) => (input?.old_string === '' ? 'Create' : 'Update'),
    summarize: (input) => input.file_path ?? '',
    isReadOnly: () => false,
    isConcurrencySafe: () => false,
    isDestructive: () => false,
    toAutoClassifierInput: (input) => `${input.file_path}: ${input.new_string}`,
    backfillObservableInput: (input, ctx) =>
      typeof input.file_path === 'string' ? { ...input, file_path: expandPath(input.file_path, ctx) } : { ...input },
    async validateInput(input, ctx) {
      const bad = badPathInput(input.file_path, 'file_path', { required: true });
      if (bad) return bad;
      const plan = await planEdit(input, ctx);
      return plan.ok ? { result: true } : { result: false, message: plan.message, errorCode: plan.errorCode };
    },
    checkPermissions: (input, ctx) => filePermission<EditInput>(EDIT_TOOL_NAME, expandPath(input.file_path, ctx), ctx, 'write'),
    async describeChange(input, ctx) {
      const plan = await planEdit(input, ctx);
      if (!plan.ok) return null;
      return { path: plan.abs, kind: plan.kind, oldContent: plan.existing?.textLF ?? null, newContent: plan.newTextLF };
    },
    async call(input, ctx) {
      // Again, now: the file may have changed while the permission prompt was open.
      const plan = await planEdit(input, ctx);
      if (!plan.ok) throw new Error(plan.message);
      const written = await writeFileAtomic(plan.abs, plan.bytes, fs);
      const after = await stat(written.path);
      recordWritten(ctx.fileState, plan.abs, { hash: sha256(plan.bytes), mtimeMs: after.mtimeMs, size: after.size });
      const originalFile = plan.existing?.textLF ?? null;
      const data: EditOutput = {
        filePath: plan.abs,
        oldString: input.old_string,
        newString: input.new_string,
        replaceAll: input.replace_all,
        replacements: plan.replacements,
        originalFile,
        structuredPatch: makePatch(plan.abs, originalFile ?? '', plan.newTextLF),
        ...(plan.quoteNormalized ? { quoteNormalized: true } : {}),
      };
      return { data };
    },
    mapResult: (output) => ({ content: editResultText(output) }),
  };
}

export function createEditTool(deps: EditToolDeps = {}): Tool<EditInput, EditOutput> {
  return buildTool(createEditToolDef(deps));
}

export const EditTool = createEditTool();
