// ExitWorktree's card as static markup (issue 19): kept (where, on which branch) or deleted (what was
// thrown away); what changed in the copy, file by file with lines added and removed, named for readers.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import type { ExitWorktreeData } from '../../../../shared/tools/worktree';
import { viewFor } from '../registry';
import { ViewEnvContext } from '../view-env';
import { discardedWords } from './ExitWorktreeView';

const render = (node: ReactNode) => renderToStaticMarkup(<ViewEnvContext.Provider value={{ projectDir: '/p' }}>{node}</ViewEnvContext.Provider>);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
const kept: ExitWorktreeData = {
  action: 'keep',
  originalCwd: '/p',
  worktreePath: '/p/.claude/worktrees/fix',
  worktreeBranch: 'worktree-fix',
  diff: { stat: ' a.ts | 3 ++-\n logo.png | Bin', files: [{ path: 'src/a.ts', added: 2, removed: 1 }, { path: 'logo.png', added: null, removed: null }] },
  message: 'Exited worktree…',
};
const call = (data: ExitWorktreeData | undefined, over: Partial<ToolCallView> = {}): ToolCallView => ({
  id: 'c1',
  name: 'ExitWorktree',
  userFacingName: 'Worktree',
  messageId: 'm1',
  input: { action: data?.action ?? 'keep' },
  state: 'succeeded',
  ...(data ? { result: { text: data.message, isError: false, data } } : {}),
  ...over,
});

describe('ExitWorktree card (issue 19)', () => {
  it('kept: where the copy stays, and every changed file with its lines added and removed', () => {
    const view = viewFor('ExitWorktree');
    expect(view.title(call(kept))).toBe('Back in the project folder; the separate copy is kept (branch worktree-fix)');
    const html = render(<view.Result call={call(kept)} progress={undefined} />);
    expect(text(html)).toContain('The copy is kept at /p/.claude/worktrees/fix on the branch worktree-fix, to come back to or merge later.');
    expect(text(html)).toContain('Changed in the copy since it was made: 2 files');
    expect(html).toContain('aria-label="Files changed in the separate copy"');
    expect(html).toContain('<span class="worktree-diff__added" aria-label="2 lines added">+2</span><span class="worktree-diff__removed" aria-label="1 line removed">−1</span>');
    expect(text(html)).toContain('logo.png binary');
  });

  it('deleted: what was thrown away is said, in warning colour', () => {
    const removed: ExitWorktreeData = { ...kept, action: 'remove', discardedFiles: 2, discardedCommits: 1 };
    expect(viewFor('ExitWorktree').title(call(removed))).toBe('Back in the project folder; the separate copy was deleted (branch worktree-fix)');
    expect(discardedWords(removed)).toBe('Threw away 2 files not yet committed and 1 commit.');
    const Result = viewFor('ExitWorktree').Result;
    const html = render(<Result call={call(removed)} progress={undefined} />);
    expect(html).toContain('<p class="tool-note worktree-diff__lost">Threw away 2 files not yet committed and 1 commit.</p>');
    expect(text(html)).toContain('Had changed in the copy since it was made: 2 files');
  });

  it('nothing changed, or git could not tell: said so', () => {
    const Result = viewFor('ExitWorktree').Result;
    expect(text(render(<Result call={call({ ...kept, diff: { stat: '', files: [] } })} progress={undefined} />))).toContain('Nothing was changed in the copy.');
    expect(text(render(<Result call={call({ ...kept, diff: null })} progress={undefined} />))).toContain('What changed in the copy could not be read.');
  });

  it('before it ran, and when it was refused, the title and the facts say what it would do', () => {
    const view = viewFor('ExitWorktree');
    const asked = call(undefined, { state: 'awaiting_permission', input: { action: 'remove', discard_changes: true } });
    expect(text(render(<view.Use call={asked} progress={undefined} />))).toBe('Delete the copy and its branch, even with work in it');
    expect(text(render(<view.Use call={call(kept)} progress={undefined} />))).toBe('Keep the copy and its branch, to come back to later');
    expect(view.title(call(undefined, { state: 'awaiting_permission', input: { action: 'remove', discard_changes: true } }))).toBe('Leave and delete the separate copy of the project');
    expect(view.title(call(undefined, { state: 'failed', input: { action: 'keep' } }))).toBe('Leave the separate copy of the project');
  });
});
