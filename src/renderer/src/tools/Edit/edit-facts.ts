// Edit's view data, pure: the input, the structured output (EditOutput in `result.data`, parsed,
// never trusted), the edit's hunks (from the output, else from the input for a call rebuilt from the
// transcript) and why an edit failed, taken apart from the tool's text (what was looked for, where
// the most similar lines are).
import { EditOutput, type PatchHunk } from '../../../../shared/tools/edit';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { diffTexts } from '../../diff/compute';

export interface EditInputView {
  filePath: string;
  oldString: string;
  newString: string;
  replaceAll: boolean;
}

export function editInput(input: unknown): EditInputView {
  const r = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  return {
    filePath: typeof r.file_path === 'string' ? r.file_path : '',
    oldString: typeof r.old_string === 'string' ? r.old_string : '',
    newString: typeof r.new_string === 'string' ? r.new_string : '',
    replaceAll: r.replace_all === true || r.replace_all === 'true',
  };
}

export function editOutput(call: ToolCallView): EditOutput | null {
  const parsed = EditOutput.safeParse(call.result?.data);
  return parsed.success ? parsed.data : null;
}

/** The change to show: the file's patch when the output has it; else old_string → new_string (numbered within the text). */
export function editHunks(call: ToolCallView): { hunks: PatchHunk[]; fromFile: boolean } {
  const out = editOutput(call);
  if (out) return { hunks: out.structuredPatch, fromFile: true };
  const input = editInput(call.input);
  // Whole lines on both sides, so the snippet has no "no newline at the end" markers.
  const whole = (s: string): string => (s === '' || s.endsWith('\n') ? s : `${s}\n`);
  return { hunks: diffTexts(input.oldString === '' ? null : whole(input.oldString), whole(input.newString)), fromFile: false };
}

export interface NearPlace {
  line: number;
  lines: string[];
  /** Lines of the place not quoted. */
  more: number;
}

export type EditProblem =
  | { kind: 'not_found'; searched: string; places: NearPlace[] }
  | { kind: 'several'; count: number; searched: string }
  | { kind: 'not_read' }
  | { kind: 'changed_since_read' }
  | { kind: 'other'; text: string };

const TAGS = /^<tool_use_error>|<\/tool_use_error>$/g;

/** The nearest-lines text of the tool ("     12\tline" blocks between "---") → places. */
function parsePlaces(text: string): NearPlace[] {
  const start = text.indexOf('(line number, tab, line):\n');
  if (start === -1) return [];
  const body = text.slice(start + '(line number, tab, line):\n'.length);
  const places: NearPlace[] = [];
  for (const block of body.split('\n---\n')) {
    const place: NearPlace = { line: 0, lines: [], more: 0 };
    for (const row of block.split('\n')) {
      const numbered = /^\s*(\d+)\t(.*)$/.exec(row);
      const more = /^\s*… \((\d+) more lines?\)$/.exec(row);
      if (numbered) {
        if (place.lines.length === 0) place.line = Number(numbered[1]);
        place.lines.push(numbered[2]!);
      } else if (more) {
        place.more = Number(more[1]);
      }
    }
    if (place.lines.length > 0) places.push(place);
  }
  return places;
}

/** Why the edit did not happen, in parts the view can show; null when it did not fail. */
export function editProblem(call: ToolCallView): EditProblem | null {
  if (call.state !== 'failed' && !(call.state === 'rejected' && call.error?.code === 'validation_failed')) return null;
  const raw = (call.error?.message ?? call.result?.text ?? '').replace(TAGS, '').trim();
  if (!raw) return null;
  if (raw.startsWith('String to replace not found in file.')) {
    const searchedMatch = /^String: ([\s\S]*?)\n\n(?:The most similar|No similar lines)/m.exec(raw);
    return { kind: 'not_found', searched: searchedMatch?.[1] ?? '', places: parsePlaces(raw) };
  }
  const several = /^Found (\d+) matches of the string to replace/.exec(raw);
  if (several) {
    const searched = /\nString: ([\s\S]*)$/.exec(raw)?.[1] ?? '';
    return { kind: 'several', count: Number(several[1]), searched };
  }
  if (raw.startsWith('File has not been read yet')) return { kind: 'not_read' };
  if (raw.startsWith('File has been modified since read')) return { kind: 'changed_since_read' };
  return { kind: 'other', text: raw };
}

/** The problem in one sentence for the card. */
export function editProblemWords(p: EditProblem, fileName: string): string {
  switch (p.kind) {
    case 'not_found':
      return `The text to change was not found in ${fileName}, so nothing was changed.`;
    case 'several':
      return `The text to change appears ${p.count} times in ${fileName}; the assistant must say which one (or change them all). Nothing was changed.`;
    case 'not_read':
      return `The assistant has not read ${fileName} yet, so it may not change it.`;
    case 'changed_since_read':
      return `${fileName} changed after the assistant read it, so nothing was changed. It has to read it again.`;
    case 'other':
      return p.text;
  }
}
