// The to-do panel (issue 19, TL) in Chromium over the real web host: the scripted model writes a list
// of seven steps, works on them — a command it runs waits for approval, which holds the turn still
// while the panel is checked — and ticks them off; the panel follows each update ("3 of 7 done", the
// current step highlighted in its "-ing" words) and shows the same list after the page is reloaded.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { ask, say, useTool } from './tool-helpers';

const STEPS = [
  ['Read the failing test', 'Reading the failing test'],
  ['Find the cause', 'Finding the cause'],
  ['Fix the date parser', 'Fixing the date parser'],
  ['Run the tests', 'Running the tests'],
  ['Update the changelog', 'Updating the changelog'],
  ['Check the formatting', 'Checking the formatting'],
  ['Write a summary', 'Writing a summary'],
] as const;

/** The seven steps with the first `done` completed and the next one in progress. */
const todosAt = (done: number) => ({
  todos: STEPS.map(([content, activeForm], i) => ({ content, activeForm, status: i < done ? 'completed' : i === done ? 'in_progress' : 'pending' })),
});

// TodoWrite is the to-do tool of conversations that keep Claude Code's older list (CLAUDE_CODE_ENABLE_TASKS=0);
// the Task tools' list in the same panel is web-task-list.spec.ts's.
test.use({ webOptions: { apiKey: 'test-key', env: { CLAUDE_CODE_ENABLE_TASKS: '0' } } });

const ui = (page: Page) => ({
  button: page.getByRole('button', { name: /^To-do list/ }),
  pane: page.getByRole('region', { name: 'To-do list' }),
  steps: (pane: Locator) => pane.getByRole('list', { name: 'Steps' }).getByRole('listitem'),
  dialog: page.getByRole('dialog', { name: 'Allow Agent Desk to run a command?' }),
  transcript: page.getByRole('log', { name: 'Transcript' }),
});

test('TL the to-do panel follows the model as it works, and comes back with the conversation', async ({ page, webApp }) => {
  webApp.fake.push(
    { content: [{ type: 'text', text: 'Here is my plan.' }, useTool('TodoWrite', todosAt(0))] },
    { content: [useTool('TodoWrite', todosAt(3)), useTool('Bash', { command: 'touch tests-ran && echo all 12 tests pass', description: 'Run the tests' })] },
    { content: [useTool('TodoWrite', todosAt(7))] },
    say('Fixed: the date parser now reads two-digit years.'),
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(webApp.url);
  const u = ui(page);

  // Opened before there is a list: it says what it is for.
  await u.button.click();
  await expect(u.button).toHaveAttribute('aria-expanded', 'true');
  await expect(u.pane).toContainText('No to-do list in this conversation yet.');

  await ask(page, 'The date parser fails on two-digit years. Please fix it.');

  // The command waits for approval: the turn is held with three steps done and the fourth under way.
  await expect(u.dialog).toBeVisible();
  await expect(u.pane.getByRole('status')).toHaveText('3 of 7 done');
  await expect(u.button).toHaveAccessibleName('To-do list: 3 of 7 done');
  const steps = u.steps(u.pane);
  await expect(steps).toHaveCount(7);
  const current = u.pane.locator('[aria-current="step"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText('Working on it: Running the tests');
  await expect(steps.nth(0)).toHaveText('Done: Read the failing test');
  await expect(steps.nth(6)).toHaveText('To do: Write a summary');
  await expect(u.pane).toContainText('Now Running the tests');
  await expect(u.pane.getByRole('progressbar', { name: 'Progress: 3 of 7 done' })).toBeVisible();
  // The cards in the conversation stay one line each.
  await expect(u.transcript.getByRole('article', { name: /^Updated the to-do list · 0 of 7 done/ })).toBeVisible();
  await expect(u.transcript.getByRole('article', { name: /^Updated the to-do list · 3 of 7 done/ })).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('#todos-pane').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.screenshot({ path: screenshotPath('todos-working') });

  await u.dialog.getByRole('button', { name: 'Allow once' }).click();
  await expect(u.transcript).toContainText('Fixed: the date parser now reads two-digit years.');
  await expect(u.pane.getByRole('status')).toHaveText('7 of 7 done');
  await expect(current).toHaveCount(0);
  await expect(u.pane).not.toContainText('Now ');
  await page.screenshot({ path: screenshotPath('todos-done') });

  // Reopened: the list is rebuilt from the conversation's last update.
  await page.reload();
  await page.getByRole('list', { name: 'Sessions' }).getByRole('button').first().click();
  await expect(u.transcript).toContainText('Fixed: the date parser now reads two-digit years.');
  await expect(u.button).toHaveAccessibleName('To-do list: 7 of 7 done');
  await u.button.click();
  await expect(u.pane.getByRole('status')).toHaveText('7 of 7 done');
  await expect(u.steps(u.pane)).toHaveCount(7);

  // Another pane takes the column; closing it brings the to-do list back.
  await page.getByRole('button', { name: /^Changes/ }).click();
  await expect(u.pane).toHaveCount(0);
  await expect(u.button).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('button', { name: /^Changes/ }).click();
  await expect(page.getByRole('region', { name: 'Changes' })).toHaveCount(0);
  await expect(u.pane).toBeVisible();
  await u.pane.getByRole('button', { name: 'Close to-do list' }).click();
  await expect(u.pane).toHaveCount(0);
});
