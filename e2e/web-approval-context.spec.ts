// Issue 12 item 2: the question carries its context — the assistant's own words before the call, the
// command's description, "2 of 3" with previous / next for several requests of one reply — and
// "Deny and stop" denies and ends the turn; Stop stays reachable while a request waits.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { ask, say, useTool } from './tool-helpers';

const ui = (page: Page) => ({
  dialog: page.getByRole('dialog', { name: 'Allow Agent Desk to read this file?' }),
  status: page.getByRole('status', { name: 'Session status' }),
});

test.describe('the question carries its context (issue 12 item 2)', () => {
  let outside: string;
  test.beforeEach(async () => {
    outside = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-e2e-context-'));
    for (const f of ['one.txt', 'two.txt', 'three.txt']) await writeFile(path.join(outside, f), `${f}\n`);
  });
  test.afterEach(async () => rm(outside, { recursive: true, force: true }));

  test('the assistant\'s words, "1 of 3" with next and previous, and Deny and stop ending the turn', async ({ page, webApp }) => {
    // Three reads outside the project, asked together (reads run side by side, so all three wait at once).
    webApp.fake.push(
      {
        content: [
          { type: 'text', text: 'Your notes live outside the project, so I will read the three of them.' },
          ...['one.txt', 'two.txt', 'three.txt'].map((f) => useTool('Read', { file_path: path.join(outside, f) })),
        ],
      },
      say('This reply must never be asked for.'),
    );
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Rebuild it');
    await expect(u.dialog).toBeVisible();

    await expect(u.dialog.getByRole('figure', { name: 'What the assistant said' })).toContainText('Your notes live outside the project');
    await expect(u.dialog).toContainText('one.txt');
    // Plain words (PX2): what leaves for the AI model, no field names, no "working directories"; the exact request one click away.
    await expect(u.dialog).toContainText('If you allow it, the contents of one.txt will be sent to the AI model.');
    // Why it asks, as a kind of action and the rule that would stop it asking (PL4), not the tool's own message.
    await expect(u.dialog.getByRole('region', { name: 'Why am I asked?' })).toContainText('Reading files outside the project folder always asks first.');
    await expect(u.dialog).not.toContainText('looks at files outside the project'); // said once, not twice
    await expect(u.dialog).not.toContainText('file_path');
    await expect(u.dialog).not.toContainText('working directories');
    // The conversation's row says it waits, in one unbroken pill even in the narrow sidebar.
    const pill = page.getByRole('navigation').getByText('3 questions for you');
    expect((await pill.boundingBox())!.height).toBeLessThan(26);
    await page.screenshot({ path: screenshotPath('approval-read-outside') });
    await u.dialog.getByRole('button', { name: 'Show the exact request' }).click();
    await expect(u.dialog.getByRole('button', { name: 'Hide the exact request' })).toHaveAttribute('aria-expanded', 'true');
    await expect(u.dialog).toContainText(`file_path${path.join(outside, 'one.txt')}`);
    await page.screenshot({ path: screenshotPath('approval-read-outside-exact') });
    const nav = u.dialog.getByRole('group', { name: 'Request 1 of 3' });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Previous request' })).toBeDisabled();
    await nav.getByRole('button', { name: 'Next request' }).click();
    await expect(u.dialog.getByRole('group', { name: 'Request 2 of 3' })).toBeVisible();
    await expect(u.dialog).toContainText('two.txt');
    await page.screenshot({ path: screenshotPath('approval-context-2-of-3') });
    await u.dialog.getByRole('button', { name: 'Previous request' }).click();
    await expect(u.dialog).toContainText('one.txt');

    // Stop is reachable while the request waits; "Deny and stop" denies this one and ends the turn.
    await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeEnabled();
    await u.dialog.getByRole('button', { name: 'Deny and stop' }).click();
    await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Stopped');
    await expect(u.status).toHaveText('Ready');
    await expect(page.getByRole('dialog', { name: /^Allow Agent Desk/ })).toHaveCount(0);
    await page.waitForTimeout(500);
    expect(webApp.fake.requests).toHaveLength(1);
  });
});
