// The task list in the to-do panel (issue 18 items 3, 4) in Chromium over the real web host: the
// scripted model plans with TaskCreate, starts and finishes steps with TaskUpdate, makes one wait for
// another, and starts a command in the background; the panel follows each change ("2 of 4 done", the
// current step in its -ing words, the waiting step marked), lists the background command with Stop,
// and shows the same list after the page is reloaded. Selected by role and name; axe finds nothing.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { ask, say, useTool } from './tool-helpers';

const create = (subject: string, activeForm: string) => useTool('TaskCreate', { subject, description: `${subject}, carefully`, activeForm });
const update = (taskId: string, more: Record<string, unknown>) => useTool('TaskUpdate', { taskId, ...more });

const ui = (page: Page) => ({
  button: page.getByRole('button', { name: /^To-do list/ }),
  pane: page.getByRole('region', { name: 'To-do list' }),
  steps: () => page.getByRole('region', { name: 'To-do list' }).getByRole('list', { name: 'Steps' }).getByRole('listitem'),
  background: () => page.getByRole('region', { name: 'To-do list' }).getByRole('list', { name: 'Background work' }).getByRole('listitem'),
  dialog: page.getByRole('dialog', { name: 'Allow Agent Desk to run a command?' }),
  transcript: page.getByRole('log', { name: 'Transcript' }),
});

test('the to-do panel follows the task list as the model works, with its background work, and comes back with the conversation', async ({ page, webApp }) => {
  webApp.fake.push(
    {
      content: [
        { type: 'text', text: 'Here is my plan.' },
        create('Read the failing test', 'Reading the failing test'),
        create('Fix the date parser', 'Fixing the date parser'),
        create('Run the tests', 'Running the tests'),
        create('Update the changelog', 'Updating the changelog'),
      ],
    },
    { content: [update('1', { status: 'in_progress' }), update('4', { addBlockedBy: ['3'] })] },
    { content: [update('1', { status: 'completed' }), update('2', { status: 'completed' }), update('3', { status: 'in_progress' })] },
    // A watcher in the background, then a command that waits for approval, which holds the turn still while the panel is checked.
    { content: [useTool('Bash', { command: 'sleep 600', description: 'Keep a watcher running', run_in_background: true })] },
    { content: [useTool('Bash', { command: 'touch tests-ran && echo all 12 tests pass', description: 'Run the tests' })] },
    { content: [update('3', { status: 'completed' }), update('4', { status: 'in_progress' })] },
    { content: [update('4', { status: 'completed' }), useTool('TaskList', {})] },
    say('Fixed: the date parser now reads two-digit years.'),
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(webApp.url);
  const u = ui(page);

  await u.button.click();
  await expect(u.pane).toContainText('No to-do list in this conversation yet.');
  await ask(page, 'The date parser fails on two-digit years. Please fix it.');

  // The watcher (a read-only command) starts at once; the test command waits for approval.
  await expect(u.dialog).toBeVisible();
  await expect(u.dialog).toContainText('Run the tests');

  await expect(u.pane.getByRole('status')).toHaveText('2 of 4 done');
  await expect(u.button).toHaveAccessibleName('To-do list: 2 of 4 done');
  await expect(u.steps()).toHaveCount(4);
  const current = u.pane.locator('[aria-current="step"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText('Working on it: #3 Running the tests');
  await expect(u.steps().nth(0)).toHaveText('Done: #1 Read the failing test');
  await expect(u.steps().nth(3)).toHaveText('Waiting: #4 Update the changelogWaits for #3 Run the tests');
  await expect(u.pane).toContainText('Now Running the tests');
  await expect(u.background()).toHaveCount(1);
  await expect(u.background().first()).toContainText('Keep a watcher running');
  await expect(u.background().first()).toContainText('Running');
  await expect(u.pane.getByRole('button', { name: 'Stop Keep a watcher running' })).toBeVisible();
  // The transcript: one line per run of list changes.
  await expect(u.transcript).toContainText('Updated the to-do list: added #1 Read the failing test, added #2 Fix the date parser, added #3 Run the tests');
  const axe = await new AxeBuilder({ page }).include('#todos-pane').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.screenshot({ path: screenshotPath('task-list-working') });

  // Stop the watcher from the panel, by keyboard.
  await u.pane.getByRole('button', { name: 'Stop Keep a watcher running' }).focus();
  await page.keyboard.press('Enter');
  await expect(u.background().first()).toContainText('Stopped');
  await expect(u.pane.getByRole('button', { name: 'Stop Keep a watcher running' })).toHaveCount(0);

  await u.dialog.getByRole('button', { name: 'Allow once' }).click();
  await expect(u.transcript).toContainText('Fixed: the date parser now reads two-digit years.');
  await expect(u.pane.getByRole('status')).toHaveText('4 of 4 done');
  await expect(current).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('task-list-done') });

  // What the model read from TaskList: Claude Code's lines, then the background command it can still read.
  const lastList = JSON.stringify(webApp.fake.requests.at(-1)!.body.messages.at(-1));
  expect(lastList).toContain('#1 [completed] Read the failing test\\n#2 [completed] Fix the date parser\\n#3 [completed] Run the tests\\n#4 [completed] Update the changelog');
  expect(lastList).toMatch(/bash_[0-9a-f]{8} \[killed, stopped before it finished\] shell: sleep 600 \(Keep a watcher running\)/);

  // Reopened: the list comes back from the conversation's own file.
  await page.reload();
  await page.getByRole('list', { name: 'Sessions' }).getByRole('button').first().click();
  await expect(u.transcript).toContainText('Fixed: the date parser now reads two-digit years.');
  await expect(u.button).toHaveAccessibleName('To-do list: 4 of 4 done');
  await u.button.click();
  await expect(u.pane.getByRole('status')).toHaveText('4 of 4 done');
  await expect(u.steps()).toHaveCount(4);
});
