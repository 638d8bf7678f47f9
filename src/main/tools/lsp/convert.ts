// Language server answers as plain items: 0-based LSP positions become 1-based line:column, file URIs
// project-relative paths, symbol kinds their names. Places in files a permission rule keeps out of
// reads are counted, not shown. Pure.
import { fileURLToPath } from 'node:url';
import type {
  CallHierarchyIncomingCall,
  CallHierarchyItem,
  CallHierarchyOutgoingCall,
  DocumentSymbol,
  Hover,
  Location,
  LocationLink,
  MarkedString,
  Range,
  SymbolInformation,
  WorkspaceSymbol,
} from 'vscode-languageserver-protocol';
import type { LspItem } from '../../../shared/tools/lsp';
import { displayPath } from '../fs-common/paths';

const SYMBOL_KINDS = [
  'File', 'Module', 'Namespace', 'Package', 'Class', 'Method', 'Property', 'Field', 'Constructor', 'Enum', 'Interface', 'Function', 'Variable',
  'Constant', 'String', 'Number', 'Boolean', 'Array', 'Object', 'Key', 'Null', 'EnumMember', 'Struct', 'Event', 'Operator', 'TypeParameter',
];

export function symbolKindName(kind: number | undefined): string {
  return (kind !== undefined && SYMBOL_KINDS[kind - 1]) || 'Unknown';
}

export interface Places {
  projectDir: string;
  /** Whether a permission rule keeps this absolute path out of reads. */
  denied?: (abs: string) => boolean;
}

/** What the conversion kept, and how many places it left out for the rules. */
export interface Converted {
  items: LspItem[];
  hidden: number;
}

/** A URI as a path: absolute for file URIs, the URI itself for anything else (a library inside a jar). */
export function uriToPath(uri: string): string {
  if (!uri.startsWith('file:')) return uri;
  try {
    return fileURLToPath(uri);
  } catch {
    return uri;
  }
}

const at = (range: Range | undefined) => ({ line: (range?.start.line ?? 0) + 1, character: (range?.start.character ?? 0) + 1 });

function collect<T>(list: readonly T[], places: Places, place: (x: T) => { uri: string } & Omit<LspItem, 'path'>): Converted {
  const items: LspItem[] = [];
  let hidden = 0;
  for (const x of list) {
    const { uri, ...rest } = place(x);
    const abs = uriToPath(uri);
    if (places.denied?.(abs)) {
      hidden += 1;
      continue;
    }
    items.push({ path: abs === uri ? uri : displayPath(abs, places.projectDir), ...rest });
  }
  return { items, hidden };
}

type Locations = Location | Location[] | LocationLink[] | null | undefined;

/** goToDefinition, goToImplementation, findReferences: in the order the server gave, duplicates dropped. */
export function fromLocations(result: Locations, places: Places): Converted {
  const list = result === null || result === undefined ? [] : Array.isArray(result) ? result : [result];
  const flat = list.map((l) => ('targetUri' in l ? { uri: l.targetUri, range: l.targetSelectionRange ?? l.targetRange } : l));
  const seen = new Set<string>();
  const unique = flat.filter((l) => {
    const key = `${l.uri}:${l.range.start.line}:${l.range.start.character}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return collect(unique, places, (l) => ({ uri: l.uri, ...at(l.range) }));
}

/** documentSymbol: nested symbols flattened with their depth (or a flat list, as older servers send). */
export function fromDocumentSymbols(result: Array<DocumentSymbol | SymbolInformation> | null | undefined, fileUri: string, places: Places): Converted {
  const flat: Array<{ uri: string } & Omit<LspItem, 'path'>> = [];
  const walk = (s: DocumentSymbol | SymbolInformation, depth: number) => {
    if ('location' in s) {
      flat.push({ uri: s.location.uri, ...at(s.location.range), name: s.name, kind: symbolKindName(s.kind), depth, ...(s.containerName ? { detail: `in ${s.containerName}` } : {}) });
      return;
    }
    flat.push({ uri: fileUri, ...at(s.selectionRange ?? s.range), name: s.name, kind: symbolKindName(s.kind), depth, ...(s.detail ? { detail: s.detail } : {}) });
    for (const child of s.children ?? []) walk(child, depth + 1);
  };
  for (const s of result ?? []) walk(s, 0);
  return collect(flat, places, (x) => x);
}

/** workspaceSymbol: each symbol with its file and position (a symbol without a range is at its file's top). */
export function fromWorkspaceSymbols(result: Array<SymbolInformation | WorkspaceSymbol> | null | undefined, places: Places): Converted {
  return collect(result ?? [], places, (s) => ({
    uri: s.location.uri,
    ...at('range' in s.location ? s.location.range : undefined),
    name: s.name,
    kind: symbolKindName(s.kind),
    ...(s.containerName ? { detail: `in ${s.containerName}` } : {}),
  }));
}

const callItem = (item: CallHierarchyItem) => ({ uri: item.uri, ...at(item.selectionRange ?? item.range), name: item.name, kind: symbolKindName(item.kind), ...(item.detail ? { detail: item.detail } : {}) });
const callSites = (ranges: readonly Range[]) => ranges.map((r) => `${r.start.line + 1}:${r.start.character + 1}`);

export function fromCallItems(result: CallHierarchyItem[] | null | undefined, places: Places): Converted {
  return collect(result ?? [], places, callItem);
}

/** incomingCalls: each caller, with where in it the calls are. */
export function fromIncomingCalls(result: CallHierarchyIncomingCall[] | null | undefined, places: Places): Converted {
  return collect(result ?? [], places, (c) => ({ ...callItem(c.from), calls: callSites(c.fromRanges) }));
}

/** outgoingCalls: each function called, with where the calls are (in the asked-about file). */
export function fromOutgoingCalls(result: CallHierarchyOutgoingCall[] | null | undefined, places: Places): Converted {
  return collect(result ?? [], places, (c) => ({ ...callItem(c.to), calls: callSites(c.fromRanges) }));
}

function markedText(m: MarkedString): string {
  if (typeof m === 'string') return m;
  return `\`\`\`${m.language}\n${m.value}\n\`\`\``;
}

/** hover: the server's text (markdown or plain), or undefined when it has nothing to say. */
export function hoverText(result: Hover | null | undefined): string | undefined {
  if (!result) return undefined;
  const c = result.contents;
  const text = Array.isArray(c) ? c.map(markedText).join('\n\n') : typeof c === 'object' && 'kind' in c ? c.value : markedText(c);
  return text.trim() || undefined;
}
