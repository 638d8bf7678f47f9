// Issue 19 in Chromium: the assistant changes a setting (Config). The approval says, in words, which
// setting, its value now and after and which file will change; once allowed, the file holds the new
// model and the very next request uses it. The card says what changed.
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, screenshotPath, test } from './fixtures';
import { ask, say, useTool } from './tool-helpers';

// Claude Code's user settings must never be the machine's own: a HOME of the test's.
const home = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-e2e-home-'));
test.afterAll(() => rm(home, { recursive: true, force: true }));

test.describe('changing a setting in Chromium (issue 19)', () => {
  test.use({ webOptions: { apiKey: 'test-key', env: { HOME: home } } });

  test('issue 19 Config: the approval names the setting, now and after, and the file; allowed, the next request uses the new model', async ({ page, webApp }) => {
    webApp.fake.push(
      { content: [useTool('ToolSearch', { query: 'select:Config' })] },
      { content: [{ type: 'text', text: 'I will switch to Opus.' }, useTool('Config', { setting: 'model', value: 'opus' })] },
      say('Switched to Opus.'),
      say('Hello from the new model.'),
    );
    await page.goto(webApp.url);
    await ask(page, 'Use opus from now on');

    const dialog = page.getByRole('dialog', { name: 'Allow the assistant to change a setting?' });
    await expect(dialog).toBeVisible();
    const file = path.join(webApp.dataDir, 'settings.json');
    await expect(dialog).toContainText('Change “AI model” from “claude-sonnet-5” to “claude-opus-4-5”');
    await expect(dialog).toContainText('Now');
    await expect(dialog).toContainText('claude-opus-4-5 (what “opus” stands for)');
    await expect(dialog).toContainText(`${file} — Agent Desk's own settings`);
    const why = dialog.getByRole('region', { name: 'Why am I asked?' });
    await expect(why).toContainText('Changing a setting always asks first. To let the assistant do it without asking, allow Config in the rules.');
    await expect(why).not.toContainText('Set model to');
    await expect(why).not.toContainText('has not been allowed yet');
    await page.screenshot({ path: screenshotPath('config-approval') });

    await dialog.getByRole('button', { name: 'Allow once' }).click();
    const transcript = page.getByRole('log', { name: 'Transcript' });
    await expect(transcript).toContainText('Switched to Opus.');
    const card = page.getByRole('article', { name: /Changed the setting “AI model”/ });
    await expect(card).toContainText('From claude-sonnet-5 to claude-opus-4-5');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ model: 'claude-opus-4-5' });
    // The header names the model the next message uses.
    await expect(page.getByTitle('The model that answers')).toHaveText('Model: claude-opus-4-5');

    await ask(page, 'Hello?');
    await expect(transcript).toContainText('Hello from the new model.');
    expect(webApp.fake.requests.at(-1)!.body.model).toBe('claude-opus-4-5');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('config-changed') });
  });
});
