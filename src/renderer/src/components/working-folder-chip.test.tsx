// Issue 19 (worktrees): the header names the branch the open conversation works on when a tool moved
// it into a worktree — from session:open (reopened) and from the live event; nothing in the project folder.
import { describe, expect, it } from 'vitest';
import type { AppInit } from '../../../shared/ipc/contract';
import type { WorkingFolder } from '../../../shared/working-folder';
import { createStores } from '../stores/create-stores';
import { createFakeBridge } from '../testing/fake-bridge';
import { renderLive } from '../testing/render-live';
import { WorkingFolderChip, workingFolderWords } from './WorkingFolderChip';

const init: AppInit = { host: 'web', version: '0.1.0', project: { dir: '/p', name: 'p' }, auth: { configured: true, source: 'env:ANTHROPIC_API_KEY', canStoreKey: false }, model: 'claude-sonnet-4-5', recentProjects: [] };
const WT = { path: '/p/.claude/worktrees/fix-login', branch: 'worktree-fix-login' };

async function setUp(opened: WorkingFolder | null) {
  const bridge = createFakeBridge();
  bridge.handle('app:init', () => init);
  bridge.handle('session:list', () => ({ sessions: [] }));
  bridge.handle('permission:pending', () => ({ requests: [] }));
  bridge.handle('session:open', ({ sessionId }) => ({
    session: { id: sessionId, projectDir: '/p', title: 't', createdAt: 1, updatedAt: 1, messageCount: 0 },
    messages: [],
    status: 'idle' as const,
    workingFolder: opened,
  }));
  const stores = createStores(bridge, { schedule: () => () => {} });
  await stores.start();
  await stores.sessions.getState().open('s1');
  const render = () => renderLive(stores, <WorkingFolderChip />);
  return { stores, render };
}

describe('WorkingFolderChip (issue 19, worktrees)', () => {
  it('a reopened conversation in a worktree shows its branch, with what that means as its name', async () => {
    const { render } = await setUp(WT);
    const html = render();
    expect(html).toContain('worktree-fix-login');
    expect(html).toContain('role="status"');
    expect(workingFolderWords(WT)).toBe('This conversation works on the branch worktree-fix-login, in a separate copy of the project: /p/.claude/worktrees/fix-login. The project folder itself is left as it was.');
  });

  it('appears with the live event and goes when the conversation is back in the project folder', async () => {
    const { stores, render } = await setUp(null);
    expect(render()).toBe('');
    stores.tools.getState().handleEvent({ sessionId: 's1', type: 'working_folder', folder: WT });
    expect(render()).toContain('worktree-fix-login');
    stores.tools.getState().handleEvent({ sessionId: 's1', type: 'working_folder', folder: null });
    expect(render()).toBe('');
  });

  it("another conversation's worktree is not shown for this one", async () => {
    const { stores, render } = await setUp(null);
    stores.tools.getState().handleEvent({ sessionId: 'other', type: 'working_folder', folder: WT });
    expect(render()).toBe('');
  });
});
