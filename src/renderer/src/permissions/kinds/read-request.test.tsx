// The approval for reading and searching files in plain words (PX2): labelled rows instead of the
// input's field names, patterns in words, what would be sent to the AI model; the exact request one
// click away. Also the generic kind's fields named in words.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PermissionRequestView } from '../../../../shared/permissions/request';
import { plainEntries } from '../../tools/input-summary';
import { ViewEnvContext } from '../../tools/view-env';
import { RequestPanel } from '../RequestPanel';
import { readRequestRows, sentToModelSentence } from './read-request-words';

const P = '/home/ana/shop';
const req = (toolName: string, input: Record<string, unknown>, target?: { path: string; isDir: boolean }, over: Partial<PermissionRequestView> = {}): PermissionRequestView => ({
  requestId: 'r1',
  sessionId: 's',
  toolUseId: 't',
  toolName,
  input,
  message: `${toolName} wants to read ${target?.path ?? ''}, which is outside the project folder.`,
  suggestions: [],
  destructive: false,
  kind: 'read',
  ...(target ? { target } : {}),
  ...over,
});
const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');

describe('read request rows and what is sent to the AI model', () => {
  const cases: [string, PermissionRequestView, [string, string][], string][] = [
    [
      'a read outside the project',
      req('Read', { file_path: '/tmp/notes/x.txt' }, { path: '/tmp/notes/x.txt', isDir: false }),
      [['File', '/tmp/notes/x.txt']],
      'If you allow it, the contents of x.txt will be sent to the AI model.',
    ],
    [
      'a read of part of a file in the project',
      req('Read', { file_path: `${P}/src/a.ts`, offset: 10, limit: 50 }, { path: `${P}/src/a.ts`, isDir: false }),
      [
        ['File', 'src/a.ts'],
        ['Which part', 'lines 10–59'],
      ],
      'If you allow it, the contents of a.ts will be sent to the AI model.',
    ],
    [
      'a text search outside, lines shown',
      req('Grep', { pattern: 'scale\\(', path: '/opt/lib', glob: '*.js', output_mode: 'content' }, { path: '/opt/lib', isDir: true }),
      [
        ['Looking for', '“scale(”'],
        ['Where', '/opt/lib'],
        ['How', 'only JavaScript files'],
      ],
      'If you allow it, the matching lines will be sent to the AI model.',
    ],
    [
      'a file search in the project folder',
      req('Glob', { pattern: '**/*.js' }, { path: P, isDir: true }),
      [
        ['Looking for', 'JavaScript files'],
        ['Where', 'the project folder'],
      ],
      'If you allow it, the names of the files found will be sent to the AI model.',
    ],
    [
      'a pattern words cannot say',
      req('Glob', { pattern: 'src/*/x.ts', path: '/opt' }, { path: '/opt', isDir: true }),
      [
        ['Looking for', 'files matching a pattern'],
        ['Where', '/opt'],
      ],
      'If you allow it, the names of the files found will be sent to the AI model.',
    ],
  ];
  for (const [name, r, rows, sentence] of cases) {
    it(name, () => {
      expect(readRequestRows(r, P).map((row) => [row.label, row.value])).toEqual(rows);
      expect(sentToModelSentence(r)).toBe(sentence);
    });
  }
});

describe('the approval dialog for a read outside the project', () => {
  it('no field names or patterns by default; the exact request behind a named button', () => {
    const r = req('Read', { file_path: '/tmp/notes/x.txt' }, { path: '/tmp/notes/x.txt', isDir: false });
    const html = renderToStaticMarkup(
      <ViewEnvContext.Provider value={{ projectDir: P }}>
        <RequestPanel request={r} busy={false} fromOther={null} onAnswer={() => {}} />
      </ViewEnvContext.Provider>,
    );
    const t = text(html);
    expect(t).toContain('Allow Agent Desk to read this file?');
    expect(t).toContain('Read a file outside the project');
    expect(t).toContain('File /tmp/notes/x.txt');
    expect(t).toContain('If you allow it, the contents of x.txt will be sent to the AI model.');
    expect(t).toContain('which is outside the project folder');
    expect(t).not.toContain('file_path');
    expect(t).not.toContain('working directories');
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>.*Show the exact request<\/button>/);
  });

  it('a Glob says what it looks for in words, not its pattern', () => {
    const t = text(renderToStaticMarkup(<RequestPanel request={req('Glob', { pattern: '**/*.js', path: '/opt' }, { path: '/opt', isDir: true })} busy={false} fromOther={null} onAnswer={() => {}} />));
    expect(t).toContain('Looking for JavaScript files');
    expect(t).not.toContain('**/*.js');
  });
});

describe('the generic kind names fields in words', () => {
  it('labels, yes/no for flags', () => {
    expect(plainEntries({ file_path: '/a', issueTitle: 'Bug', repo_id: 7, draft: true, '-i': false }).map((e) => [e.label, e.value])).toEqual([
      ['File', '/a'],
      ['Issue title', 'Bug'],
      ['Repo ID', '7'],
      ['Draft', 'yes'],
      ['Ignore upper/lower case', 'no'],
    ]);
    const html = renderToStaticMarkup(
      <RequestPanel request={{ ...req('mcp__github__create_issue', { issue_title: 'Bug' }), kind: 'mcp', message: 'asks' }} busy={false} fromOther={null} onAnswer={() => {}} />,
    );
    expect(text(html)).toContain('Issue title Bug');
    expect(text(html)).not.toContain('issue_title');
    expect(html).toContain('Show the exact request');
  });
});
