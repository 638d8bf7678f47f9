// PX6: undo what the assistant changed, from the Changes pane, in Chromium. The scripted fake model
// edits two files and creates a third; "Revert file" (after its confirmation) puts the first back byte
// for byte; "Revert all" (after its confirmation) deletes the created file and refuses the one someone
// changed after the assistant, until "Revert anyway" is chosen. Main does every write.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, screenshotPath, test } from './fixtures';
import { ask, say, useTool } from './tool-helpers';

// CRLF line endings: the revert must give back the very bytes, not a "\n"-normalised copy.
const APP_TS = ['/** Greets someone by name. */', 'export function greet(name: string): string {', '  return `Hello, ${name}!`;', '}', ''].join('\r\n');
const OLD_LINE = '  return `Hello, ${name}!`;';
const NEW_LINES = '  const greeting = `Hello, ${name}! Welcome back.`;\n  return greeting;';
const NOTES = '# Notes\n\n- buy milk\n';
const HELLO = 'export const hello = "world";\n';

test('PX6: Revert file restores the original bytes; Revert all asks first, deletes the created file and refuses one changed since', async ({ page, webApp }) => {
  const dir = webApp.projectDir;
  const app = path.join(dir, 'src', 'app.ts');
  const notes = path.join(dir, 'notes.md');
  const hello = path.join(dir, 'src', 'hello.ts');
  await mkdir(path.join(dir, 'src'), { recursive: true });
  await mkdir(path.join(dir, '.claude'), { recursive: true });
  await writeFile(path.join(dir, '.claude', 'settings.local.json'), JSON.stringify({ permissions: { defaultMode: 'acceptEdits' } }));
  await writeFile(app, APP_TS);
  await writeFile(notes, NOTES);
  webApp.fake.push(
    { content: [useTool('Read', { file_path: app }), useTool('Read', { file_path: notes })] },
    { content: [{ type: 'text', text: 'Updating.' }, useTool('Edit', { file_path: app, old_string: OLD_LINE, new_string: NEW_LINES })] },
    { content: [useTool('Edit', { file_path: notes, old_string: '- buy milk', new_string: '- buy milk\n- call Sam' })] },
    { content: [useTool('Write', { file_path: hello, content: HELLO })] },
    say('Done: the greeting, a note and a new file.'),
  );
  await page.goto(webApp.url);
  await ask(page, 'Tidy things up');
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Done: the greeting, a note and a new file.');
  await expect(page.getByRole('status', { name: 'Session status' })).toHaveText('Ready');
  expect(await readFile(app, 'utf8')).toBe(APP_TS.replace(OLD_LINE, NEW_LINES.replace(/\n/g, '\r\n')));

  await page.getByRole('button', { name: 'Changes (3)' }).click();
  const pane = page.getByRole('region', { name: 'Changes' });
  await expect(pane).toContainText('changes made by commands it ran are not included');
  const card = (name: string) => pane.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
  await expect(card('src/app.ts').getByRole('button', { name: 'Revert file' })).toBeVisible();
  await expect(pane.getByRole('button', { name: 'Revert all' })).toBeVisible();
  // The web host cannot open files in another app: the button is absent.
  await expect(pane.getByRole('button', { name: 'Open in editor' })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('changes-revert-buttons') });

  // One file: the confirmation says what will be lost, Cancel has the focus, Esc cancels.
  await card('src/app.ts').getByRole('button', { name: 'Revert file' }).click();
  let confirm = pane.getByRole('alertdialog', { name: 'Revert src/app.ts?' });
  await expect(confirm).toContainText('2 lines the assistant added will be removed, and 1 line it removed will come back.');
  await expect(confirm.getByRole('figure', { name: 'What reverting undoes in src/app.ts' })).toContainText('Welcome back.');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  expect(await readFile(app, 'utf8')).not.toBe(APP_TS);

  await card('src/app.ts').getByRole('button', { name: 'Revert file' }).click();
  await expect(confirm).toBeVisible();
  await page.screenshot({ path: screenshotPath('changes-revert-confirm-file') });
  await confirm.getByRole('button', { name: 'Revert', exact: true }).click();
  await expect(card('src/app.ts').getByRole('status')).toHaveText('Reverted: back to how it was before this conversation.');
  await expect(card('src/app.ts')).toContainText('Reverted');
  await expect(card('src/app.ts').getByRole('button', { name: 'Revert file' })).toHaveCount(0);
  expect((await readFile(app)).equals(Buffer.from(APP_TS, 'utf8'))).toBe(true);

  // Someone changes notes.md after the assistant did.
  await writeFile(notes, '# Notes\n\n- buy milk\n- call Sam\n- my own line\n');

  await pane.getByRole('button', { name: 'Revert all' }).click();
  confirm = pane.getByRole('alertdialog', { name: 'Revert all 2 files?' });
  await expect(confirm).toContainText('notes.md — Goes back to how it was: 1 line the assistant added will be removed.');
  await expect(confirm).toContainText('src/hello.ts — Will be deleted: it did not exist before this conversation, so its 1 line will be gone.');
  await page.screenshot({ path: screenshotPath('changes-revert-confirm-all') });
  await confirm.getByRole('button', { name: 'Revert 2 files' }).click();

  await expect(pane.getByText('1 file reverted; 1 file not: see why below.')).toBeVisible();
  await expect(card('src/hello.ts').getByRole('status')).toHaveText('Deleted: this conversation created it.');
  await expect(stat(hello)).rejects.toMatchObject({ code: 'ENOENT' });
  const refused = card('notes.md').getByRole('status');
  await expect(refused).toContainText('Not reverted: the file was changed after the assistant’s last edit');
  await expect(refused).toContainText('Since then: 1 line added.');
  expect(await readFile(notes, 'utf8')).toBe('# Notes\n\n- buy milk\n- call Sam\n- my own line\n');
  await page.screenshot({ path: screenshotPath('changes-revert-refused') });

  // The explicit second choice.
  await refused.getByRole('button', { name: 'Revert anyway' }).click();
  await expect(card('notes.md').getByRole('status')).toHaveText('Reverted: back to how it was before this conversation.');
  expect(await readFile(notes, 'utf8')).toBe(NOTES);
  await expect(pane.getByRole('button', { name: 'Revert all' })).toHaveCount(0);
});
