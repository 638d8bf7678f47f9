// What the model and the person read of an LSP answer (TL): protocol answers become 1-based, project-
// relative items (denied files counted, not shown), formatted compactly per operation; the word at a
// position; the card's headline.
import { describe, expect, it } from 'vitest';
import { lspHeadline, type LspData } from '../../../shared/tools/lsp';
import { fromDocumentSymbols, fromIncomingCalls, fromLocations, fromWorkspaceSymbols, hoverText, symbolKindName } from './convert';
import { wordAt } from './position';
import { formatLspResult } from './result-text';

const P = '/proj';
const places = { projectDir: P };
const range = (line: number, character: number) => ({ start: { line, character }, end: { line, character: character + 3 } });
const data = (d: Partial<LspData> & Pick<LspData, 'operation'>): LspData => ({ filePath: 'src/a.ts', line: 3, character: 7, server: 'ts', items: [], total: d.items?.length ?? 0, hidden: 0, ...d });

describe('LSP answers as items (TL)', () => {
  it('TL locations: 0-based → 1-based, file URIs → project-relative (absolute outside), links by their selection, duplicates once', () => {
    const out = fromLocations(
      [
        { uri: 'file:///proj/src/a.ts', range: range(0, 4) },
        { uri: 'file:///proj/src/a.ts', range: range(0, 4) },
        { uri: 'file:///usr/lib/x.d.ts', range: range(9, 0) },
      ],
      places,
    );
    expect(out).toEqual({ items: [{ path: 'src/a.ts', line: 1, character: 5 }, { path: '/usr/lib/x.d.ts', line: 10, character: 1 }], hidden: 0 });
    const link = fromLocations([{ targetUri: 'file:///proj/b.ts', targetRange: range(1, 0), targetSelectionRange: range(2, 16) }], places);
    expect(link.items).toEqual([{ path: 'b.ts', line: 3, character: 17 }]);
    expect(fromLocations(null, places)).toEqual({ items: [], hidden: 0 });
    expect(fromLocations({ uri: 'jdt://contents/x.class', range: range(0, 0) }, places).items[0]!.path).toBe('jdt://contents/x.class');
  });

  it('PL4 places in files a rule keeps from being read are counted, not shown', () => {
    const out = fromLocations([{ uri: 'file:///proj/.env.ts', range: range(0, 0) }, { uri: 'file:///proj/a.ts', range: range(0, 0) }], { projectDir: P, denied: (abs) => abs.endsWith('.env.ts') });
    expect(out).toEqual({ items: [{ path: 'a.ts', line: 1, character: 1 }], hidden: 1 });
  });

  it('TL symbols: nested document symbols flattened with depth; flat and workspace symbols with their container', () => {
    const nested = fromDocumentSymbols(
      [{ name: 'Greeter', kind: 5, range: range(0, 0), selectionRange: range(0, 13), children: [{ name: 'hello', kind: 6, detail: '(): string', range: range(1, 2), selectionRange: range(1, 2) }] }],
      'file:///proj/a.ts',
      places,
    );
    expect(nested.items).toEqual([
      { path: 'a.ts', line: 1, character: 14, name: 'Greeter', kind: 'Class', depth: 0 },
      { path: 'a.ts', line: 2, character: 3, name: 'hello', kind: 'Method', depth: 1, detail: '(): string' },
    ]);
    const ws = fromWorkspaceSymbols([{ name: 'greet', kind: 12, location: { uri: 'file:///proj/g.ts', range: range(4, 16) }, containerName: 'mod' }], places);
    expect(ws.items).toEqual([{ path: 'g.ts', line: 5, character: 17, name: 'greet', kind: 'Function', detail: 'in mod' }]);
    expect(symbolKindName(99)).toBe('Unknown');
  });

  it('TL calls carry their call sites; hover text from markup, marked strings or lists', () => {
    const from = { name: 'main', kind: 12 as const, uri: 'file:///proj/m.ts', range: range(2, 0), selectionRange: range(2, 16) };
    expect(fromIncomingCalls([{ from, fromRanges: [range(3, 14), range(4, 14)] }], places).items).toEqual([{ path: 'm.ts', line: 3, character: 17, name: 'main', kind: 'Function', calls: ['4:15', '5:15'] }]);
    expect(hoverText({ contents: { kind: 'markdown', value: '```ts\nf(): void\n```' } })).toBe('```ts\nf(): void\n```');
    expect(hoverText({ contents: [{ language: 'ts', value: 'let x: number' }, 'A number.'] })).toBe('```ts\nlet x: number\n```\n\nA number.');
    expect(hoverText({ contents: '' })).toBeUndefined();
    expect(hoverText(null)).toBeUndefined();
  });

  it('TL the word at a 1-based position, or just before it', () => {
    const text = 'const total = sum(a, b);\n  greet(name)\n';
    expect(wordAt(text, 1, 7)).toBe('total');
    expect(wordAt(text, 1, 12)).toBe('total');
    expect(wordAt(text, 2, 3)).toBe('greet');
    expect(wordAt(text, 2, 1)).toBe('');
    expect(wordAt(text, 9, 1)).toBe('');
  });
});

describe('LSP results as text (TL)', () => {
  it('TL one definition is one line; several are listed; none says why it may be', () => {
    expect(formatLspResult(data({ operation: 'goToDefinition', items: [{ path: 'src/g.ts', line: 2, character: 17 }] }))).toBe('Defined in src/g.ts:2:17');
    expect(formatLspResult(data({ operation: 'goToImplementation', items: [{ path: 'a.ts', line: 1, character: 1 }, { path: 'b.ts', line: 2, character: 2 }] }))).toBe('Found 2 implementations:\n  a.ts:1:1\n  b.ts:2:2');
    expect(formatLspResult(data({ operation: 'goToDefinition' }))).toMatch(/^No definition found\./);
  });

  it('TL references grouped by file; more than kept and denied ones counted', () => {
    const items = [
      { path: 'a.ts', line: 1, character: 10 },
      { path: 'b.ts', line: 4, character: 3 },
      { path: 'a.ts', line: 7, character: 2 },
    ];
    expect(formatLspResult(data({ operation: 'findReferences', items, total: 6, hidden: 1 }))).toBe(
      'Found 5 references across 2 files:\n\na.ts:\n  Line 1:10\n  Line 7:2\n\nb.ts:\n  Line 4:3\n\n(2 more not listed.)\n(1 place in files your permission rules keep from being read was left out.)',
    );
    expect(formatLspResult(data({ operation: 'findReferences', total: 2, hidden: 2 }))).toBe('No references found. The position may not be on a symbol.\n\n(2 places in files your permission rules keep from being read were left out.)');
  });

  it('TL hover, symbols and calls', () => {
    expect(formatLspResult(data({ operation: 'hover', hover: 'x: number' }))).toBe('Hover info at 3:7:\n\nx: number');
    expect(formatLspResult(data({ operation: 'hover' }))).toMatch(/^No hover information/);
    const symbols = [
      { path: 'src/a.ts', line: 1, character: 14, name: 'Greeter', kind: 'Class', depth: 0 },
      { path: 'src/a.ts', line: 2, character: 3, name: 'hello', kind: 'Method', depth: 1 },
    ];
    expect(formatLspResult(data({ operation: 'documentSymbol', items: symbols }))).toBe('Document symbols (2):\nGreeter (Class) - Line 1:14\n  hello (Method) - Line 2:3');
    expect(formatLspResult(data({ operation: 'workspaceSymbol', items: symbols.slice(0, 1) }))).toBe('Found 1 symbol in the workspace:\n\nsrc/a.ts:\n  Greeter (Class) - Line 1:14');
    const calls = [{ path: 'm.ts', line: 3, character: 17, name: 'main', kind: 'Function', calls: ['4:15'] }];
    expect(formatLspResult(data({ operation: 'incomingCalls', items: calls }))).toBe('Found 1 incoming call:\n\nm.ts:\n  main (Function) - Line 3:17 [calls at 4:15]');
    expect(formatLspResult(data({ operation: 'prepareCallHierarchy', items: calls }))).toBe('Call hierarchy item:\n  main (Function) - m.ts:3:17 [calls at 4:15]');
  });

  it('UI the card’s headline says what was found about which symbol', () => {
    const refs = data({ operation: 'findReferences', symbol: 'greet', items: [{ path: 'a.ts', line: 1, character: 1 }], total: 3 });
    expect(lspHeadline(refs)).toBe('Found 3 references to “greet”');
    expect(lspHeadline(data({ operation: 'goToDefinition', symbol: 'greet', total: 1 }))).toBe('Found 1 definition for “greet”');
    expect(lspHeadline(data({ operation: 'goToDefinition', symbol: 'x', total: 0 }))).toBe('No definitions found for “x”');
    expect(lspHeadline(data({ operation: 'documentSymbol', total: 4 }))).toBe('Found 4 symbols in src/a.ts');
    expect(lspHeadline(data({ operation: 'hover', symbol: 'greet', hover: 'f' }))).toBe('Type information for “greet”');
    expect(lspHeadline(data({ operation: 'incomingCalls', symbol: 'greet', total: 2 }))).toBe('Found 2 callers of “greet”');
  });
});
