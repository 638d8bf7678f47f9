// A session's working folder as a port tools move (issue 19, worktrees): Bash's cwd, the working
// directories permission rules trust, the event the header listens to; back to the project folder.
import { describe, expect, it } from 'vitest';
import type { SessionEventBody } from '../event-body';
import { createWorkingFolderState } from './working-folder';

describe('working folder', () => {
  it('a move makes the folder the cwd and the first working directory in place of the project, and is told', () => {
    const state = { cwd: '/p/sub' };
    const events: SessionEventBody[] = [];
    const wf = createWorkingFolderState({ projectDir: '/p', state, publish: (e) => events.push(e) });
    expect(wf.port.get()).toBeNull();
    expect(wf.workingDirectories(['/extra', '/p'])).toEqual(['/p', '/extra']);

    wf.port.move({ path: '/p/.claude/worktrees/x', branch: 'worktree-x', since: 'abc123' });
    expect(state.cwd).toBe('/p/.claude/worktrees/x');
    expect(wf.port.get()).toEqual({ path: '/p/.claude/worktrees/x', branch: 'worktree-x', since: 'abc123' });
    // The project folder is no longer trusted by position: only what settings name besides it.
    expect(wf.workingDirectories(['/extra'])).toEqual(['/p/.claude/worktrees/x', '/extra']);
    expect(events).toEqual([{ type: 'working_folder', folder: { path: '/p/.claude/worktrees/x', branch: 'worktree-x', since: 'abc123' } }]);

    wf.port.move(null);
    expect(state.cwd).toBe('/p');
    expect(wf.workingDirectories([])).toEqual(['/p']);
    expect(events.at(-1)).toEqual({ type: 'working_folder', folder: null });
  });

  it('moving to the project folder itself is being back home', () => {
    const state = { cwd: '/p' };
    const wf = createWorkingFolderState({ projectDir: '/p', state, publish: () => {} });
    wf.port.move({ path: '/p' });
    expect(wf.port.get()).toBeNull();
  });
});
