// What the model reads for an LSP call: compact lines with project-relative paths and 1-based
// line:column, grouped by file where there are many (like Claude Code's), the count when places were
// left out (more than the tool keeps, or files a permission rule keeps out of reads). Pure.
import { LSP_NOUNS, type LspData, type LspItem, type LspOperation } from '../../../shared/tools/lsp';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const pos = (i: Pick<LspItem, 'line' | 'character'>) => `${i.line}:${i.character}`;

const NONE: Record<LspOperation, string> = {
  goToDefinition: 'No definition found. The position may not be on a symbol, or the definition is in a library the language server does not index.',
  goToImplementation: 'No implementation found. The position may not be on an interface, an abstract member or a function.',
  findReferences: 'No references found. The position may not be on a symbol.',
  hover: 'No hover information at this position. It may not be on a symbol.',
  documentSymbol: 'No symbols found in this file.',
  workspaceSymbol: 'No symbols found in the workspace for the word at this position.',
  prepareCallHierarchy: 'No call hierarchy item at this position. It may not be on a function or method.',
  incomingCalls: 'No incoming calls found (or the position is not on a function or method).',
  outgoingCalls: 'No outgoing calls found (or the position is not on a function or method).',
};

function symbolLine(i: LspItem, withPath: boolean): string {
  const where = withPath ? `${i.path}:${pos(i)}` : `Line ${pos(i)}`;
  const detail = i.detail ? ` ${i.detail}` : '';
  const calls = i.calls && i.calls.length > 0 ? ` [calls at ${i.calls.join(', ')}]` : '';
  return `${i.name ?? '?'} (${i.kind ?? 'Unknown'})${detail} - ${where}${calls}`;
}

/** Items grouped under their file, in the order the files first appear. */
function byFile(items: readonly LspItem[], line: (i: LspItem) => string): string[] {
  const groups = new Map<string, LspItem[]>();
  for (const i of items) groups.set(i.path, [...(groups.get(i.path) ?? []), i]);
  const out: string[] = [];
  for (const [file, list] of groups) out.push('', `${file}:`, ...list.map((i) => `  ${line(i)}`));
  return out;
}

function notes(d: LspData): string[] {
  const out: string[] = [];
  const unlisted = d.total - d.hidden - d.items.length;
  if (unlisted > 0) out.push(`(${unlisted} more not listed.)`);
  if (d.hidden > 0) out.push(`(${plural(d.hidden, 'place')} in files your permission rules keep from being read ${d.hidden === 1 ? 'was' : 'were'} left out.)`);
  return out.length > 0 ? ['', ...out] : [];
}

function files(items: readonly LspItem[]): number {
  return new Set(items.map((i) => i.path)).size;
}

export function formatLspResult(d: LspData): string {
  const shown = d.total - d.hidden;
  if (d.operation === 'hover') return d.hover ? `Hover info at ${d.line}:${d.character}:\n\n${d.hover}` : NONE.hover;
  if (shown <= 0) return [NONE[d.operation], ...notes(d)].join('\n');
  const [one, many] = LSP_NOUNS[d.operation];
  const count = plural(shown, one, many);
  switch (d.operation) {
    case 'goToDefinition':
    case 'goToImplementation': {
      if (d.items.length === 1 && shown === 1) {
        const i = d.items[0]!;
        return [`${d.operation === 'goToDefinition' ? 'Defined' : 'Implemented'} in ${i.path}:${pos(i)}`, ...notes(d)].join('\n');
      }
      return [`Found ${count}:`, ...d.items.map((i) => `  ${i.path}:${pos(i)}`), ...notes(d)].join('\n');
    }
    case 'findReferences':
      return [`Found ${count} across ${plural(files(d.items), 'file')}:`, ...byFile(d.items, (i) => `Line ${pos(i)}`), ...notes(d)].join('\n');
    case 'documentSymbol':
      return [`Document symbols (${shown}):`, ...d.items.map((i) => `${'  '.repeat(i.depth ?? 0)}${symbolLine(i, false)}`), ...notes(d)].join('\n');
    case 'workspaceSymbol':
      return [`Found ${count} in the workspace:`, ...byFile(d.items, (i) => symbolLine(i, false)), ...notes(d)].join('\n');
    case 'prepareCallHierarchy':
      return [`Call hierarchy ${shown === 1 ? 'item' : 'items'}:`, ...d.items.map((i) => `  ${symbolLine(i, true)}`), ...notes(d)].join('\n');
    case 'incomingCalls':
      return [`Found ${plural(shown, 'incoming call')}:`, ...byFile(d.items, (i) => symbolLine(i, false)), ...notes(d)].join('\n');
    case 'outgoingCalls':
      return [`Found ${plural(shown, 'outgoing call')}:`, ...byFile(d.items, (i) => symbolLine(i, false)), ...notes(d)].join('\n');
  }
}
