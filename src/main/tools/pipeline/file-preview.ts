// Diff-first approval (DK4): the change an editing call would make, asked of the tool's describeChange
// before the prompt opens, and cut to a size the event can carry. Never blocks the prompt: an error,
// a null answer or a slow file system just means no preview.
import { FILE_PREVIEW_MAX_CHARS, type FileChangePreview } from '../../../shared/permissions/request';
import type { ProposedFileChange } from '../../../shared/tools/edit';
import type { AnyTool, ToolUseContext } from '../core/tool';
import { answerWithin } from './within';

/** Unchanged lines kept around the change when the whole file does not fit. */
const CONTEXT_LINES = 3;
/** How long describeChange may take before the prompt opens without a preview. */
export const PREVIEW_TIMEOUT_MS = 3_000;

const size = (c: { oldContent: string | null; newContent: string }): number => (c.oldContent?.length ?? 0) + c.newContent.length;

/** The first `max` characters of `text`, ending at a line end when there is one. */
function cutAtLine(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const nl = cut.lastIndexOf('\n');
  return nl > 0 ? cut.slice(0, nl) : cut;
}

/**
 * A change as a preview of at most `max` characters: whole when it fits; else only the changed
 * region with CONTEXT_LINES unchanged lines around it (numbered from `firstLine`); else cut.
 */
export function capPreview(change: ProposedFileChange, max = FILE_PREVIEW_MAX_CHARS): FileChangePreview {
  const base = { kind: 'file_change' as const, path: change.path, changeKind: change.kind };
  if (size(change) <= max) return { ...base, oldContent: change.oldContent, newContent: change.newContent };

  if (change.oldContent === null) return { ...base, oldContent: null, newContent: cutAtLine(change.newContent, max), truncated: true };

  const oldLines = change.oldContent.split('\n');
  const newLines = change.newContent.split('\n');
  let prefix = 0;
  while (prefix < oldLines.length && prefix < newLines.length && oldLines[prefix] === newLines[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < oldLines.length - prefix &&
    suffix < newLines.length - prefix &&
    oldLines[oldLines.length - 1 - suffix] === newLines[newLines.length - 1 - suffix]
  ) {
    suffix++;
  }
  const start = Math.max(0, prefix - CONTEXT_LINES);
  const dropEnd = Math.max(0, suffix - CONTEXT_LINES);
  const oldContent = oldLines.slice(start, oldLines.length - dropEnd).join('\n');
  const newContent = newLines.slice(start, newLines.length - dropEnd).join('\n');
  const firstLine = start > 0 ? { firstLine: start + 1 } : {};
  if (oldContent.length + newContent.length <= max) return { ...base, oldContent, newContent, ...firstLine };
  const half = Math.floor(max / 2);
  return { ...base, oldContent: cutAtLine(oldContent, half), newContent: cutAtLine(newContent, half), ...firstLine, truncated: true };
}

/** The preview of `input` for the approval prompt, or undefined when the tool cannot tell. */
export async function changePreview(tool: AnyTool, input: unknown, ctx: ToolUseContext, timeoutMs = PREVIEW_TIMEOUT_MS): Promise<FileChangePreview | undefined> {
  if (typeof tool.describeChange !== 'function') return undefined;
  try {
    const change = await answerWithin(() => tool.describeChange!(input, ctx), timeoutMs);
    return change ? capPreview(change) : undefined;
  } catch {
    return undefined;
  }
}
