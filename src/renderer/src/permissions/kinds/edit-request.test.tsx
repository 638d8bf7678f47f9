// DK4 diff-first approval: the edit request's plain summary and question from the preview (or the
// input when there is none), rule words, and the dialog showing the diff before anything is written.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PermissionRequestView } from '../../../../shared/permissions/request';
import { parseRule } from '../../../../shared/permissions/rule';
import { RequestPanel } from '../RequestPanel';
import { ruleKindFor } from '../registry';
import { editQuestion, editRuleWords, editSummary, proposedChange } from './edit-request-words';

const env = { projectDir: '/p' };
const req = (toolName: string, input: unknown, over: Partial<PermissionRequestView> = {}): PermissionRequestView => ({
  requestId: 'r1',
  sessionId: 's',
  toolUseId: 't',
  toolName,
  input,
  message: 'Edit wants to write /p/src/app.ts.',
  suggestions: ['Edit'],
  destructive: false,
  ...over,
});
const preview = (changeKind: 'create' | 'update', oldContent: string | null, newContent: string, path = '/p/src/app.ts') => ({ kind: 'file_change' as const, path, changeKind, oldContent, newContent });

const APP_OLD = 'const a = 1;\nconst b = 2;\nconst c = 3;\n';
const APP_NEW = 'const a = 1;\nconst b = 20;\nconst c = 30;\n';

describe('edit request words', () => {
  it('an Edit: "Change 2 lines in src/app.ts", the path relative to the project', () => {
    const r = req('Edit', { file_path: '/p/src/app.ts', old_string: 'x', new_string: 'y' }, { preview: preview('update', APP_OLD, APP_NEW) });
    expect(editQuestion(r)).toBe('Allow Agent Desk to change a file?');
    expect(editSummary(r, env)).toBe('Change 2 lines in src/app.ts');
    expect(proposedChange(r).count).toEqual({ added: 2, removed: 2 });
  });

  it('a Write creating a file: "Create src/new.ts (40 lines)"', () => {
    const content = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n') + '\n';
    const r = req('Write', { file_path: '/p/src/new.ts', content }, { preview: preview('create', null, content, '/p/src/new.ts') });
    expect(editQuestion(r)).toBe('Allow Agent Desk to create a file?');
    expect(editSummary(r, env)).toBe('Create src/new.ts (40 lines)');
  });

  it('a Write over an existing file: "Overwrite config.json"', () => {
    const r = req('Write', { file_path: '/p/config.json', content: '{}\n' }, { destructive: true, preview: preview('update', '{"a":1}\n', '{}\n', '/p/config.json') });
    expect(editQuestion(r)).toBe('Allow Agent Desk to overwrite a file?');
    expect(editSummary(r, env)).toBe('Overwrite config.json');
  });

  it('without a preview it says only what the input says', () => {
    expect(editSummary(req('Edit', { file_path: '/p/a.ts', old_string: 'x', new_string: 'y' }), env)).toBe('Change a.ts');
    expect(editSummary(req('Write', { file_path: '/p/b.ts', content: 'a\nb\n' }), env)).toBe('Create b.ts (2 lines)');
    expect(editSummary(req('Write', { file_path: '/p/b.ts', content: 'a\n' }, { destructive: true }), env)).toBe('Overwrite b.ts');
    expect(editSummary(req('NotebookEdit', { notebook_path: '/p/n.ipynb', cell_id: 'c1', new_source: 'x' }), env)).toBe('Change cell c1 in n.ipynb');
    expect(editSummary(req('NotebookEdit', { notebook_path: '/p/n.ipynb', new_source: 'x', edit_mode: 'insert' }), env)).toBe('Add a cell to n.ipynb');
    expect(editSummary(req('Edit', null), env)).toBe('Change a file');
  });

  it('rule words', () => {
    const words = (text: string): string => {
      const p = parseRule(text);
      if (!p.ok) throw new Error(text);
      return editRuleWords(p.value);
    };
    expect(words('Edit')).toBe('Changing any file, without asking');
    expect(words('Edit(src/**)')).toBe('Changing files matching “src/**”, without asking');
    expect(words('Write')).toBe('Creating or overwriting any file, without asking');
    expect(words('NotebookEdit')).toBe('Changing any notebook, without asking');
  });

  it('Edit, Write and NotebookEdit share the kind', () => {
    expect(ruleKindFor('Edit')).toBe(ruleKindFor('Write'));
    expect(ruleKindFor('NotebookEdit')).toBe(ruleKindFor('Edit'));
  });
});

/** Visible text, tags stripped, entities decoded. */
const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');

describe('EditRequest in the approval dialog (DK4: the diff before any write)', () => {
  it('shows the summary, the diff with both line numbers and the three answers', () => {
    const r = req('Edit', { file_path: '/p/src/app.ts', old_string: 'x', new_string: 'y' }, { preview: preview('update', APP_OLD, APP_NEW) });
    const html = renderToStaticMarkup(<RequestPanel request={r} busy={false} fromOther={null} onAnswer={() => {}} />);
    const t = text(html);
    expect(t).toContain('Allow Agent Desk to change a file?');
    expect(t).toContain('Change 2 lines in /p/src/app.ts'); // no project context in this render: absolute
    expect(html).toContain('aria-label="Proposed changes to /p/src/app.ts"');
    expect(html).toMatch(/diff__row--del.*const b = 2;/s);
    expect(html).toMatch(/diff__row--add.*const b = 20;/s);
    expect(t).toContain('Removed: const b = 2;');
    expect(t).toContain('Added: const b = 20;');
    expect(t).toContain('Nothing has been written yet.');
    expect(t).toContain('Allow once');
    expect(t).toContain('Always allow');
    expect(t).toContain('Deny');
  });

  it('an overwrite warns that the whole file is replaced; a created file shows its content', () => {
    const over = req('Write', { file_path: '/p/config.json', content: '{}\n' }, { destructive: true, preview: preview('update', '{"a":1}\n', '{}\n', '/p/config.json') });
    const t = text(renderToStaticMarkup(<RequestPanel request={over} busy={false} fromOther={null} onAnswer={() => {}} />));
    expect(t).toContain('Everything in config.json will be replaced by the new content.');
    expect(t).toContain('This may delete or overwrite things.');
    const create = req('Write', { file_path: '/p/new.ts', content: 'export {};\n' }, { preview: preview('create', null, 'export {};\n', '/p/new.ts') });
    const html = renderToStaticMarkup(<RequestPanel request={create} busy={false} fromOther={null} onAnswer={() => {}} />);
    expect(html).toContain('aria-label="Content of the new file /p/new.ts"');
    expect(text(html)).toContain('export {};');
  });
});
