// Issue 15 item 5 in Chromium through the web host: the Terminal pane opens the person's own shell in
// the project folder; typed commands run and their output shows; a second tab opens, one closes.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';

// The shell reads the startup files of a home folder of the test's own: this machine's may take a minute.
const home = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-e2e-home-'));
test.use({ webOptions: { apiKey: 'test-key', env: { HOME: home, SHELL: '/bin/bash' } } });

/** The text xterm's DOM renderer shows for the visible terminal. */
const screenOf = (page: Page) => page.getByRole('region', { name: 'Terminal' }).locator('.terminal-view:not([hidden]) .xterm-rows');

for (const scheme of ['light', 'dark'] as const) {
  test(`issue 15 item 5 (${scheme}): type a command in the Terminal pane, see its output, open a second tab and close one`, async ({ page, webApp }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(webApp.url);
    const toggle = page.getByRole('button', { name: 'Terminal', exact: true });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const pane = page.getByRole('region', { name: 'Terminal' });
    const tabs = pane.getByRole('tablist', { name: 'Terminals' });
    await expect(tabs.getByRole('tab', { name: 'Terminal 1' })).toHaveAttribute('aria-selected', 'true');

    // The terminal has the focus: what is typed goes to the shell, not to the message box.
    await page.keyboard.type('echo hello-from-terminal; pwd');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await screenOf(page).innerText()).split('\n').map((l) => l.trim())).toContain('hello-from-terminal');
    await expect(screenOf(page)).toContainText(path.basename(webApp.projectDir));
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await page.screenshot({ path: screenshotPath(`terminal-${scheme}`) });

    await pane.getByRole('button', { name: '+ New terminal' }).click();
    const second = tabs.getByRole('tab', { name: 'Terminal 2' });
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.type('echo second-tab-here');
    await page.keyboard.press('Enter');
    await expect(screenOf(page)).toContainText('second-tab-here');
    await expect(screenOf(page)).not.toContainText('hello-from-terminal');
    await page.screenshot({ path: screenshotPath(`terminal-two-tabs-${scheme}`) });

    await pane.getByRole('button', { name: 'Close Terminal 1' }).click();
    await expect(tabs.getByRole('tab')).toHaveCount(1);
    await expect(second).toHaveAttribute('aria-selected', 'true');

    // Closing the pane keeps the shell; opening it again shows its screen.
    await pane.getByRole('button', { name: 'Close the terminal pane' }).click();
    await expect(pane).toHaveCount(0);
    await toggle.click();
    await expect(screenOf(page)).toContainText('second-tab-here');
  });
}
