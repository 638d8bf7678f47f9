// End-to-end background tasks in Chromium (issue 18 items 5–6, DK3): the new-task dialog of the browser
// host starts a task that a detached worker runs with no window; its request lands in the approval
// inbox with its origin ("Background task “nightly deps” in …"); answered there, the task goes on and
// finishes, and the pane shows its progress. A task started from the command line asks in the same inbox.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { resultText, say, toolResults, useTool } from './tool-helpers';

const CLI = path.resolve(__dirname, '..', 'out', 'main', 'cli.js');

const ui = (page: Page) => ({
  tasksButton: page.getByRole('button', { name: /^Background tasks/ }),
  pane: page.getByRole('region', { name: 'Background tasks' }),
  dialog: page.getByRole('dialog', { name: 'New background task' }),
  inbox: page.getByRole('dialog', { name: 'Approvals waiting' }),
  inboxButton: (waiting: number) => page.getByRole('button', { name: waiting > 0 ? `Approvals, ${waiting} waiting` : 'No approvals waiting' }),
});

test.describe('background tasks in Chromium', () => {
  test('DK3: the new-task dialog starts a task; its approval waits in the inbox with its origin; answered there, it finishes', async ({ page, webApp }) => {
    const u = ui(page);
    webApp.fake.push(
      { content: [{ type: 'text', text: 'I will note the date.' }, useTool('Bash', { command: 'date > checked-by-task.txt' })] },
      say('Checked: the dependencies are up to date.'),
    );
    await page.goto(webApp.url);
    await u.tasksButton.click();
    await expect(u.pane).toBeVisible();
    await expect(u.pane).toContainText('No background tasks in this project yet.');
    await u.pane.getByRole('button', { name: 'New background task…' }).click();
    await expect(u.dialog).toBeVisible();
    await expect(u.dialog.getByRole('combobox', { name: 'Project' })).toHaveValue(webApp.projectDir);
    await u.dialog.getByRole('textbox', { name: 'What should it do?' }).fill('Check that the dependencies are up to date.');
    await u.dialog.getByRole('textbox', { name: 'Name (optional)' }).fill('nightly deps');
    await expect(u.dialog.getByRole('radio', { name: /Ask before changing anything/ })).toBeChecked();
    await u.dialog.getByRole('spinbutton', { name: 'Budget in US dollars (optional)' }).fill('2');
    await page.screenshot({ path: screenshotPath('background-new-task-dialog') });

    // An empty prompt is refused in words, nothing starts.
    await u.dialog.getByRole('textbox', { name: 'What should it do?' }).fill('  ');
    await u.dialog.getByRole('button', { name: 'Start task' }).click();
    await expect(u.dialog.getByRole('alert')).toHaveText('Type what the task should do, or choose a saved task.');
    await u.dialog.getByRole('textbox', { name: 'What should it do?' }).fill('Check that the dependencies are up to date.');
    await u.dialog.getByRole('button', { name: 'Start task' }).click();
    await expect(u.dialog).toHaveCount(0);

    // The task runs in its own process; its request reaches this window's inbox, saying who asks.
    const task = u.pane.getByRole('listitem').filter({ hasText: 'nightly deps' });
    await expect(task).toContainText('Needs your approval (1)', { timeout: 20_000 });
    // What it has used of its budget, in words and as a meter (item 5).
    await expect(task).toContainText(/\$0\.\d\d of its \$2\.00 budget used \(\d+ %\)/);
    await expect(task.getByRole('meter', { name: 'Budget used by nightly deps' })).toHaveAttribute('aria-valuenow', /^\d+$/);
    await expect(u.inboxButton(1)).toBeVisible();
    await page.screenshot({ path: screenshotPath('background-pane-needs-approval') });
    await task.getByRole('button', { name: 'Review the approval of nightly deps' }).click();
    const modal = page.getByRole('dialog', { name: /^Allow Agent Desk to / });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('From the background task “nightly deps”');
    await modal.getByRole('button', { name: 'Back to the inbox' }).click();
    await expect(modal).toHaveCount(0);
    await u.inboxButton(1).click();
    await expect(u.inbox).toBeVisible();
    const group = u.inbox.getByRole('region').filter({ hasText: 'Background task “nightly deps” in ' });
    await expect(group).toBeVisible();
    await expect(group).toContainText(`Background task “nightly deps” in ${webApp.projectDir}`);
    await expect(group).toContainText('date > checked-by-task.txt');
    await expect(group).toContainText(/denied in \d+ minutes? if you do not answer|if you do not answer/);
    await page.screenshot({ path: screenshotPath('background-inbox-task-approval') });

    await group.getByRole('button', { name: 'Allow once' }).click();
    await expect(u.inboxButton(0)).toBeVisible({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Close approvals' }).click();
    await expect(task).toContainText('Finished', { timeout: 20_000 });
    await expect(task).toContainText('Checked: the dependencies are up to date.');
    await expect(task).toContainText('2 turns');
    // Its cost: the fake model's two calls at its price, and that share of the budget.
    await expect(task).toContainText(/tokens · \$0\.0[1-9]/);
    await expect(task).toContainText(/\$0\.0[1-9] of its \$2\.00 budget used \([1-9] %\)/);
    await page.screenshot({ path: screenshotPath('background-pane-finished') });
    // Its conversation is one of the project's, listed and opened like any other.
    await expect(page.getByRole('list', { name: 'Sessions' })).toContainText('Check that the dependencies are up to date.');
    await task.getByRole('button', { name: 'Show the conversation of nightly deps' }).click();
    await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Checked: the dependencies are up to date.');
    expect(existsSync(path.join(webApp.projectDir, 'checked-by-task.txt'))).toBe(true);
    const [, second] = await webApp.fake.waitForRequests(2);
    expect(toolResults(second!).map(resultText).join('')).not.toMatch(/not granted|denied/);
  });

  test('issue 18 item 6: a task started from the command line asks in the open window’s inbox; Deny reaches the task', async ({ page, webApp }) => {
    const u = ui(page);
    webApp.fake.push({ content: [useTool('Bash', { command: 'rm -rf build' })] }, say('It was not allowed, so I left the build folder alone.'));
    await page.goto(webApp.url);
    await expect(u.inboxButton(0)).toBeVisible();
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, 'task', 'start', '--cwd', webApp.projectDir, '--name', 'cleanup', 'Remove the build folder'], {
        env: { ...process.env, AGENT_DESK_HOME: webApp.dataDir, ANTHROPIC_BASE_URL: webApp.fake.url, ANTHROPIC_API_KEY: 'test-key' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.stderr.on('data', (d) => (text += d));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`task start exited ${code}: ${text}`))));
    });
    expect(out).toContain('Started background task');
    await expect(u.inboxButton(1)).toBeVisible({ timeout: 20_000 });
    await u.inboxButton(1).click();
    const group = u.inbox.getByRole('region').filter({ hasText: 'Background task “cleanup”' });
    await expect(group).toContainText('rm -rf build');
    await group.getByRole('button', { name: 'Deny' }).click();
    await expect(u.inboxButton(0)).toBeVisible({ timeout: 10_000 });
    const [, second] = await webApp.fake.waitForRequests(2);
    const denied = toolResults(second!)[0]!;
    expect(denied.is_error).toBe(true);
    await page.getByRole('button', { name: 'Close approvals' }).click();
    await u.tasksButton.click();
    await expect(u.pane.getByRole('listitem').filter({ hasText: 'cleanup' })).toContainText('Finished', { timeout: 20_000 });
  });

  test('issue 18 item 4: a saved task is edited and deleted from the dialog; Agent Desk’s other settings stay', async ({ page, webApp }) => {
    const u = ui(page);
    const settings = path.join(webApp.dataDir, 'settings.json');
    writeFileSync(settings, JSON.stringify({ model: 'claude-sonnet-5', savedTasks: [{ name: 'nightly deps', prompt: 'Update the dependencies.', budgetUsd: 2 }, { name: 'lint', prompt: 'Run the linter.' }] }));
    await page.goto(webApp.url);
    await u.tasksButton.click();
    await u.pane.getByRole('button', { name: 'New background task…' }).click();
    const savedChoice = u.dialog.getByRole('combobox', { name: 'Saved task' });
    await savedChoice.selectOption('nightly deps');
    await expect(u.dialog.getByRole('textbox', { name: 'What should it do?' })).toHaveValue('Update the dependencies.');
    await u.dialog.getByRole('textbox', { name: 'What should it do?' }).fill('Update the dependencies and run the tests.');
    await u.dialog.getByRole('textbox', { name: 'Name (optional)' }).fill('nightly deps + tests');
    await u.dialog.getByRole('radio', { name: /Edit files without asking/ }).check();
    await u.dialog.getByRole('button', { name: 'Update saved task' }).click();
    await expect(u.dialog.getByRole('status')).toHaveText('Saved “nightly deps + tests”.');
    await expect(savedChoice).toHaveValue('nightly deps + tests');
    await expect(savedChoice.getByRole('option')).toHaveText(['None — describe a new task', 'nightly deps + tests', 'lint']);
    await page.screenshot({ path: screenshotPath('background-saved-task-updated') });

    await savedChoice.selectOption('lint');
    await u.dialog.getByRole('button', { name: 'Delete saved task' }).click();
    const confirm = u.dialog.getByRole('group', { name: 'Delete the saved task' });
    await expect(confirm).toContainText('Delete the saved task “lint”? It cannot be undone');
    await page.screenshot({ path: screenshotPath('background-saved-task-delete') });
    await confirm.getByRole('button', { name: 'Delete “lint”' }).click();
    await expect(savedChoice.getByRole('option')).toHaveText(['None — describe a new task', 'nightly deps + tests']);
    await expect(savedChoice).toHaveValue('');
    expect(JSON.parse(readFileSync(settings, 'utf8'))).toEqual({
      model: 'claude-sonnet-5',
      savedTasks: [{ name: 'nightly deps + tests', prompt: 'Update the dependencies and run the tests.', mode: 'acceptEdits', budgetUsd: 2 }],
    });
  });
});
