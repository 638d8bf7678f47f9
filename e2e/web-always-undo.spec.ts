// Issue 13 item 3, undo in Chromium: after "Always allow" saved for this project (just you), a quiet
// notice above the message box says what is now allowed and where; its Undo takes the rule out of
// .claude/settings.local.json and out of the session, the workbench stops listing it, the notice says
// it is undone, and the same command asks again.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { ask, say, useTool } from './tool-helpers';

const ui = (page: Page) => ({
  dialog: page.getByRole('dialog', { name: 'Allow Agent Desk to run a command?' }),
  transcript: page.getByRole('log', { name: 'Transcript' }),
  notice: page.getByRole('status', { name: 'Always allow' }),
  rules: page.getByRole('region', { name: 'Permission rules' }),
});

const localAllow = async (projectDir: string): Promise<string[]> => {
  const json = JSON.parse(await readFile(path.join(projectDir, '.claude', 'settings.local.json'), 'utf8')) as { permissions?: { allow?: string[] } };
  return json.permissions?.allow ?? [];
};

test.describe('Undo of "Always allow" in Chromium', () => {
  test('the notice names the rule and where it was saved; Undo removes it from the file and the session, and the command asks again', async ({ page, webApp }) => {
    webApp.fake.push({ content: [useTool('Bash', { command: 'touch a.txt' })] }, say('Touched a.txt.'));
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Touch a.txt');
    await expect(u.dialog).toBeVisible();
    // No notice before anything was allowed always.
    await expect(u.notice).toHaveText('');

    await u.dialog.getByRole('button', { name: 'Always allow' }).click();
    await expect(u.dialog.getByRole('radio', { name: /^Only this exact command/ })).toBeChecked();
    await u.dialog.getByRole('radiogroup', { name: 'Save this rule for' }).getByRole('radio', { name: /^Only me, in this project/ }).check();
    await u.dialog.getByRole('button', { name: 'Allow and remember' }).click();
    await expect(u.transcript).toContainText('Touched a.txt.');

    await expect(u.notice).toContainText('Agent Desk will now always allow: only the exact command “touch a.txt” — saved for this project, just you.');
    expect(await localAllow(webApp.projectDir)).toEqual(['Bash(touch a.txt)']);

    // The workbench lists the rule afterwards.
    await page.getByRole('button', { name: 'Permission rules', exact: true }).click();
    const local = u.rules.getByRole('region', { name: 'Only me, in this project' });
    await expect(local.getByRole('list', { name: 'Allow rules' })).toContainText('Bash(touch a.txt)');
    await page.getByRole('button', { name: 'Close permission rules' }).click();
    await page.screenshot({ path: screenshotPath('always-undo-notice') });
    await u.notice.screenshot({ path: screenshotPath('always-undo-notice-close') });

    await u.notice.getByRole('button', { name: 'Undo always allow' }).click();
    await expect(u.notice).toContainText('Undone: Agent Desk will ask again next time.');
    await expect(u.notice.getByRole('button', { name: 'Undo always allow' })).toHaveCount(0);
    await expect(u.notice.getByRole('button', { name: 'Dismiss' })).toBeFocused();
    await u.notice.screenshot({ path: screenshotPath('always-undo-undone') });
    expect(await localAllow(webApp.projectDir)).toEqual([]);

    await page.getByRole('button', { name: 'Permission rules', exact: true }).click();
    await expect(local.getByRole('list', { name: 'Allow rules' })).toHaveCount(0);
    await expect(local).not.toContainText('Bash(touch a.txt)');
    await page.getByRole('button', { name: 'Close permission rules' }).click();

    // Dismiss clears the notice and gives the keyboard back to the message box.
    await u.notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(u.notice).toHaveText('');
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();

    // The same command asks again.
    webApp.fake.push({ content: [useTool('Bash', { command: 'touch a.txt' })] }, say('Touched it again.'));
    await ask(page, 'Touch a.txt again');
    await expect(u.dialog).toBeVisible();
    await u.dialog.getByRole('button', { name: 'Allow once' }).click();
    await expect(u.transcript).toContainText('Touched it again.');
  });
});
