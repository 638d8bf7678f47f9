// Issue 13 item 3: what "Always allow" offers, in words, with the broadest safe choice recommended and
// risky ones warned about and never recommended.
import { describe, expect, it } from 'vitest';
import { getAllBaseTools } from '../tools/builtin';
import { allowScopes } from './allow-scopes';
import { createToolCatalog } from './tool-catalog';

const ctx = { cwd: '/work/shop', projectDir: '/work/shop', home: '/home/me', catalog: createToolCatalog(getAllBaseTools()) };
const recommended = (scopes: ReturnType<typeof allowScopes>) => scopes.filter((s) => s.recommended);

describe('"Always allow" scopes', () => {
  it('an edit in a folder: that folder (recommended), every edit of this conversation, or only the file', () => {
    const scopes = allowScopes('Write', { file_path: '/work/shop/notes/first.md' }, ctx);
    expect(scopes).toEqual([
      { kind: 'rule', label: 'Edits in notes/', rule: 'Edit(/notes/**)', recommended: true },
      { kind: 'session-edits', label: 'Every edit in this project, until this conversation ends' },
      { kind: 'rule', label: 'Only this file (notes/first.md)', rule: 'Edit(/notes/first.md)' },
    ]);
  });

  it('an edit at the project root: the whole project is warned about; the conversation-wide choice is recommended', () => {
    const scopes = allowScopes('Edit', { file_path: '/work/shop/README.md' }, ctx);
    expect(scopes[0]).toMatchObject({ label: 'Edits anywhere in this project', rule: 'Edit(/**)', warning: expect.any(String) });
    expect(recommended(scopes)).toEqual([expect.objectContaining({ kind: 'session-edits' })]);
  });

  it('an edit outside the project: only the file is recommended; its folder carries a warning', () => {
    const scopes = allowScopes('Edit', { file_path: '/etc/app/conf.ini' }, ctx);
    expect(recommended(scopes)).toEqual([expect.objectContaining({ label: 'Only this file (/etc/app/conf.ini)', rule: 'Edit(//etc/app/conf.ini)' })]);
    expect(scopes.find((s) => s.rule === 'Edit(//etc/app/**)')?.warning).toBe('This folder is outside the project.');
  });

  it('a command: its stable prefix is recommended; risky prefixes are warned about and not recommended', () => {
    expect(allowScopes('Bash', { command: 'npm run test -- --watch' }, ctx)).toEqual([
      { kind: 'rule', label: 'Commands starting with “npm run test”', rule: 'Bash(npm run test:*)', recommended: true },
      { kind: 'rule', label: 'Only this exact command', rule: 'Bash(npm run test -- --watch)' },
    ]);
    const rm = allowScopes('Bash', { command: 'rm -rf build' }, ctx);
    expect(rm).toEqual([{ kind: 'rule', label: 'Only this exact command', rule: 'Bash(rm -rf build)', recommended: true }]);
    const push = allowScopes('Bash', { command: 'git push origin main' }, ctx);
    expect(push[0]).toMatchObject({ rule: 'Bash(git push:*)', warning: expect.stringContaining('publish') });
    expect(recommended(push)).toEqual([expect.objectContaining({ rule: 'Bash(git push origin main)' })]);
    // Never over a wrapper or a bare shell.
    expect(allowScopes('Bash', { command: 'sudo apt install x' }, ctx).map((s) => s.rule)).toEqual(['Bash(sudo apt install x)']);
    expect(allowScopes('Bash', { command: 'bash -c "ls"' }, ctx).map((s) => s.rule)).toEqual(['Bash(bash -c "ls")']);
  });

  it('a read or a search outside the project: its folder; a fetch: the site; an MCP tool: the tool, the whole server warned about', () => {
    expect(recommended(allowScopes('Read', { file_path: '/tmp/notes/a.txt' }, ctx))).toEqual([
      expect.objectContaining({ label: 'Reading files in /tmp/notes/ (outside the project)', rule: 'Read(//tmp/notes/**)' }),
    ]);
    expect(allowScopes('Grep', { pattern: 'x', path: '/var/log' }, ctx)[0]).toMatchObject({ label: 'Searching in /var/log/ (outside the project)', rule: 'Grep(//var/log/**)' });
    expect(allowScopes('WebFetch', { url: 'https://docs.example.com/a' }, ctx)).toEqual([
      { kind: 'rule', label: 'Pages from docs.example.com', rule: 'WebFetch(domain:docs.example.com)', recommended: true },
      { kind: 'rule', label: 'Any web page', rule: 'WebFetch', warning: expect.any(String) },
    ]);
    const mcp = allowScopes('mcp__github__create_issue', {}, ctx);
    expect(mcp).toEqual([
      { kind: 'rule', label: 'The tool “create_issue” of github', rule: 'mcp__github__create_issue', recommended: true },
      { kind: 'rule', label: 'Every tool of github', rule: 'mcp__github', warning: expect.stringContaining('change or delete') },
    ]);
  });
});
