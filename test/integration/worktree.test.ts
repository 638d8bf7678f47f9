// Issue 19 (worktrees) through the whole app, real engine and git, fake model: EnterWorktree (loaded
// through ToolSearch) moves the session into .claude/worktrees/<name> — Bash runs there, the model is
// told, edits there need no approval in acceptEdits while the main checkout is outside the working
// folder — and ExitWorktree reports the diff and brings it back; the main checkout is never touched.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../src/shared/session-events';
import { createHarness, resultFor, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

const gitIn = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
function initRepo(dir: string): void {
  gitIn(dir, 'init', '-q', '-b', 'main');
  writeFileSync(path.join(dir, 'README.md'), 'hello\n');
  gitIn(dir, 'add', '.');
  gitIn(dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'first');
}

type Req = Extract<SessionEvent, { type: 'permission_request' }>;

describe('worktrees in the app (issue 19)', () => {
  it('issue 19 enter, work there, exit with the diff: the main checkout stays as it was', async () => {
    initRepo(h.projectDir);
    const root = path.join(h.projectDir, '.claude', 'worktrees', 'fix-readme');
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_ts', name: 'ToolSearch', input: { query: 'select:EnterWorktree,ExitWorktree' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_in', name: 'EnterWorktree', input: { name: 'fix-readme' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_pwd', name: 'Bash', input: { command: 'pwd && git branch --show-current' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: path.join(root, 'NOTES.md'), content: 'a note\n' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_main', name: 'Write', input: { file_path: path.join(h.projectDir, 'MAIN.md'), content: 'not here\n' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_out', name: 'ExitWorktree', input: { action: 'keep' } }] },
      { content: [{ type: 'text', text: 'Done.' }] },
    );
    const engine = await h.engine({ allowedTools: ['Bash(pwd *)'], permissionMode: 'acceptEdits' });
    const session = await engine.sessions.createSession(h.projectDir);
    const { done } = session.start('work in a worktree called fix-readme');

    // The Write to the main checkout is outside the working folder now: it asks; deny it.
    const req = (await h.waitFor((ev) => ev.type === 'permission_request')) as Req;
    expect(req.request).toMatchObject({ toolName: 'Write', input: { file_path: path.join(h.projectDir, 'MAIN.md') } });
    expect((await engine.sessions.open(h.projectDir, session.id)).workingFolder).toMatchObject({ path: root, branch: 'worktree-fix-readme' });
    await engine.sessions.replyPermission(h.projectDir, { requestId: req.request.requestId, decision: 'deny' });
    expect((await done).ok).toBe(true);

    const body = (i: number) => h.server.requests[i]!.body;
    expect(resultFor(body(2), 'toolu_in')!.content).toBe(`Created worktree at ${root} on branch worktree-fix-readme. The session is now working in the worktree. Use ExitWorktree to leave mid-session.`);
    expect(JSON.stringify(body(2).system)).toContain(`You are working in a git worktree on branch worktree-fix-readme: ${root}.`);
    expect(resultFor(body(3), 'toolu_pwd')!.content).toContain(`${root}\nworktree-fix-readme`);
    expect(resultFor(body(4), 'toolu_w')!.is_error).toBeFalsy();
    expect(h.events.filter((ev) => ev.type === 'permission_request')).toHaveLength(1);
    const out = resultFor(body(6), 'toolu_out')!.content;
    expect(out).toMatch(new RegExp(`^Exited worktree\\. Your work is preserved at .*fix-readme on branch worktree-fix-readme\\. Session is now back in ${h.projectDir.replace(/[.]/g, '\\.')}\\.`));
    expect(out).toContain('Changes in the worktree since it began (git diff --stat):\n NOTES.md | 1 +\n 1 file changed, 1 insertion(+)');
    expect(JSON.stringify(body(6).system)).not.toContain('You are working in a git worktree');

    expect(h.events.filter((ev) => ev.type === 'working_folder').map((ev) => (ev as { folder: unknown }).folder)).toEqual([expect.objectContaining({ path: root }), null]);
    expect((await engine.sessions.open(h.projectDir, session.id)).workingFolder).toBeNull();
    expect(readFileSync(path.join(root, 'NOTES.md'), 'utf8')).toBe('a note\n');
    expect(readFileSync(path.join(h.projectDir, 'README.md'), 'utf8')).toBe('hello\n');
    expect(existsSync(path.join(h.projectDir, 'NOTES.md'))).toBe(false);
    expect(existsSync(path.join(h.projectDir, 'MAIN.md'))).toBe(false);
    expect(gitIn(h.projectDir, 'status', '--porcelain')).toBe('');
  });

  it('issue 19 removing a worktree with work: refused until discard_changes, then the person is asked what is lost', async () => {
    initRepo(h.projectDir);
    const root = path.join(h.projectDir, '.claude', 'worktrees', 'spike');
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_in', name: 'EnterWorktree', input: { name: 'spike' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: path.join(root, 'try.txt'), content: 'x\n' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_rm', name: 'ExitWorktree', input: { action: 'remove' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_rm2', name: 'ExitWorktree', input: { action: 'remove', discard_changes: true } }] },
      { content: [{ type: 'text', text: 'Removed.' }] },
    );
    const engine = await h.engine({ permissionMode: 'acceptEdits' });
    const session = await engine.sessions.createSession(h.projectDir);
    const { done } = session.start('try something in a worktree, then throw it away');
    const req = (await h.waitFor((ev) => ev.type === 'permission_request')) as Req;
    expect(req.request.toolName).toBe('ExitWorktree');
    expect(req.request.destructive).toBe(true);
    // What is lost is in the request's facts; "Why am I asked?" says what kind of action asks and the rule that stops it.
    expect(req.request.described?.details).toContainEqual({ label: 'Work that will be lost', value: '1 uncommitted file' });
    expect(req.request.explanation?.text).toBe('Deleting a separate copy of the project that holds work always asks first. To let the assistant do it without asking, allow `ExitWorktree` in the rules.');
    expect(existsSync(root)).toBe(true);
    await engine.sessions.replyPermission(h.projectDir, { requestId: req.request.requestId, decision: 'allow_once' });
    expect((await done).ok).toBe(true);
    expect(resultFor(h.server.requests[3]!.body, 'toolu_rm')).toMatchObject({ is_error: true, content: expect.stringContaining('Worktree has 1 uncommitted file. Removing will discard this work permanently.') });
    expect(resultFor(h.server.requests[4]!.body, 'toolu_rm2')!.content).toMatch(/^Exited and removed worktree at .*spike\. Discarded 1 uncommitted file\. Session is now back in /);
    expect(existsSync(root)).toBe(false);
    expect(gitIn(h.projectDir, 'branch', '--list', 'worktree-spike')).toBe('');
  });

  it('issue 19 outside a git repository EnterWorktree is a clear error and the session stays where it was', async () => {
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_in', name: 'EnterWorktree', input: {} }] }, { content: [{ type: 'text', text: 'ok' }] });
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    await session.start('use a worktree').done;
    expect(resultFor(h.server.requests[1]!.body, 'toolu_in')).toMatchObject({ is_error: true, content: expect.stringContaining(`Not in a git repository: ${h.projectDir}.`) });
    expect(h.events.some((ev) => ev.type === 'working_folder' || ev.type === 'permission_request')).toBe(false);
    expect(existsSync(path.join(h.projectDir, '.claude'))).toBe(false);
  });

  it('issue 19 the worktree survives a restart: a reopened conversation is back in it, on its branch; removed meanwhile, it is back in the project folder, told', async () => {
    initRepo(h.projectDir);
    const root = path.join(h.projectDir, '.claude', 'worktrees', 'later');
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_in', name: 'EnterWorktree', input: { name: 'later' } }] }, { content: [{ type: 'text', text: 'In.' }] });
    const first = await h.engine();
    const session = await first.sessions.createSession(h.projectDir);
    expect((await session.start('work in a worktree').done).ok).toBe(true);
    await first.dispose();

    // Restarted: back in the worktree, the branch for the header, and commands run there.
    const second = await h.engine({ allowedTools: ['Bash(pwd)'] });
    const opened = await second.sessions.open(h.projectDir, session.id);
    expect(opened.workingFolder).toEqual({ path: root, branch: 'worktree-later', since: gitIn(h.projectDir, 'rev-parse', 'HEAD') });
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_pwd', name: 'Bash', input: { command: 'pwd' } }] }, { content: [{ type: 'text', text: 'ok' }] });
    const resumed = await second.sessions.get(h.projectDir, session.id);
    expect((await resumed.start('where are you?').done).ok).toBe(true);
    const last = h.server.requests.at(-1)!.body;
    expect(resultFor(last, 'toolu_pwd')!.content).toContain(root);
    expect(JSON.stringify(last.system)).toContain(`You are working in a git worktree on branch worktree-later: ${root}.`);
    await second.dispose();

    // The worktree removed while the app was closed: the project folder again, with a notice.
    gitIn(h.projectDir, 'worktree', 'remove', '--force', root);
    const third = await h.engine();
    expect((await third.sessions.open(h.projectDir, session.id)).workingFolder).toBeNull();
    expect(h.notices.some((n) => n.includes(`The separate copy of the project this conversation worked in (${root} on the branch worktree-later) is no longer there`))).toBe(true);
    // The model is told too, before the next prompt (its earlier turns name paths in the worktree).
    h.server.push({ content: [{ type: 'text', text: 'Back in the project.' }] });
    expect((await (await third.sessions.get(h.projectDir, session.id)).start('carry on').done).ok).toBe(true);
    const told = JSON.stringify(h.server.requests.at(-1)!.body.messages);
    expect(told).toContain(`The git worktree this conversation worked in (${root} on the branch worktree-later) no longer exists.`);
    expect(told.indexOf('no longer exists')).toBeLessThan(told.indexOf('carry on'));
    await third.dispose();
    // Said once: the next reopening finds the project folder on disk and says nothing more.
    const before = h.notices.length;
    const fourth = await h.engine();
    expect((await fourth.sessions.open(h.projectDir, session.id)).workingFolder).toBeNull();
    expect(h.notices.length).toBe(before);
  });
});
