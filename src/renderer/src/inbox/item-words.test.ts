// The inbox line's words reuse the approval kinds' summaries and add what the request is about, and
// for a read what allowing it sends to the AI model (PX2).
import { describe, expect, it } from 'vitest';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import { itemWords } from './item-words';

const env = { projectDir: '/home/ana/shop' };
const req = (toolName: string, input: unknown): PermissionRequestView => ({
  requestId: 'r',
  sessionId: 's',
  toolUseId: 't',
  toolName,
  input,
  message: 'asks',
  suggestions: [],
  destructive: false,
});

describe('inbox line words', () => {
  it('the budget question: its summary and nothing as code (not its owner, "conversation")', () => {
    const status = { limit: { usd: 0.05 }, spentUsd: 0.06, spentTokens: 30_000, percent: 126, phase: 'paused' };
    const w = itemWords(req('Budget', { status, suggestedRaise: { usd: 1 }, owner: 'conversation' }), env);
    expect(w.summary).toBe('Used so far: $0.06 of $0.05 (126 %). The assistant paused before its next request: should it go on?');
    expect(w.detail).toBe('');
  });
  it('a command: the kind summary and the command itself', () => {
    expect(itemWords(req('Bash', { command: 'npm test\nnpm run lint' }), env)).toEqual({ summary: 'Run a command in your project', detail: 'npm test …', outside: false, note: '' });
  });
  it('an edit: the summary already names the file, so no detail', () => {
    const w = itemWords(req('Write', { file_path: '/home/ana/shop/src/new.ts', content: 'a\nb\n' }), env);
    expect(w.summary).toContain('src/new.ts');
    expect(w.detail).toBe('');
  });
  it('a read outside the project says so (not the generic "in your project") and gives its full path', () => {
    expect(itemWords(req('Read', { file_path: '/tmp/notes/a.txt' }), env)).toEqual({
      summary: 'Read a file outside the project',
      detail: '/tmp/notes/a.txt',
      outside: false,
      note: 'The contents of a.txt will be sent to the AI model if you allow it.',
    });
  });
  it('a read inside: the path relative to the project', () => {
    expect(itemWords(req('Read', { file_path: '/home/ana/shop/src/a.ts' }), env)).toEqual({
      summary: 'Read a file in your project',
      detail: 'src/a.ts',
      outside: false,
      note: 'The contents of a.ts will be sent to the AI model if you allow it.',
    });
  });
  it('a search outside the project', () => {
    expect(itemWords(req('Grep', { pattern: 'TODO', path: '/opt/lib' }), env)).toMatchObject({
      summary: 'Search files outside the project',
      detail: '/opt/lib',
      note: 'The names of the matching files will be sent to the AI model if you allow it.',
    });
  });
  it('a tool of the generic kind whose declared target lies outside: its summary plus the path marked outside', () => {
    const foo = { ...req('Foo', { path: '/opt/x' }), kind: 'other' as const, target: { path: '/opt/x', isDir: false } };
    expect(itemWords(foo, env)).toEqual({ summary: 'Use the tool Foo in your project', detail: '/opt/x', outside: true, note: '' });
  });
  it('a tool with odd input still gets words', () => {
    expect(itemWords(req('mcp__github__create_issue', { title: 'Bug' }), env)).toMatchObject({ detail: 'Bug' });
    expect(itemWords(req('Foo', null), env).detail).toBe('');
  });
});
