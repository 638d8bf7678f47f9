// Write's view data, pure: the input, the structured output (WriteOutput in `result.data`, parsed,
// never trusted), and what the write did: created (content), or overwrote (a diff when the old
// content is known).
import { WriteOutput } from '../../../../shared/tools/write';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { splitLines } from '../../diff/compute';

export function writeInput(input: unknown): { filePath: string; content: string } {
  const r = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  return { filePath: typeof r.file_path === 'string' ? r.file_path : '', content: typeof r.content === 'string' ? r.content : '' };
}

export function writeOutput(call: ToolCallView): WriteOutput | null {
  const parsed = WriteOutput.safeParse(call.result?.data);
  return parsed.success ? parsed.data : null;
}

export function lineCount(text: string): number {
  return splitLines(text).length;
}
