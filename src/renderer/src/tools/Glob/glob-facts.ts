// Glob's view data, pure: the input, what it looks for in words ("TypeScript files", never
// `**/*.ts`, PX2), the structured output (GlobOutput in `result.data`, parsed, never trusted) and
// what was found in words.
import { GlobOutput } from '../../../../shared/tools/glob';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { plural } from '../shared/paths';
import { globWords } from '../shared/pattern-words';
import { hasRun } from '../state';

export function globInput(input: unknown): { pattern: string; path: string | null } {
  const r = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  return { pattern: typeof r.pattern === 'string' ? r.pattern : '', path: typeof r.path === 'string' && r.path.trim() ? r.path : null };
}

/** What the call looks for: "TypeScript files", "all files in src"; "files matching a pattern" when words cannot say. */
export function globSubject(call: ToolCallView): string {
  return globWords(globInput(call.input).pattern) ?? 'files matching a pattern';
}

/** "Look for TypeScript files" until it ran, then "Looked for TypeScript files". */
export function globTitle(call: ToolCallView): string {
  return `${hasRun(call.state) ? 'Looked' : 'Look'} for ${globSubject(call)}`;
}

export function globOutput(call: ToolCallView): GlobOutput | null {
  const parsed = GlobOutput.safeParse(call.result?.data);
  return parsed.success ? parsed.data : null;
}

/** "Found 12 files", "No files found", "Found 100 files (more not shown)". */
export function globResultWords(out: GlobOutput): string {
  if (out.numFiles === 0) return 'No files found';
  return `Found ${plural(out.numFiles, 'file')}${out.truncated ? ' (more not shown)' : ''}`;
}
