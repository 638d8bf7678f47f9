// A file-editing tool written the way a new one would be: one folder, its traits declared on it
// (kind 'edit', its path in `target_file`), nothing added anywhere else. new-edit-tool.test.ts proves
// the rest of the app treats it as an edit from these traits alone.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { buildTool } from '../../../src/main/tools/core/build-tool';
import { lazySchema } from '../../../src/main/tools/core/lazy-schema';

interface ApplyPatchInput {
  target_file: string;
  content: string;
}

export const ApplyPatchTool = buildTool<ApplyPatchInput, { written: string }>({
  name: 'ApplyPatch',
  kind: 'edit',
  target: { field: 'target_file' },
  maxResultSizeChars: 10_000,
  inputSchema: lazySchema(() => z.strictObject({ target_file: z.string(), content: z.string() })),
  description: () => 'Write a file',
  prompt: () => 'Writes `content` to `target_file`.',
  // No opinion of its own: rules and the permission mode decide, as for the built-in editing tools.
  checkPermissions: () => ({ behavior: 'passthrough', message: 'ApplyPatch changes a file.' }),
  async call(input, ctx) {
    const file = path.resolve(ctx.state.cwd, input.target_file);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, input.content);
    return { data: { written: file } };
  },
  mapResult: (out) => ({ content: `Wrote ${out.written}` }),
});
