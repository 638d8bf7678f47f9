// The Write tool (TL2, TL3): creates or overwrites a file, atomically. Overwriting needs a fresh full
// Read (codes 6, 7) and is destructive; the file keeps its mode, line endings, encoding and BOM.
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { makeWriteInputSchema, WRITE_TOOL_NAME, type WriteInput, type WriteOutput } from '../../../shared/tools/write';
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
import { planWrite } from './plan';
import { writePrompt } from './prompt';

export const WRITE_MAX_RESULT_SIZE_CHARS = 100_000;

export interface WriteToolDeps {
  /** The filesystem layer of the atomic write (tests inject failures). */
  fs?: AtomicFs;
}

export function createWriteToolDef(deps: WriteToolDeps = {}): ToolDef<WriteInput, WriteOutput> {
  const fs = deps.fs ?? nodeAtomicFs;
  return {
    name: WRITE_TOOL_NAME,
    kind: 'edit',
    target: { field: 'file_path' },
    searchHint: 'create new file overwrite write contents',
    maxResultSizeChars: WRITE_MAX_RESULT_SIZE_CHARS,
    inputSchema: lazySchema(makeWriteInputSchema),
    description: (input) => (input.file_path ? `Write ${input.file_path}` : 'Write a file'),
    prompt: writePrompt,
    userFacingName: () => 'Write',
    summarize: (input) => input.file_path ?? '',
    isReadOnly: () => false,
    isConcurrencySafe: () => false,
    // Overwriting is destructive; a relative path cannot be checked here, so it warns.
    isDestructive: (input) => !path.isAbsolute(input.file_path ?? '') || existsSync(input.file_path),
    toAutoClassifierInput: (input) => `${input.file_path}: ${input.content}`,
    backfillObservableInput: (input, ctx) =>
      typeof input.file_path === 'string' ? { ...input, file_path: expandPath(input.file_path, ctx) } : { ...input },
    async validateInput(input, ctx) {
      const bad = badPathInput(input.file_path, 'file_path', { required: true });
      if (bad) return bad;
      const plan = await planWrite(input, ctx);
      return plan.ok ? { result: true } : { result: false, message: plan.message, errorCode: plan.errorCode };
    },
    checkPermissions: (input, ctx) => filePermission<WriteInput>(WRITE_TOOL_NAME, expandPath(input.file_path, ctx), ctx, 'write'),
    async describeChange(input, ctx) {
      const plan = await planWrite(input, ctx);
      if (!plan.ok) return null;
      return { path: plan.abs, kind: plan.kind, oldContent: plan.existing?.textLF ?? null, newContent: plan.newTextLF };
    },
    async call(input, ctx) {
      // Again, now: the file may have changed while the permission prompt was open.
      const plan = await planWrite(input, ctx);
      if (!plan.ok) throw new Error(plan.message);
      const written = await writeFileAtomic(plan.abs, plan.bytes, fs);
      const after = await stat(written.path);
      recordWritten(ctx.fileState, plan.abs, { hash: sha256(plan.bytes), mtimeMs: after.mtimeMs, size: after.size });
      const originalFile = plan.existing?.textLF ?? null;
      const data: WriteOutput = {
        type: plan.kind,
        filePath: plan.abs,
        content: plan.newTextLF,
        originalFile,
        structuredPatch: originalFile === null ? [] : makePatch(plan.abs, originalFile, plan.newTextLF),
      };
      return { data };
    },
    mapResult: (output) => ({
      content:
        output.type === 'create'
          ? `File created successfully at: ${output.filePath}`
          : `The file ${output.filePath} has been updated successfully.`,
    }),
  };
}

export function createWriteTool(deps: WriteToolDeps = {}): Tool<WriteInput, WriteOutput> {
  return buildTool(createWriteToolDef(deps));
}

export const WriteTool = createWriteTool();
