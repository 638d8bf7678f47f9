// Edit's output → the model's short confirmation (Claude Code style): the edited region as `cat -n`
// lines, rebuilt from the patch hunks (new-side lines with their context), so nothing is re-read.
import type { EditOutput } from '../../../shared/tools/edit';
import { formatNumberedLine } from '../fs-common/line-numbers';

/** A snippet longer than this is cut (a replace_all across a big file). */
const MAX_SNIPPET_LINES = 60;

export function snippetFromPatch(output: Pick<EditOutput, 'structuredPatch'>): string {
  const out: string[] = [];
  output.structuredPatch.forEach((h, i) => {
    if (i > 0) out.push('...');
    let n = h.newStart;
    for (const l of h.lines) {
      if (l.startsWith('-') || l.startsWith('\\')) continue;
      out.push(formatNumberedLine(n++, l.slice(1)));
    }
  });
  if (out.length <= MAX_SNIPPET_LINES) return out.join('\n');
  return `${out.slice(0, MAX_SNIPPET_LINES).join('\n')}\n... (${out.length - MAX_SNIPPET_LINES} more lines)`;
}

export function editResultText(output: EditOutput): string {
  if (output.originalFile === null) return `File created successfully at: ${output.filePath}`;
  if (output.replaceAll) {
    return `The file ${output.filePath} has been updated. All ${output.replacements} occurrence${output.replacements === 1 ? '' : 's'} of the string were successfully replaced.`;
  }
  return `The file ${output.filePath} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${snippetFromPatch(output)}`;
}
