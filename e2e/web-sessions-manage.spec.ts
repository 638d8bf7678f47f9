// Issue 12 item 7 in Chromium: a conversation is renamed in place (kept after a reload) and deleted
// with an Undo that brings it back whole.
import { expect, screenshotPath, test } from './fixtures';
import { ask, say } from './tool-helpers';

test('rename a conversation, delete it, and undo the delete', async ({ page, webApp }) => {
  webApp.fake.push(say('Milk is on the list.'), say('Bread too.'));
  await page.goto(webApp.url);
  await ask(page, 'Remember the milk');
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript).toContainText('Milk is on the list.');
  await page.getByRole('button', { name: 'New session' }).click();
  await ask(page, 'And bread');
  await expect(transcript).toContainText('Bread too.');
  const sessions = page.getByRole('list', { name: 'Sessions' });

  await sessions.getByRole('button', { name: 'Rename “Remember the milk”' }).click();
  const name = sessions.getByRole('textbox', { name: 'New name for the conversation' });
  await expect(name).toBeFocused();
  await name.fill('Shopping list');
  await name.press('Enter');
  await expect(sessions.getByRole('button', { name: /^Shopping list/ })).toBeVisible();
  // Esc leaves a name as it was.
  await sessions.getByRole('button', { name: 'Rename “Shopping list”' }).click();
  await sessions.getByRole('textbox', { name: 'New name for the conversation' }).fill('Not this');
  await page.keyboard.press('Escape');
  await expect(sessions.getByRole('button', { name: /^Shopping list/ })).toBeVisible();
  await page.reload();
  await expect(sessions.getByRole('button', { name: /^Shopping list/ })).toBeVisible();

  await sessions.getByRole('button', { name: 'Delete “Shopping list”' }).click();
  const notice = page.getByRole('status', { name: 'Deleted conversation' });
  await expect(notice).toContainText('Deleted “Shopping list”.');
  await expect(sessions.getByRole('button', { name: /^Shopping list/ })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('sessions-deleted-undo') });
  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(notice).toHaveCount(0);
  await sessions.getByRole('button', { name: /^Shopping list/ }).click();
  await expect(transcript).toContainText('Milk is on the list.');
});
