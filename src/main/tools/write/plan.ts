// Works out what a Write would do without touching the disk: TL2's read-before-overwrite checks
// (codes 6, 7), and the bytes to write — an overwrite keeps the old file's line endings, encoding and
// BOM. Used by validateInput, by call (again, right before writing) and by describeChange.
import type { WriteInput } from '../../../shared/tools/write';
import type { ToolUseContext } from '../core/tool';
import { checkFreshness } from '../file-state/freshness';
import { encodeWithFormat, toLF } from '../fs-common/encoding';
import { expandPath } from '../fs-common/paths';
import { loadForPlan, type LoadedTextFile } from '../fs-common/text-file';

export type WritePlan =
  | { ok: false; message: string; errorCode: number }
  | {
      ok: true;
      abs: string;
      kind: 'create' | 'update';
      existing: LoadedTextFile | null;
      bytes: Buffer;
      /** The new content, "\n"-normalised (for the diff). */
      newTextLF: string;
    };

export async function planWrite(input: WriteInput, ctx: ToolUseContext): Promise<WritePlan> {
  const abs = expandPath(input.file_path, ctx);
  const loaded = await loadForPlan(abs);
  if (!loaded.ok) return loaded;
  const existing = loaded.file;
  const newTextLF = toLF(input.content);
  if (!existing) return { ok: true, abs, kind: 'create', existing: null, bytes: Buffer.from(input.content, 'utf8'), newTextLF };
  const fresh = checkFreshness(ctx.fileState, abs, existing);
  if (!fresh.ok) return { ok: false, message: fresh.message, errorCode: fresh.errorCode };
  return { ok: true, abs, kind: 'update', existing, bytes: encodeWithFormat(newTextLF, existing.format), newTextLF };
}
