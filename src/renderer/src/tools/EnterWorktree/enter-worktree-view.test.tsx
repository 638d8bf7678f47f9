// EnterWorktree's card as static markup (issue 19): asked for by name, then where the assistant works,
// on which branch, and that the project folder is left as it is; entered again; a failure in its words.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { ToolCallCardView } from '../../transcript/ToolCallCard';
import { viewFor } from '../registry';
import { ViewEnvContext } from '../view-env';

const render = (node: ReactNode) => renderToStaticMarkup(<ViewEnvContext.Provider value={{ projectDir: '/p' }}>{node}</ViewEnvContext.Provider>);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
const WT = '/p/.claude/worktrees/fix-login';
const call = (over: Partial<ToolCallView> = {}): ToolCallView => ({
  id: 'c1',
  name: 'EnterWorktree',
  userFacingName: 'Worktree',
  messageId: 'm1',
  input: { name: 'fix-login' },
  state: 'succeeded',
  result: { text: 'Created worktree…', isError: false, data: { worktreePath: WT, worktreeBranch: 'worktree-fix-login', message: 'Created worktree…' } },
  ...over,
});

describe('EnterWorktree card (issue 19)', () => {
  it('before it ran: what it will do, and the name asked for', () => {
    const view = viewFor('EnterWorktree');
    const pending = call({ state: 'running', result: undefined });
    expect(view.title(pending)).toBe('Make a separate copy of the project to work in');
    expect(text(render(<view.Use call={pending} progress={undefined} />))).toBe('Named “fix-login”');
  });

  it('done: the branch in the title, the folder, and that the project folder is left as it is', () => {
    const view = viewFor('EnterWorktree');
    expect(view.title(call())).toBe('Working in a separate copy of the project on the branch worktree-fix-login');
    const html = render(<ToolCallCardView call={call()} progress={undefined} />);
    expect(text(html)).toContain(`Folder ${WT}`);
    const result = text(render(<view.Result call={call()} progress={undefined} />));
    expect(result).toContain('From now on the assistant runs commands and edits files in this copy, on the branch worktree-fix-login. Your project folder is left as it is');
  });

  it('entered again, leaving another copy as it was', () => {
    const again = call({ result: { text: '', isError: false, data: { worktreePath: WT, worktreeBranch: 'worktree-fix-login', resumed: true, left: { path: '/p/.claude/worktrees/other' }, message: '' } } });
    const view = viewFor('EnterWorktree');
    expect(view.title(again)).toBe('Back in its separate copy of the project on the branch worktree-fix-login');
    expect(text(render(<view.Result call={again} progress={undefined} />))).toContain('The copy it worked in before (/p/.claude/worktrees/other) is kept as it was.');
  });

  it('a failure (not a git repository) shows the message the model got', () => {
    const failed = call({ state: 'failed', result: { text: 'Not in a git repository: /p. A worktree is a second checkout…', isError: true } });
    expect(viewFor('EnterWorktree').title(failed)).toBe('Make a separate copy of the project to work in');
    expect(text(render(<ToolCallCardView call={failed} progress={undefined} />))).toContain('Not in a git repository: /p.');
  });
});
