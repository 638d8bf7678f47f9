// What a conversation changed, as main knows it from the session's own tool calls (the saved final
// snapshots of Edit, Write and NotebookEdit): per file, its text before the conversation's first
// change and what the assistant last wrote. The revert reads only this, never the renderer's word.
import { applyPatch } from 'diff';
import { EDIT_TOOL_NAME, EditOutput, type PatchHunk } from '../../../shared/tools/edit';
import { NOTEBOOK_EDIT_TOOL_NAME, NotebookEditOutput } from '../../../shared/tools/notebook-edit';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import { WRITE_TOOL_NAME, WriteOutput } from '../../../shared/tools/write';

export interface RecordedChange {
  /** Absolute, as the tool wrote it. */
  path: string;
  /** "\n"-normalised text before the conversation first changed the file; null = the conversation created it. */
  original: string | null;
  /** "\n"-normalised text of the assistant's last write; null = not known (a patch did not replay). */
  last: string | null;
  /** Changed cell by cell: only the cells were recorded, not the whole notebook. */
  notebook: boolean;
}

function replay(original: string | null, hunks: readonly PatchHunk[]): string | null {
  const before = original ?? '';
  if (hunks.length === 0) return before;
  try {
    const out = applyPatch(before, { oldFileName: 'a', newFileName: 'b', oldHeader: undefined, newHeader: undefined, hunks: hunks.map((h) => ({ ...h, lines: [...h.lines] })) });
    return out === false ? null : out;
  } catch {
    return null;
  }
}

/** What one succeeded call did to its file, or null for a call that changed nothing we can read. */
function effect(call: ToolCallView): { path: string; before: string | null; after: string | null; notebook?: true } | null {
  const data = call.result?.data;
  if (call.name === EDIT_TOOL_NAME) {
    const out = EditOutput.safeParse(data);
    return out.success ? { path: out.data.filePath, before: out.data.originalFile, after: replay(out.data.originalFile, out.data.structuredPatch) } : null;
  }
  if (call.name === WRITE_TOOL_NAME) {
    const out = WriteOutput.safeParse(data);
    return out.success ? { path: out.data.filePath, before: out.data.originalFile, after: out.data.content } : null;
  }
  if (call.name === NOTEBOOK_EDIT_TOOL_NAME) {
    const out = NotebookEditOutput.safeParse(data);
    return out.success ? { path: out.data.notebookPath, before: null, after: null, notebook: true } : null;
  }
  return null;
}

/** Every file the calls changed, in the order of its first change; the calls in the order they finished. */
export function recordedChanges(calls: readonly ToolCallView[]): Map<string, RecordedChange> {
  const done = calls
    .map((call, order) => ({ call, order }))
    .filter(({ call }) => call.state === 'succeeded' && call.kind === 'edit')
    .sort((a, b) => (a.call.endedAt ?? Infinity) - (b.call.endedAt ?? Infinity) || a.order - b.order);
  const files = new Map<string, RecordedChange>();
  for (const { call } of done) {
    const e = effect(call);
    if (!e) continue;
    const known = files.get(e.path);
    if (!known) files.set(e.path, { path: e.path, original: e.before, last: e.after, notebook: e.notebook ?? false });
    else {
      known.last = e.after;
      if (e.notebook) known.notebook = true;
    }
  }
  return files;
}
