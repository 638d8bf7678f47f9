// The LSP card's words, pure: what was asked in plain words ("Find references"), where (file, line,
// column), the headline once answered ("Found 3 references to “greet”"), the places grouped by file.
import { LspData, lspHeadline, makeLspInputSchema, type LspInput, type LspItem, type LspOperation } from '../../../../shared/tools/lsp';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { displayPath } from '../shared/paths';

export const ASK_WORDS: Record<LspOperation, string> = {
  goToDefinition: 'Find the definition',
  findReferences: 'Find references',
  hover: 'Look up the type',
  documentSymbol: 'List the symbols',
  workspaceSymbol: 'Search the workspace for symbols',
  goToImplementation: 'Find implementations',
  prepareCallHierarchy: 'Find the function',
  incomingCalls: 'Find what calls it',
  outgoingCalls: 'Find what it calls',
};

export function lspInput(call: ToolCallView): LspInput | null {
  const parsed = makeLspInputSchema().safeParse(call.input);
  return parsed.success ? parsed.data : null;
}

export function lspData(call: ToolCallView): LspData | null {
  if (call.state !== 'succeeded') return null;
  const parsed = LspData.safeParse(call.result?.data);
  return parsed.success ? parsed.data : null;
}

/** "src/main.ts, line 4, column 15" (documentSymbol: the file alone). */
export function whereWords(input: LspInput, projectDir: string | null | undefined): string {
  const file = displayPath(input.filePath, projectDir);
  return input.operation === 'documentSymbol' ? file : `${file}, line ${input.line}, column ${input.character}`;
}

export function lspSubject(call: ToolCallView, projectDir?: string | null): string {
  const input = lspInput(call);
  return input ? `${ASK_WORDS[input.operation].toLowerCase()} in ${displayPath(input.filePath, projectDir)}` : 'a code lookup';
}

export function lspTitle(call: ToolCallView, projectDir?: string | null): string {
  const input = lspInput(call);
  if (!input) return 'Look up code';
  const data = lspData(call);
  if (data) return lspHeadline(data);
  const file = displayPath(input.filePath, projectDir);
  if (call.state === 'failed' || call.state === 'rejected' || call.state === 'cancelled') return `Could not ${ASK_WORDS[input.operation].toLowerCase()} in ${file}`;
  return `${ASK_WORDS[input.operation]} in ${file}`;
}

/** Places under their file, in the order the files first appear. */
export function itemsByFile(items: readonly LspItem[]): Array<{ file: string; items: LspItem[] }> {
  const groups = new Map<string, LspItem[]>();
  for (const i of items) groups.set(i.path, [...(groups.get(i.path) ?? []), i]);
  return [...groups].map(([file, list]) => ({ file, items: list }));
}

/** Type information as a person reads it: the markdown's code fences (```typescript) left out. */
export function hoverWords(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*```/.test(line))
    .join('\n')
    .trim();
}
