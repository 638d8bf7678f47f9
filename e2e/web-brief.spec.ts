// Issue 19 in Chromium: the assistant sends the person a message with a file attached
// (SendUserMessage, Claude Code's Brief, loaded through ToolSearch) — the person sees the message,
// marked as news they did not ask for, and the attached file with its size; nobody was asked anything.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, screenshotPath, test } from './fixtures';
import { ask, countDialogs, dialogsOpened, resultText, say, toolResults, useTool } from './tool-helpers';

test.describe('a message from the assistant in Chromium (issue 19)', () => {
  test('issue 19 SendUserMessage with an attachment: the message and the file are shown, the model is told it was delivered', async ({ page, webApp }) => {
    await writeFile(path.join(webApp.projectDir, 'test-report.txt'), 'All 42 tests passed.\n');
    await countDialogs(page);
    webApp.fake.push(
      { content: [useTool('ToolSearch', { query: 'select:SendUserMessage' })] },
      {
        content: [
          useTool('SendUserMessage', {
            message: '**The tests pass.** I attached the report so you can see the details.\n\n- 42 tests\n- no failures',
            status: 'proactive',
            attachments: ['test-report.txt'],
          }),
        ],
      },
      say('Done.'),
    );
    await page.goto(webApp.url);
    await ask(page, 'Run the tests and let me know');

    const transcript = page.getByRole('log', { name: 'Transcript' });
    await expect(transcript).toContainText('Done.');
    // Loading the tool is said in words; what ToolSearch told the model is not shown (PX2).
    await expect(page.getByRole('article', { name: /^Made 1 more tool ready: SendUserMessage/ })).toBeVisible();
    await expect(transcript).not.toContainText('call them directly');
    await expect(transcript).not.toContainText('Max results');
    const card = page.getByRole('article', { name: /The assistant has news for you \(you did not ask\)/ });
    await expect(card).toBeVisible();
    await expect(card.getByText('The tests pass.')).toBeVisible();
    await expect(card.getByRole('listitem').filter({ hasText: 'no failures' })).toBeVisible();
    // The files are part of the message: in sight, not behind "Show output", named within the project.
    await expect(card.getByRole('button', { name: /Show output|Hide output/ })).toHaveCount(0);
    const files = card.getByRole('list', { name: 'Attached files' });
    await expect(files).toBeVisible();
    await expect(files.getByRole('listitem')).toHaveText(/^test-report\.txt\s*21 bytes$/);
    await expect(files).toContainText('21 bytes');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('brief-message-attachment') });

    expect(await dialogsOpened(page)).toBe(0);
    const sent = toolResults(webApp.fake.requests.at(-1)!);
    expect(resultText(sent[0]!)).toBe('Message delivered to user. (1 attachment included)');
  });
});
