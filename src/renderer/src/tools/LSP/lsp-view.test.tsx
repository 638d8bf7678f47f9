// The LSP card as static markup (TL, UI): the question in plain words while it runs, the headline once
// answered ("Found 3 references to “greet”"), the places under each file, type information without
// markdown fences, places left out for the rules, a failure in words.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { ToolCallCardView } from '../../transcript/ToolCallCard';
import { viewFor } from '../registry';
import { ViewEnvContext } from '../view-env';

const render = (node: ReactNode) => renderToStaticMarkup(<ViewEnvContext.Provider value={{ projectDir: '/p' }}>{node}</ViewEnvContext.Provider>);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
const input = { operation: 'findReferences', filePath: '/p/src/greet.ts', line: 2, character: 17 };
const call = (over: Partial<ToolCallView> = {}, i: unknown = input): ToolCallView => ({ id: 'c1', name: 'LSP', userFacingName: 'Code lookup', messageId: 'm1', input: i, state: 'running', ...over });
const refs = {
  operation: 'findReferences',
  filePath: 'src/greet.ts',
  line: 2,
  character: 17,
  server: 'typescript',
  symbol: 'greet',
  items: [
    { path: 'src/greet.ts', line: 2, character: 17 },
    { path: 'src/main.ts', line: 4, character: 15 },
    { path: 'src/main.ts', line: 5, character: 15 },
  ],
  total: 4,
  hidden: 1,
};

describe('LSP card (TL, UI)', () => {
  it('UI while it runs it says what it looks for and where', () => {
    expect(viewFor('LSP').title(call(), { projectDir: '/p' })).toBe('Find references in src/greet.ts');
    const t = text(render(<ToolCallCardView call={call()} progress={undefined} />));
    expect(t).toContain('At src/greet.ts, line 2, column 17');
  });

  it('UI answered: "Found 3 references to “greet”", the places under each file, and what was left out', () => {
    const done = call({ state: 'succeeded', result: { text: 'Found 3 references…', isError: false, data: refs } });
    expect(viewFor('LSP').title(done, { projectDir: '/p' })).toBe('Found 3 references to “greet”');
    const t = text(render(<ToolCallCardView call={done} progress={undefined} />));
    expect(t).toContain('answered by the typescript language server');
    expect(t).toContain('src/main.ts 2 references');
    expect(t).toContain('Line 4, column 15');
    expect(t).toContain('1 place in files your permission rules keep private was left out.');
  });

  it('UI type information without markdown fences; symbols with their kind', () => {
    const hover = call(
      { state: 'succeeded', result: { text: 'Hover…', isError: false, data: { ...refs, operation: 'hover', items: [], total: 0, hidden: 0, hover: '```typescript\nfunction greet(name: string): string\n```\nSays hello.' } } },
      { ...input, operation: 'hover' },
    );
    expect(viewFor('LSP').title(hover)).toBe('Type information for “greet”');
    const t = render(<ToolCallCardView call={hover} progress={undefined} />);
    expect(t).toContain('function greet(name: string): string\nSays hello.');
    expect(t).not.toContain('```');
    const symbols = call(
      { state: 'succeeded', result: { text: 'Document symbols…', isError: false, data: { ...refs, operation: 'documentSymbol', items: [{ path: 'src/greet.ts', line: 2, character: 17, name: 'greet', kind: 'Function', depth: 0 }], total: 1, hidden: 0 } } },
      { ...input, operation: 'documentSymbol' },
    );
    expect(viewFor('LSP').title(symbols)).toBe('Found 1 symbol in src/greet.ts');
    expect(text(render(<ToolCallCardView call={symbols} progress={undefined} />))).toContain('greet function — line 2, column 17');
  });

  it('UI a failure says it could not, with the reason the model got', () => {
    const failed = call({ state: 'failed', result: { text: 'Error performing findReferences: The language server "typescript" could not start: the command "tsls" was not found.', isError: true } });
    expect(viewFor('LSP').title(failed, { projectDir: '/p' })).toBe('Could not find references in src/greet.ts');
    expect(text(render(<ToolCallCardView call={failed} progress={undefined} />))).toContain('the command "tsls" was not found');
  });
});
