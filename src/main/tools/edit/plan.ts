// Works out what an Edit would do without touching the disk, checking in Claude Code's order: no-op
// (1), create-over-existing (3), missing file (4), notebook (5), not read (6), modified (7), no match
// (8), several matches (9). Used by validateInput, by call (again, right before writing) and by describeChange.
import path from 'node:path';
import type { EditInput } from '../../../shared/tools/edit';
import type { ToolUseContext } from '../core/tool';
import { checkFreshness } from '../file-state/freshness';
import { DEFAULT_TEXT_FORMAT, encodeWithFormat, toLF } from '../fs-common/encoding';
import { expandPath } from '../fs-common/paths';
import { similarFiles } from '../fs-common/similar-files';
import { loadForPlan, type LoadedTextFile } from '../fs-common/text-file';
import { applyEdit } from './apply-edit';
import { EDIT_ERROR, NOTEBOOK_REDIRECT_MESSAGE } from './codes';

export type EditPlan =
  | { ok: false; message: string; errorCode: number }
  | {
      ok: true;
      abs: string;
      kind: 'create' | 'update';
      existing: LoadedTextFile | null;
      bytes: Buffer;
      newTextLF: string;
      replacements: number;
      quoteNormalized: boolean;
    };

const fail = (errorCode: number, message: string): EditPlan => ({ ok: false, errorCode, message });

export async function planEdit(input: EditInput, ctx: ToolUseContext): Promise<EditPlan> {
  const abs = expandPath(input.file_path, ctx);
  const oldLF = toLF(input.old_string);
  const newLF = toLF(input.new_string);
  if (oldLF === newLF) return fail(EDIT_ERROR.noChange, 'No changes to make: old_string and new_string are exactly the same.');

  const loaded = await loadForPlan(abs);
  if (!loaded.ok) return loaded;
  const existing = loaded.file;
  if (!existing) {
    if (oldLF === '') {
      // Claude Code semantics: an empty old_string creates the file.
      return { ok: true, abs, kind: 'create', existing: null, bytes: encodeWithFormat(newLF, DEFAULT_TEXT_FORMAT), newTextLF: newLF, replacements: 1, quoteNormalized: false };
    }
    const similar = await similarFiles(abs);
    const hint = similar.length ? ` Did you mean ${similar.join(' or ')}?` : '';
    return fail(EDIT_ERROR.notFound, `File does not exist: ${abs}.${hint} Current working directory: ${ctx.state.cwd}`);
  }
  if (oldLF === '' && existing.textLF.trim() !== '') return fail(EDIT_ERROR.fileExists, 'Cannot create new file - file already exists.');
  if (path.extname(abs).toLowerCase() === '.ipynb') return fail(EDIT_ERROR.notebook, NOTEBOOK_REDIRECT_MESSAGE);

  const fresh = checkFreshness(ctx.fileState, abs, existing);
  if (!fresh.ok) return fail(fresh.errorCode, fresh.message);

  if (oldLF === '') {
    // Filling an empty (or whitespace-only) file.
    return { ok: true, abs, kind: 'update', existing, bytes: encodeWithFormat(newLF, existing.format), newTextLF: newLF, replacements: 1, quoteNormalized: false };
  }
  const applied = applyEdit(existing.textLF, oldLF, newLF, input.replace_all);
  if (!applied.ok) return applied;
  return {
    ok: true,
    abs,
    kind: 'update',
    existing,
    bytes: encodeWithFormat(applied.newTextLF, existing.format),
    newTextLF: applied.newTextLF,
    replacements: applied.replacements,
    quoteNormalized: applied.quoteNormalized,
  };
}
