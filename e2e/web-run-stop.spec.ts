// No silent stop, in Chromium through the web host with the scripted fake model: a 60-turn run goes to
// its end (interactive sessions have no turn limit); a run stopped by a limit (AGENT_DESK_MAX_TURNS, a
// test seam) says why in the conversation, still does after the page is reloaded and the conversation
// reopened, and its Continue button goes on with the continuation message.
import type { Page } from '@playwright/test';
import type { ScriptedReply } from '../test/fake-model/server';
import { expect, screenshotPath, test } from './fixtures';
import { ask, say, useTool } from './tool-helpers';

const CONTINUE_TEXT = 'Continue from where you stopped.';

const search = (i: number): ScriptedReply => ({ content: [useTool('ToolSearch', { query: `step ${i}` })] });

const ui = (page: Page) => ({
  transcript: page.getByRole('log', { name: 'Transcript' }),
  status: page.getByRole('status', { name: 'Session status' }),
  notice: page.getByRole('note', { name: 'Why the assistant stopped' }),
  continueButton: page.getByRole('button', { name: 'Continue' }),
});

test.describe('runs without a turn limit', () => {
  test('a 60-turn conversation (59 tool turns, then the answer) runs to its end', async ({ page, webApp }) => {
    test.setTimeout(90_000);
    for (let i = 1; i <= 59; i++) webApp.fake.push(search(i));
    webApp.fake.push(say('All 59 steps are done.'));
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Do the 59 steps');
    await expect(u.transcript).toContainText('All 59 steps are done.', { timeout: 60_000 });
    await expect(u.status).toHaveText('Ready');
    expect(webApp.fake.requests).toHaveLength(60);
    await expect(u.notice).toHaveCount(0);
  });
});

test.describe('a run stopped by a limit', () => {
  test.use({ webOptions: { apiKey: 'test-key', env: { AGENT_DESK_MAX_TURNS: '3' } } });

  test('says why in the conversation, keeps saying it when reopened, and Continue resumes it', async ({ page, webApp }) => {
    webApp.fake.push(search(1), search(2), search(3));
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Look for the tools you need, step by step');

    await expect(u.notice).toBeVisible();
    await expect(u.notice).toContainText('Paused at the turn limit');
    await expect(u.notice).toContainText('Stopped after 3 turns (a turn is one reply of the assistant), the limit set for this run. The assistant had not finished its work.');
    await expect(u.continueButton).toBeEnabled();
    await expect(u.status).toHaveText('Ready');
    expect(webApp.fake.requests).toHaveLength(3);
    await page.screenshot({ path: screenshotPath('run-stopped-turn-limit') });

    // Reloaded and reopened: the reason is part of the conversation.
    await page.reload();
    await page.getByRole('list', { name: 'Sessions' }).getByRole('button').first().click();
    await expect(u.notice).toContainText('Stopped after 3 turns');
    await expect(u.continueButton).toBeEnabled();

    webApp.fake.push(say('Picked up where I stopped and finished.'));
    await u.continueButton.click();
    await expect(u.transcript).toContainText('Picked up where I stopped and finished.');
    await expect(page.getByRole('article', { name: 'You' }).last()).toHaveText(CONTINUE_TEXT);
    // The old notice stays as history, without a button: the conversation went on.
    await expect(u.notice).toHaveCount(1);
    await expect(u.continueButton).toHaveCount(0);
    const last = (await webApp.fake.waitForRequests(4))[3]!.body.messages.at(-1) as { role: string; content: { type: string; text?: string }[] };
    expect(last.role).toBe('user');
    expect(last.content.map((b) => b.type)).toEqual(['tool_result', 'text']);
    expect(last.content[1]!.text).toBe(CONTINUE_TEXT);
  });
});
