// The file tools' cards as static markup (UI1, UI2): paths relative to the project in names and
// titles, what was read in words, a picture shown, a failed edit's nearest lines, search results,
// a created file's content, and the group lines.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { EditOutput } from '../../../shared/tools/edit';
import type { GrepOutput } from '../../../shared/tools/grep';
import type { ReadOutput } from '../../../shared/tools/read';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import type { WriteOutput } from '../../../shared/tools/write';
import { diffTexts } from '../diff/compute';
import { cardName, ToolCallCardView } from '../transcript/ToolCallCard';
import { groupKeyFor, viewFor } from './registry';
import { ViewEnvContext } from './view-env';

const env = { projectDir: '/p' };
const render = (node: ReactNode): string => renderToStaticMarkup(<ViewEnvContext.Provider value={env}>{node}</ViewEnvContext.Provider>);
const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/\s+/g, ' ');

let n = 0;
function call(name: string, input: unknown, data?: unknown, over: Partial<ToolCallView> = {}): ToolCallView {
  n++;
  return {
    id: `c${n}`,
    name,
    userFacingName: name,
    messageId: 'm1',
    input,
    state: 'succeeded',
    ...(data !== undefined ? { result: { text: 'ok', isError: false, data } } : {}),
    ...over,
  };
}

describe('Read card', () => {
  it('named and titled by the path relative to the project, with the range in words and the content numbered', () => {
    const data: ReadOutput = { type: 'text', file: { filePath: '/p/src/a.ts', content: 'line 10\nline 11', startLine: 10, numLines: 2, totalLines: 40, truncatedLines: 0 } };
    const c = call('Read', { file_path: '/p/src/a.ts', offset: 10, limit: 2 }, data);
    expect(cardName(c, env)).toBe('Read src/a.ts');
    const html = render(<ToolCallCardView call={c} progress={undefined} />);
    expect(text(html)).toContain('Read src/a.ts');
    expect(text(html)).toContain('Lines 10–11 of 40');
    expect(html).toContain('aria-label="Content of src/a.ts"');
    expect(html).toMatch(/<td class="diff__no">10<\/td><td class="diff__code">line 10<\/td>/);
  });

  it('a picture is shown as an image', () => {
    const data: ReadOutput = {
      type: 'image',
      file: { filePath: '/p/shot.png', base64: 'iVBORw0KGgo=', mediaType: 'image/png', originalSize: 9, width: 2, height: 1, originalWidth: 2, originalHeight: 1, resized: false },
    };
    const html = render(<ToolCallCardView call={call('Read', { file_path: '/p/shot.png' }, data)} progress={undefined} />);
    expect(html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(html).toContain('alt="The picture shot.png"');
    expect(text(html)).toContain('PNG picture, 2 × 1');
  });

  it('a group line lists file names: "Read 5 files: a.ts, b.ts, c.ts, …"', () => {
    const calls = ['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts'].map((f) => call('Read', { file_path: `/p/src/${f}` }));
    const { Grouped } = viewFor('Read');
    expect(text(render(<Grouped calls={calls} />)).trim()).toBe('Read 5 files : a.ts, b.ts, c.ts, …');
    const running = calls.map((c, i) => (i === 4 ? { ...c, state: 'running' as const } : c));
    expect(text(render(<Grouped calls={running} />))).toContain('Reading 5 files');
  });
});

describe('Edit card', () => {
  it('a succeeded edit shows what changed and the diff', () => {
    const data: EditOutput = { filePath: '/p/a.ts', oldString: 'b', newString: 'B', replaceAll: false, replacements: 1, originalFile: 'a\nb\nc\n', structuredPatch: diffTexts('a\nb\nc\n', 'a\nB\nc\n') };
    const c = call('Edit', { file_path: '/p/a.ts', old_string: 'b', new_string: 'B' }, data, { userFacingName: 'Update' });
    const html = render(<ToolCallCardView call={c} progress={undefined} />);
    expect(text(html)).toContain('Edit a.ts');
    // Screen readers hear what is shown: "Edit", not the engine's "Update".
    expect(cardName(c, env)).toBe('Edit a.ts');
    expect(html).toContain('aria-label="Edit a.ts"');
    expect(text(html)).toContain('Changed 1 line');
    expect(html).toContain('aria-label="Changes to a.ts"');
    expect(text(html)).toContain('Removed: b');
    expect(text(html)).toContain('Added: B');
  });

  it('a miss says so in words and shows what was looked for and the nearest lines with their numbers', () => {
    const message =
      '<tool_use_error>String to replace not found in file.\nString: const c = 2;\n\nThe most similar place is (line number, tab, line):\n    14\tconst c = 20;</tool_use_error>';
    const c = call('Edit', { file_path: '/p/src/app.ts', old_string: 'const c = 2;', new_string: 'x' }, undefined, {
      state: 'rejected',
      error: { message, code: 'validation_failed' },
      result: { text: message, isError: true },
    });
    const html = render(<ToolCallCardView call={c} progress={undefined} />);
    const t = text(html);
    expect(t).toContain('The text to change was not found in app.ts, so nothing was changed.');
    expect(t).toContain('The assistant looked for:');
    expect(t).toContain('const c = 2;');
    expect(t).toContain('The most similar place in src/app.ts:');
    expect(html).toMatch(/<td class="diff__no">14<\/td><td class="diff__code">const c = 20;<\/td>/);
    expect(t).not.toContain('tool_use_error');
  });
});

describe('Write card', () => {
  it('a created file shows its content, named "Create …"', () => {
    const data: WriteOutput = { type: 'create', filePath: '/p/new.md', content: '# New\n', originalFile: null, structuredPatch: [] };
    const html = render(<ToolCallCardView call={call('Write', { file_path: '/p/new.md', content: '# New\n' }, data)} progress={undefined} />);
    expect(text(html)).toContain('Create new.md');
    expect(text(html)).toContain('New file, 1 line');
    expect(html).toContain('aria-label="Content of new.md"');
  });
});

describe('Grep and Glob cards', () => {
  const base: GrepOutput = { mode: 'content', backend: 'ripgrep', searchPath: '/p', cwd: '/p', withFilename: true, lineNumbers: true, numFiles: 0, filenames: [], durationMs: 1 };

  it('no matches: said in words, nothing to open', () => {
    const html = render(<ToolCallCardView call={call('Grep', { pattern: 'nope' }, { ...base, mode: 'files_with_matches' })} progress={undefined} />);
    expect(text(html)).toContain('Searched for “nope”');
    expect(html).toContain('aria-label="Searched for “nope”"');
    expect(text(html)).toContain('No matches');
    expect(text(html)).not.toContain('Show output');
  });

  it('content: file headers, line numbers, context lines dimmed, matches marked', () => {
    const data: GrepOutput = {
      ...base,
      numFiles: 1,
      lines: [
        { kind: 'context', file: 'src/a.ts', line: 1, text: 'before' },
        { kind: 'match', file: 'src/a.ts', line: 2, text: 'a TODO here' },
      ],
    };
    const html = render(<ToolCallCardView call={call('Grep', { pattern: 'TODO', output_mode: 'content', '-B': 1 }, data)} progress={undefined} />);
    expect(text(html)).toContain('1 matching line in 1 file');
    expect(html).toContain('<code class="search-file__name">src/a.ts</code>');
    expect(html).toContain('grep-line grep-line--context');
    expect(html).toContain('<mark>TODO</mark>');
  });

  it('a Glob card says what it looked for in words; the exact pattern is one click away', () => {
    const data = { filenames: ['/p/src/a.js'], numFiles: 1, truncated: false, searchPath: '/p', durationMs: 1 };
    const c = call('Glob', { pattern: '**/*.js' }, data);
    const html = render(<ToolCallCardView call={c} progress={undefined} />);
    expect(cardName(c, env)).toBe('Looked for JavaScript files');
    expect(text(html)).toContain('Looked for JavaScript files');
    expect(text(html)).toContain('Found 1 file');
    expect(text(html)).not.toContain('**/*.js');
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>.*Show the exact search<\/button>/);
    expect(html).toContain('aria-label="Files found"');
  });

  it('searches group as "Ran N searches", Grep and Glob alike, each in words', () => {
    const calls = [call('Grep', { pattern: 'TODO' }), call('Glob', { pattern: '**/*.ts' }), call('Grep', { pattern: 'FIXME' })];
    expect(viewFor('Grep').groupKey).toBe('search');
    expect(viewFor('Glob').groupKey).toBe('search');
    expect([groupKeyFor('Grep'), groupKeyFor('Glob'), groupKeyFor('Read'), groupKeyFor('Bash'), groupKeyFor('mcp__x__y')]).toEqual(['search', 'search', 'Read', 'Bash', 'mcp__x__y']);
    const { Grouped } = viewFor('Glob');
    expect(text(render(<Grouped calls={calls} />)).trim()).toBe('Ran 3 searches : “TODO”, TypeScript files, “FIXME”');
  });
});

describe('Read card: PDFs and notebooks', () => {
  it('a PDF shows the pages read, each headed', () => {
    const data: ReadOutput = { type: 'pdf', file: { filePath: '/p/doc.pdf', totalPages: 9, originalSize: 100, pages: [{ page: 2, text: 'Second page' }, { page: 3, text: '' }] } };
    const t = text(render(<ToolCallCardView call={call('Read', { file_path: '/p/doc.pdf', pages: '2-3' }, data)} progress={undefined} />));
    expect(t).toContain('Pages 2–3 of 9');
    expect(t).toContain('Page 2 Second page');
    expect(t).toContain('Page 3 (no text on this page)');
  });

  it('a notebook shows its cells with their kind, source and outputs', () => {
    const data: ReadOutput = {
      type: 'notebook',
      file: {
        filePath: '/p/n.ipynb',
        language: 'python',
        cells: [
          { cellId: 'intro', cellType: 'markdown', source: '# Analysis', outputs: [] },
          { cellId: 'c1', cellType: 'code', source: 'print(1 + 1)', executionCount: 3, outputs: [{ type: 'text', text: '2' }] },
        ],
      },
    };
    const html = render(<ToolCallCardView call={call('Read', { file_path: '/p/n.ipynb' }, data)} progress={undefined} />);
    const t = text(html);
    expect(t).toContain('Notebook with 2 cells (python)');
    expect(t).toContain('Cell 1 · Text');
    expect(t).toContain('Cell 2 · Code');
    expect(t).toContain('ran as [3]');
    expect(html).toContain('aria-label="Source of cell 2"');
    expect(html).toContain('<pre class="notebook-cell__text">2</pre>');
  });

  it('the unchanged stub says so and has nothing to open', () => {
    const t = text(render(<ToolCallCardView call={call('Read', { file_path: '/p/a.ts' }, { type: 'file_unchanged', file: { filePath: '/p/a.ts' } })} progress={undefined} />));
    expect(t).toContain('Unchanged since the assistant read it earlier');
    expect(t).not.toContain('Show output');
  });
});
