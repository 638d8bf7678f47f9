// Issue 12 item 7 in Chromium: a reload returns to the conversation that was open, and the session
// list marks a conversation that waits for the person's answer.
import { expect, screenshotPath, test } from './fixtures';
import { ask, say, useTool } from './tool-helpers';

test.describe('conversations', () => {
  test('a reload returns to the open conversation; one waiting for an answer is marked in the list', async ({ page, webApp }) => {
    webApp.fake.push(say('The first one is done.'));
    await page.goto(webApp.url);
    await ask(page, 'First conversation');
    const transcript = page.getByRole('log', { name: 'Transcript' });
    await expect(transcript).toContainText('The first one is done.');

    // A second conversation stops at an approval.
    webApp.fake.push({ content: [useTool('Bash', { command: 'touch made-by-agent.txt', description: 'Make a file' })] }, say('Made it.'));
    await page.getByRole('button', { name: 'New session' }).click();
    await ask(page, 'Second conversation');
    const dialog = page.getByRole('dialog', { name: 'Allow Agent Desk to run a command?' });
    await expect(dialog).toBeVisible();
    const sessions = page.getByRole('list', { name: 'Sessions' });
    const second = sessions.getByRole('button', { name: /^Second conversation/ });
    await expect(second).toContainText('Waiting for you');
    await expect(sessions.getByRole('button', { name: /^First conversation/ })).not.toContainText('Waiting for you');

    // Back to the first; the second still says it waits.
    await sessions.getByRole('button', { name: /^First conversation/ }).click();
    await expect(transcript).toContainText('The first one is done.');
    await expect(second).toContainText('Waiting for you');
    await page.screenshot({ path: screenshotPath('sessions-waiting') });

    // A reload comes back to the first conversation, not to an empty one.
    await page.reload();
    await expect(transcript).toContainText('The first one is done.');
    await expect(sessions.getByRole('button', { name: /^First conversation/ })).toHaveAttribute('aria-current', 'true');

    // Answering clears the mark.
    await second.click();
    await dialog.getByRole('button', { name: 'Allow once' }).click();
    await expect(transcript).toContainText('Made it.');
    await expect(second).not.toContainText('Waiting for you');
  });

  test('a message typed while the assistant works waits above the box and goes out when it is done', async ({ page, webApp }) => {
    webApp.fake.push({ content: [{ type: 'text', text: 'Thinking slowly about the first question, word by word.' }], delayMs: 150, chunkSize: 4 }, say('And here is the second answer.'));
    await page.goto(webApp.url);
    await ask(page, 'First question');
    const status = page.getByRole('status', { name: 'Session status' });
    await expect(status).toHaveText('Working…');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('A second question');
    await box.press('Enter');
    const waiting = page.getByRole('region', { name: 'Message waiting to be sent' });
    await expect(waiting).toContainText('Will be sent when the assistant is done:');
    await expect(waiting).toContainText('A second question');
    await expect(box).toHaveValue('');
    await page.screenshot({ path: screenshotPath('composer-queued') });
    const transcript = page.getByRole('log', { name: 'Transcript' });
    await expect(transcript).toContainText('And here is the second answer.');
    await expect(waiting).toHaveCount(0);
    const [, second] = await webApp.fake.waitForRequests(2);
    expect(JSON.stringify(second!.body.messages.at(-1))).toContain('A second question');
  });
});
