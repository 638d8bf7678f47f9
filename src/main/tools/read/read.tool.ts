// The Read tool (TL1, TL3): text as `cat -n` lines with offset/limit, images, PDFs, notebooks; device
// paths blocked; the screenshot-name retry; a repeat of an unchanged range gets a stub. Read-only,
// concurrency-safe; outside the working directories it asks.
import { makeReadInputSchema, READ_TOOL_NAME, type ReadInput, type ReadOutput } from '../../../shared/tools/read';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool, ToolDef } from '../core/tool';
import { expandPath } from '../fs-common/paths';
import { filePermission } from '../fs-common/permission';
import { readPrompt } from './prompt';
import { readForModel, type ReadLimits } from './read-call';
import { readResultContent } from './result-content';
import { validateReadInput } from './validate';

/** SPEC PL6: "Read ~200K"; Read keeps its own output under it, so a Read result is never persisted. */
export const READ_MAX_RESULT_SIZE_CHARS = 200_000;

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxFileBytesWithoutLimit: 256 * 1024,
  maxOutputChars: READ_MAX_RESULT_SIZE_CHARS - 1_000,
};

function rangeLabel(input: Partial<ReadInput>): string {
  if (input.pages) return ` (pages ${input.pages})`;
  if (input.offset === undefined && input.limit === undefined) return '';
  const from = Math.max(1, input.offset ?? 1);
  return input.limit !== undefined ? ` (lines ${from}-${from + input.limit - 1})` : ` (from line ${from})`;
}

export function createReadToolDef(limits: ReadLimits = DEFAULT_READ_LIMITS): ToolDef<ReadInput, ReadOutput> {
  return {
    name: READ_TOOL_NAME,
    kind: 'read',
    target: { field: 'file_path' },
    simpleMode: true,
    searchHint: 'read view open file contents lines image pdf notebook',
    maxResultSizeChars: READ_MAX_RESULT_SIZE_CHARS,
    inputSchema: lazySchema(makeReadInputSchema),
    description: (input) => (input.file_path ? `Read ${input.file_path}` : 'Read a file'),
    prompt: () => readPrompt(Math.round(limits.maxFileBytesWithoutLimit / 1024)),
    userFacingName: () => 'Read',
    summarize: (input) => (input.file_path ? `${input.file_path}${rangeLabel(input)}` : ''),
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    worksInThread: true,
    isDestructive: () => false,
    toAutoClassifierInput: (input) => input.file_path,
    backfillObservableInput: (input, ctx) =>
      typeof input.file_path === 'string' ? { ...input, file_path: expandPath(input.file_path, ctx) } : { ...input },
    validateInput: (input, ctx) => validateReadInput(input, ctx),
    checkPermissions: (input, ctx) => filePermission<ReadInput>(READ_TOOL_NAME, expandPath(input.file_path, ctx), ctx, 'read'),
    async call(input, ctx) {
      return { data: await readForModel(input, ctx, limits) };
    },
    mapResult: (output) => ({ content: readResultContent(output) }),
  };
}

export function createReadTool(limits: ReadLimits = DEFAULT_READ_LIMITS): Tool<ReadInput, ReadOutput> {
  return buildTool(createReadToolDef(limits));
}

export const ReadTool = createReadTool();
