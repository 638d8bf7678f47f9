// End-to-end permissions through the real web host in Chromium with the scripted fake model (issue 5,
// PL4e, DK4): a Write asks with its diff and says why; "Always allow" saves the rule to the chosen
// settings file (default: only me, in this project) and the next Write runs without asking; "Deny"
// with feedback reaches the model in the next request.
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { ask, countDialogs, dialogsOpened, resultText, say, toolResults, useTool } from './tool-helpers';

const NOTES = '# Notes\n\nThings to remember.\n';
const TODO = '# To do\n\n- write the tests\n';

const ui = (page: Page) => ({
  transcript: page.getByRole('log', { name: 'Transcript' }),
  anyDialog: page.getByRole('dialog'),
  createDialog: page.getByRole('dialog', { name: 'Allow Agent Desk to create a file?' }),
});

const exists = (file: string): Promise<boolean> =>
  access(file).then(
    () => true,
    () => false,
  );

test.describe('permissions in Chromium', () => {
  test('PL4e DK4: a Write asks with its diff and why; "Always allow" saves to .claude/settings.local.json; the next Write runs without asking', async ({
    page,
    webApp,
  }) => {
    const notes = path.join(webApp.projectDir, 'docs', 'notes.md');
    const todo = path.join(webApp.projectDir, 'docs', 'todo.md');
    await countDialogs(page);
    webApp.fake.push({ content: [{ type: 'text', text: 'I will start a notes file.' }, useTool('Write', { file_path: notes, content: NOTES })] }, say('Notes written.'));
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Start a notes file in docs');

    // The modal: what will happen in plain words, the new content before anything is written, and why.
    const dialog = u.createDialog;
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Create docs/notes.md (3 lines)');
    await expect(dialog.getByRole('figure', { name: 'Content of the new file docs/notes.md' })).toContainText('Things to remember.');
    const why = dialog.getByRole('region', { name: 'Why am I asked?' });
    await expect(why).toContainText(/Asked because/);
    expect(await exists(notes)).toBe(false);
    await page.screenshot({ path: screenshotPath('permissions-write-approval') });

    await dialog.getByRole('button', { name: 'Always allow' }).click();
    // What to allow, in words: the folder is chosen, so the next new file there is covered too.
    await expect(dialog.getByRole('radio', { name: /^Edits in docs\// })).toBeChecked();
    await dialog.getByRole('button', { name: 'Show the rule' }).click();
    const rule = dialog.getByRole('textbox', { name: 'Rule' });
    await expect(rule).toHaveValue('Edit(/docs/**)');

    // Where it is saved: three choices in plain words, "only me, in this project" by default.
    const saveTo = dialog.getByRole('radiogroup', { name: 'Save this rule for' });
    await expect(saveTo.getByRole('radio')).toHaveCount(3);
    await expect(saveTo.getByRole('radio', { name: 'This project, for everyone (.claude/settings.json)' })).not.toBeChecked();
    await expect(saveTo.getByRole('radio', { name: 'Only me, in this project (.claude/settings.local.json)' })).toBeChecked();
    await expect(saveTo.getByRole('radio', { name: 'All my projects (~/.claude/settings.json)' })).not.toBeChecked();
    await expect(dialog).toContainText('Saved in your own settings for this project');
    await page.screenshot({ path: screenshotPath('permissions-always-allow-destination') });

    await dialog.getByRole('button', { name: 'Allow and remember' }).click();
    await expect(u.anyDialog).toHaveCount(0);
    await expect(u.transcript).toContainText('Notes written.');
    expect(await readFile(notes, 'utf8')).toBe(NOTES);

    // The rule is in the local settings file, in Claude Code's format; the shared file was not touched.
    const local = JSON.parse(await readFile(path.join(webApp.projectDir, '.claude', 'settings.local.json'), 'utf8')) as { permissions?: { allow?: string[] } };
    expect(local.permissions?.allow).toContain('Edit(/docs/**)');
    expect(await exists(path.join(webApp.projectDir, '.claude', 'settings.json'))).toBe(false);
    expect(await dialogsOpened(page)).toBe(1);

    // A later turn: another new file in docs/ is written without asking.
    webApp.fake.push({ content: [useTool('Write', { file_path: todo, content: TODO })] }, say('To-do list written.'));
    await ask(page, 'Now a to-do list');
    await expect(u.transcript).toContainText('To-do list written.');
    expect(await dialogsOpened(page)).toBe(1);
    expect(await readFile(todo, 'utf8')).toBe(TODO);
    const requests = await webApp.fake.waitForRequests(4);
    const [written] = toolResults(requests[3]!);
    expect(written!.is_error ?? false).toBe(false);
  });

  test('PL4e DK4: "Deny" with feedback on a Write: nothing is written and the model gets the feedback in the next request', async ({ page, webApp }) => {
    const file = path.join(webApp.projectDir, 'secrets.env');
    webApp.fake.push({ content: [useTool('Write', { file_path: file, content: 'TOKEN=abc\n' })] }, say('Understood, no secrets file.'));
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Store the token');

    const dialog = u.createDialog;
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('figure', { name: 'Content of the new file secrets.env' })).toContainText('TOKEN=abc');
    await dialog.getByRole('button', { name: 'Deny', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Feedback for the assistant' }).fill('Never write tokens to disk; use the keychain.');
    await dialog.getByRole('button', { name: 'Deny', exact: true }).click();

    await expect(u.anyDialog).toHaveCount(0);
    await expect(u.transcript).toContainText('Understood, no secrets file.');
    expect(await exists(file)).toBe(false);
    const [, second] = await webApp.fake.waitForRequests(2);
    const [result] = toolResults(second!);
    expect(result!.is_error).toBe(true);
    expect(resultText(result!)).toContain('Never write tokens to disk; use the keychain.');
  });
});
