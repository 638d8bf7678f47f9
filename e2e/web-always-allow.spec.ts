// Issue 13 item 3 (PX3): "Always allow" offers scopes a person understands. A Write into notes/ with
// the folder chosen → the next Write into notes/ runs without asking and the rule is in the workbench;
// "every edit until this conversation ends" → an edit elsewhere in the project runs without asking,
// until a new conversation starts; an edited rule that would not cover the request is refused.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { ask, countDialogs, dialogsOpened, say, useTool } from './tool-helpers';

const ui = (page: Page) => ({
  dialog: page.getByRole('dialog', { name: /^Allow Agent Desk to (create|change) / }),
  transcript: page.getByRole('log', { name: 'Transcript' }),
  scopes: page.getByRole('radiogroup', { name: 'Allow from now on' }),
});

test.describe('"Always allow" scopes in Chromium', () => {
  test('the folder scope: the next Write into notes/ runs without asking, and the workbench lists the rule', async ({ page, webApp }) => {
    await countDialogs(page);
    const first = path.join(webApp.projectDir, 'notes', 'first.md');
    const second = path.join(webApp.projectDir, 'notes', 'second.md');
    webApp.fake.push({ content: [useTool('Write', { file_path: first, content: 'one\n' })] }, say('First note written.'));
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Write a first note');
    await expect(u.dialog).toBeVisible();
    await u.dialog.getByRole('button', { name: 'Always allow' }).click();

    // Three choices in words; the folder is chosen (the broadest safe one).
    await expect(u.scopes.getByRole('radio')).toHaveCount(3);
    await expect(u.scopes.getByRole('radio', { name: /^Edits in notes\// })).toBeChecked();
    await expect(u.scopes.getByRole('radio', { name: 'Every edit in this project, until this conversation ends' })).not.toBeChecked();
    await expect(u.scopes.getByRole('radio', { name: 'Only this file (notes/first.md)' })).not.toBeChecked();
    await page.screenshot({ path: screenshotPath('always-allow-scopes') });
    await u.dialog.getByRole('button', { name: 'Allow and remember' }).click();
    await expect(u.transcript).toContainText('First note written.');

    webApp.fake.push({ content: [useTool('Write', { file_path: second, content: 'two\n' })] }, say('Second note written.'));
    await ask(page, 'And a second one');
    await expect(u.transcript).toContainText('Second note written.');
    expect(await readFile(second, 'utf8')).toBe('two\n');
    expect(await dialogsOpened(page)).toBe(1);

    await page.getByRole('button', { name: 'Permission rules', exact: true }).click();
    const local = page.getByRole('region', { name: 'Permission rules' }).getByRole('region', { name: 'Only me, in this project' });
    await expect(local.getByRole('list', { name: 'Allow rules' })).toContainText('Edit(/notes/**)');
  });

  test('the conversation scope: an edit elsewhere runs without asking until a new conversation starts', async ({ page, webApp }) => {
    await countDialogs(page);
    webApp.fake.push({ content: [useTool('Write', { file_path: path.join(webApp.projectDir, 'notes', 'a.md'), content: 'a\n' })] }, say('Note written.'));
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Write a note');
    await u.dialog.getByRole('button', { name: 'Always allow' }).click();
    await u.scopes.getByRole('radio', { name: 'Every edit in this project, until this conversation ends' }).check();
    await expect(u.dialog).toContainText('Nothing is saved.');
    await expect(u.dialog.getByRole('radiogroup', { name: 'Save this rule for' })).toHaveCount(0);
    await page.screenshot({ path: screenshotPath('always-allow-session-scope') });
    await u.dialog.getByRole('button', { name: 'Allow for this conversation' }).click();
    await expect(u.transcript).toContainText('Note written.');

    const elsewhere = path.join(webApp.projectDir, 'src', 'app.ts');
    webApp.fake.push({ content: [useTool('Write', { file_path: elsewhere, content: 'export {};\n' })] }, say('App written.'));
    await ask(page, 'Now the app');
    await expect(u.transcript).toContainText('App written.');
    expect(await readFile(elsewhere, 'utf8')).toBe('export {};\n');
    expect(await dialogsOpened(page)).toBe(1);

    // A new conversation asks again: the choice lasted only for the one before.
    await page.getByRole('button', { name: 'New session' }).click();
    webApp.fake.push({ content: [useTool('Write', { file_path: path.join(webApp.projectDir, 'src', 'b.ts'), content: 'b\n' })] }, say('B written.'));
    await ask(page, 'Write b');
    await expect(u.dialog).toBeVisible();
  });

  test('an edited rule that would not allow this request is refused, with why', async ({ page, webApp }) => {
    webApp.fake.push({ content: [useTool('Write', { file_path: path.join(webApp.projectDir, 'notes', 'c.md'), content: 'c\n' })] }, say('Done.'));
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Write c');
    await u.dialog.getByRole('button', { name: 'Always allow' }).click();
    await u.dialog.getByRole('button', { name: 'Show the rule' }).click();
    await u.dialog.getByRole('textbox', { name: 'Rule' }).fill('Edit(/docs/**)');
    await u.dialog.getByRole('button', { name: 'Allow and remember' }).click();
    await expect(u.dialog.getByRole('alert')).toContainText('This rule would not allow the request you are answering');
    await expect(u.dialog).toBeVisible();
  });
});
