// End-to-end approval inbox through the real web host in Chromium with the scripted fake model
// (issue 5 item 6, DK4): three Reads of files outside the project wait together; the modal offers
// "Review all 3 in the inbox"; after a reload the inbox still has them, grouped as one "3 reads …",
// and "Allow all 3" runs them. A request of another conversation never pops the modal: it waits in
// the header's count and the window title, and "Deny all" with feedback reaches the model.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { ask, countDialogs, dialogsOpened, resultText, say, toolResults, useTool } from './tool-helpers';

const ui = (page: Page) => ({
  transcript: page.getByRole('log', { name: 'Transcript' }),
  modal: page.getByRole('dialog', { name: /^Allow Agent Desk to / }),
  inbox: page.getByRole('dialog', { name: 'Approvals waiting' }),
  inboxButton: (waiting: number) => page.getByRole('button', { name: waiting > 0 ? `Approvals, ${waiting} waiting` : 'No approvals waiting' }),
});

/** Three small notes in a folder next to (not inside) the project: reading them asks. */
async function notesOutside(): Promise<{ dir: string; files: string[]; texts: string[] }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-e2e-outside-'));
  const texts = ['Buy milk and bread.', 'Call the plumber on Monday.', 'Renew the car insurance.'];
  const files = ['shopping.txt', 'calls.txt', 'car.txt'].map((f) => path.join(dir, f));
  await Promise.all(files.map((f, i) => writeFile(f, `${texts[i]}\n`)));
  return { dir, files, texts };
}

test.describe('approval inbox in Chromium', () => {
  let outside: Awaited<ReturnType<typeof notesOutside>>;
  test.beforeEach(async () => {
    outside = await notesOutside();
  });
  test.afterEach(async () => {
    await rm(outside.dir, { recursive: true, force: true });
  });

  test('issue 5 item 6 DK4: three waiting Reads are one group "3 reads outside the project"; "Allow all 3" runs them all, even after a reload', async ({
    page,
    webApp,
  }) => {
    const u = ui(page);
    webApp.fake.push(
      { content: [{ type: 'text', text: 'I will read your three notes.' }, ...outside.files.map((file_path) => useTool('Read', { file_path }))] },
      say('Your notes: milk and bread, the plumber, the car insurance.'),
    );
    await page.goto(webApp.url);
    await expect(u.inboxButton(0)).toBeVisible();
    await ask(page, 'Read my three notes');

    // The open conversation's requests pop the modal, one at a time, with the way to the inbox.
    await expect(u.modal).toBeVisible();
    const reviewAll = u.modal.getByRole('button', { name: 'Review all 3 in the inbox' });
    await expect(reviewAll).toBeVisible();
    await expect(u.modal).toContainText('1 of 3');
    await expect(page).toHaveTitle(/^\(3\) agent-desk-e2e-project-\S+ — Agent Desk$/);
    await page.screenshot({ path: screenshotPath('inbox-modal-review-all') });

    // "Review all" leaves the modal for the inbox: all three in one group.
    await reviewAll.click();
    await expect(u.modal).toHaveCount(0);
    await expect(u.inbox).toBeVisible();
    await expect(u.inbox.getByRole('region')).toHaveCount(1);
    await expect(u.inbox.getByRole('region', { name: '3 reads outside the project' })).toBeVisible();

    // A reload forgets nothing: the same conversation reopens and its requests still wait.
    await page.reload();
    await expect(u.inboxButton(3)).toBeVisible();
    await expect(u.modal).toBeVisible();
    await expect(u.modal).toContainText('1 of 3');
    await expect(page).toHaveTitle(/^\(3\) /);
    await u.modal.getByRole('button', { name: 'Review all 3 in the inbox' }).click();
    await expect(u.modal).toHaveCount(0);
    await expect(u.inbox).toBeVisible();
    const group = u.inbox.getByRole('region', { name: '3 reads outside the project' });
    await expect(group).toBeVisible();
    await expect(group).toContainText('Read my three notes');
    for (const file of outside.files) await expect(group).toContainText(file);
    // Each line says what allowing it sends to the AI model (PX2).
    await expect(group).toContainText(`The contents of ${path.basename(outside.files[0]!)} will be sent to the AI model if you allow it.`);
    await expect(group.getByRole('button', { name: 'Allow once' })).toHaveCount(3);
    await expect(u.inbox.getByRole('button', { name: /Always allow/ })).toHaveCount(0);
    await page.screenshot({ path: screenshotPath('inbox-open-group') });

    // "Review" opens one request in the full modal; "Back to the inbox" returns without answering.
    await group.getByRole('button', { name: 'Review' }).first().click();
    await expect(u.modal).toBeVisible();
    await expect(u.modal.getByRole('button', { name: 'Always allow' })).toBeVisible();
    await u.modal.getByRole('button', { name: 'Back to the inbox' }).click();
    await expect(u.modal).toHaveCount(0);
    await expect(group.getByRole('button', { name: 'Allow once' })).toHaveCount(3);

    await group.getByRole('button', { name: 'Allow all 3' }).click();
    await expect(u.inboxButton(0)).toBeVisible();
    await expect(page.locator('.inbox-button__badge')).toHaveCount(0);
    await expect(u.inbox).toContainText('Nothing is waiting for your answer.');
    await expect(page).not.toHaveTitle(/^\(/);

    // The three Reads ran: their contents reach the model in the next request.
    const [, second] = await webApp.fake.waitForRequests(2);
    const results = toolResults(second!);
    expect(results).toHaveLength(3);
    for (const r of results) expect(r.is_error ?? false).toBe(false);
    const all = results.map(resultText).join('\n');
    for (const t of outside.texts) expect(all).toContain(t);
    await page.getByRole('button', { name: 'Close approvals' }).click();
    await expect(u.inbox).toHaveCount(0);
    await page.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: /^Read my three notes/ }).click();
    await expect(u.transcript).toContainText('Your notes: milk and bread');
  });

  test('issue 5 item 6: a request of another conversation does not pop the modal; it waits in the badge, and "Deny all" with feedback reaches the model', async ({
    page,
    webApp,
  }) => {
    const u = ui(page);
    await countDialogs(page);
    // Slow enough that the person has moved to a new conversation before the Reads ask.
    webApp.fake.push(
      { content: [{ type: 'text', text: 'Reading two notes.' }, useTool('Read', { file_path: outside.files[0]! }), useTool('Read', { file_path: outside.files[1]! })], delayMs: 700, chunkSize: 1000 },
      say('Understood, I will not read them.'),
    );
    await page.goto(webApp.url);
    await ask(page, 'Look at my notes');
    await expect(u.transcript).toContainText('Look at my notes');
    await page.getByRole('button', { name: 'New session' }).click();
    await expect(u.transcript).not.toContainText('Look at my notes');

    await expect(u.inboxButton(2)).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveTitle(/^\(2\) /);
    expect(await dialogsOpened(page)).toBe(0);
    await expect(page.locator('.inbox-button__badge')).toHaveText('2');

    await u.inboxButton(2).click();
    const group = u.inbox.getByRole('region', { name: '2 reads outside the project' });
    await expect(group).toContainText('Look at my notes');
    await group.getByRole('button', { name: 'Deny all 2' }).click();
    await group.getByRole('textbox', { name: 'Feedback for the assistant' }).fill('Those are private, leave them alone.');
    await page.screenshot({ path: screenshotPath('inbox-deny-all-feedback') });
    await group.getByRole('button', { name: 'Deny all 2' }).click();
    await expect(u.inboxButton(0)).toBeVisible();
    expect(await dialogsOpened(page)).toBe(0);

    const [, second] = await webApp.fake.waitForRequests(2);
    const results = toolResults(second!);
    expect(results).toHaveLength(2);
    for (const r of results) {
      expect(r.is_error).toBe(true);
      expect(resultText(r)).toContain('Those are private, leave them alone.');
    }
  });
});
