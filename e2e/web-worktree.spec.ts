// Issue 19 in Chromium: the assistant moves the conversation into a worktree (EnterWorktree) — the
// header shows the branch it works on — edits a file there while the project folder stays as it was,
// and leaving (ExitWorktree) shows what changed in the copy, file by file; the header says nothing again.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { ask, resultText, say, toolResults, useTool } from './tool-helpers';

const git = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
const README = '# Sample project\n\nUsed by the Agent Desk e2e tests.\n';

/** The project's name in the header shows at least its first 14 characters (the folder and the branch give way first). */
async function nameKeeps14(page: Page): Promise<boolean> {
  // In the page (this file is compiled without the DOM's types): the name's width against its first 14 characters drawn in its font.
  return page.evaluate<boolean>(`(() => {
    const el = document.querySelector('header h1');
    const pen = document.createElement('canvas').getContext('2d');
    pen.font = getComputedStyle(el).font;
    return el.clientWidth >= pen.measureText((el.textContent || '').slice(0, 14)).width;
  })()`);
}

test.describe('worktrees in Chromium (issue 19)', () => {
  test('issue 19 enter: the header shows the branch; an edit there leaves the project untouched; exit shows the diff', async ({ page, webApp }) => {
    const dir = webApp.projectDir;
    await writeFile(path.join(dir, 'README.md'), README);
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '.');
    git(dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'first');
    const root = path.join(dir, '.claude', 'worktrees', 'tidy-readme');
    const copy = path.join(root, 'README.md');
    webApp.fake.push(
      { content: [{ type: 'text', text: 'I will work in a separate copy.' }, useTool('EnterWorktree', { name: 'tidy-readme' })] },
      { content: [useTool('Read', { file_path: copy })] },
      { content: [useTool('Edit', { file_path: copy, old_string: 'Used by the Agent Desk e2e tests.', new_string: 'Used by the Agent Desk end-to-end tests.' })] },
      say('The README in the copy now says end-to-end.'),
      { content: [useTool('ExitWorktree', { action: 'keep' })] },
      say('Back in your project folder; the copy is kept on its branch.'),
    );
    await page.goto(webApp.url);
    await page.getByRole('combobox', { name: 'How the assistant works' }).selectOption({ label: 'Edit files without asking' });
    await ask(page, 'Tidy the README in a worktree called tidy-readme');

    const transcript = page.getByRole('log', { name: 'Transcript' });
    await expect(transcript).toContainText('The README in the copy now says end-to-end.');
    const branch = page.getByRole('status', { name: /^This conversation works on the branch worktree-tidy-readme, in a separate copy of the project/ });
    await expect(branch).toBeVisible();
    await expect(branch).toHaveText('worktree-tidy-readme');
    // At 1280 px the project's name keeps at least 14 characters: the folder and then the branch give way first.
    expect(await nameKeeps14(page)).toBe(true);
    await expect(page.getByRole('article', { name: /Working in a separate copy of the project on the branch worktree-tidy-readme/ })).toBeVisible();
    await page.screenshot({ path: screenshotPath('worktree-entered') });

    // The edit is in the copy; the project folder and its git status are as they were.
    expect(await readFile(copy, 'utf8')).toContain('end-to-end tests');
    expect(await readFile(path.join(dir, 'README.md'), 'utf8')).toBe(README);
    expect(git(dir, 'status', '--porcelain')).toBe('');

    await ask(page, 'Leave the worktree, keep it');
    await expect(transcript).toContainText('Back in your project folder; the copy is kept on its branch.');
    await expect(branch).toBeHidden();
    const card = page.getByRole('article', { name: /Back in the project folder; the separate copy is kept \(branch worktree-tidy-readme\)/ });
    await expect(card).toBeVisible();
    const toggle = card.getByRole('button', { name: 'Show output' });
    if (await toggle.isVisible()) await toggle.click();
    const files = card.getByRole('list', { name: 'Files changed in the separate copy' });
    await expect(files).toContainText('README.md');
    await expect(files.getByLabel('1 line added')).toHaveText('+1');
    await expect(files.getByLabel('1 line removed')).toHaveText('−1');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('worktree-left') });

    const exit = resultText(toolResults(webApp.fake.requests.at(-1)!)[0]!);
    expect(exit).toContain('Changes in the worktree since it began (git diff --stat):\n README.md | 2 +-');
    expect(await readFile(path.join(dir, 'README.md'), 'utf8')).toBe(README);
  });

  test('issue 19 removing the copy with work in it: the approval says what would be lost; allowed, the copy and its branch are gone', async ({ page, webApp }) => {
    const dir = webApp.projectDir;
    await writeFile(path.join(dir, 'README.md'), README);
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '.');
    git(dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'first');
    const root = path.join(dir, '.claude', 'worktrees', 'spike');
    webApp.fake.push(
      { content: [useTool('EnterWorktree', { name: 'spike' })] },
      { content: [useTool('Write', { file_path: path.join(root, 'idea.txt'), content: 'an idea\n' })] },
      { content: [useTool('ExitWorktree', { action: 'remove' })] },
      { content: [{ type: 'text', text: 'You said to throw it away, so I will.' }, useTool('ExitWorktree', { action: 'remove', discard_changes: true })] },
      say('The copy is gone; you are back in your project folder.'),
    );
    await page.goto(webApp.url);
    await page.getByRole('combobox', { name: 'How the assistant works' }).selectOption({ label: 'Edit files without asking' });
    await ask(page, 'Try an idea in a worktree called spike, then throw it away');

    const dialog = page.getByRole('dialog', { name: 'Delete the separate copy of the project, and the work in it?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Delete the copy “worktree-spike” and throw away 1 uncommitted file');
    await expect(dialog.getByRole('definition').filter({ hasText: /^1 uncommitted file$/ })).toBeVisible();
    const why = dialog.getByRole('region', { name: 'Why am I asked?' });
    await expect(why).toContainText('Deleting a separate copy of the project that holds work always asks first. To let the assistant do it without asking, allow ExitWorktree in the rules.');
    await expect(why).not.toContainText('has not been allowed yet');
    await expect(dialog).not.toContainText('Remove the worktree at');
    await expect(dialog.getByRole('note', { name: 'Warning' })).toBeVisible();
    // With an approval waiting (a wider Approvals button) the name still keeps its 14 characters.
    await expect(page.getByRole('status', { name: /^This conversation works on the branch worktree-spike/ })).toBeVisible();
    expect(await nameKeeps14(page)).toBe(true);
    expect(await readFile(path.join(root, 'idea.txt'), 'utf8')).toBe('an idea\n');
    await page.screenshot({ path: screenshotPath('worktree-remove-approval') });

    await dialog.getByRole('button', { name: 'Allow once' }).click();
    await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('The copy is gone; you are back in your project folder.');
    await expect(page.getByRole('status', { name: /^This conversation works on the branch/ })).toBeHidden();
    await expect(page.getByRole('article', { name: /deleted/i }).last()).toBeVisible();
    expect(git(dir, 'branch', '--list', 'worktree-spike')).toBe('');
    expect(git(dir, 'worktree', 'list')).not.toContain('spike');
  });
});
