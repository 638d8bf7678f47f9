// End-to-end rule workbench through the real web host in Chromium (issue 5 item 8, PL4c): the rules of
// every source with their files; a rule added to "Only me, in this project" lands in
// .claude/settings.local.json; tested before saving against a command (Matches / No match) and this
// project's recent commands; changed in place (text and list) and deleted, the file following each
// time; a broken settings file shows its warning, and an edit main refuses says why without losing
// what was typed.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { ask, say, useTool } from './tool-helpers';

const PROJECT_SETTINGS = { permissions: { allow: ['Bash(git status)'], deny: ['Read(./.env)'] } };

const ui = (page: Page) => {
  const pane = page.getByRole('region', { name: 'Permission rules' });
  return {
    open: page.getByRole('button', { name: 'Permission rules', exact: true }),
    pane,
    project: pane.getByRole('region', { name: 'This project (shared with the team)' }),
    local: pane.getByRole('region', { name: 'Only me, in this project' }),
    user: pane.getByRole('region', { name: 'All my projects' }),
    policy: pane.getByRole('region', { name: 'Managed policy' }),
    transcript: page.getByRole('log', { name: 'Transcript' }),
  };
};

type Settings = { permissions?: { allow?: string[]; ask?: string[]; deny?: string[] } };
const readSettings = async (file: string): Promise<Settings> => JSON.parse(await readFile(file, 'utf8')) as Settings;

async function writeProject(projectDir: string): Promise<void> {
  await mkdir(path.join(projectDir, '.claude'), { recursive: true });
  await writeFile(path.join(projectDir, '.claude', 'settings.json'), JSON.stringify(PROJECT_SETTINGS, null, 2) + '\n');
  await writeFile(path.join(projectDir, 'package.json'), JSON.stringify({ name: 'sample', private: true, scripts: { test: 'echo tests passed' } }, null, 2) + '\n');
}

test.describe('rule workbench in Chromium', () => {
  test('issue 5 item 8 PL4c: rules by source; add to settings.local.json, test before saving, edit, delete', async ({ page, webApp }) => {
    await writeProject(webApp.projectDir);
    const local = path.join(webApp.projectDir, '.claude', 'settings.local.json');
    // Two commands in this project's history: one the project's rule allows, one asked and allowed once.
    webApp.fake.push(
      { content: [useTool('Bash', { command: 'git status' })] },
      { content: [useTool('Bash', { command: 'npm test -- --watch' })] },
      say('Both ran.'),
    );
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Run the checks');
    const dialog = page.getByRole('dialog', { name: 'Allow Agent Desk to run a command?' });
    await expect(dialog).toContainText('npm test -- --watch');
    await dialog.getByRole('button', { name: 'Allow once' }).click();
    await expect(u.transcript).toContainText('Both ran.');

    // Open the workbench from the header.
    await expect(u.open).toHaveAttribute('aria-expanded', 'false');
    await u.open.click();
    await expect(u.open).toHaveAttribute('aria-expanded', 'true');
    await expect(u.pane).toBeVisible();
    await expect(u.pane.getByRole('heading', { name: 'Permission rules' })).toBeFocused();

    // The rule written in the project's .claude/settings.json, under "This project", with its meaning.
    await expect(u.project).toContainText('.claude/settings.json');
    await expect(u.project).toContainText('File exists');
    const projectAllow = u.project.getByRole('list', { name: 'Allow rules' });
    await expect(projectAllow.getByRole('listitem')).toHaveCount(1);
    await expect(projectAllow).toContainText('Bash(git status)');
    await expect(projectAllow).toContainText('Only the exact command “git status”');
    await expect(u.project.getByRole('list', { name: 'Deny rules' })).toContainText('Read(./.env)');
    await expect(u.project.getByRole('button', { name: 'Edit Bash(git status)' })).toBeVisible();
    // Sources strongest first; the managed policy is read-only.
    const titles = await u.pane.getByRole('heading', { level: 3 }).allTextContents();
    const order = ['Managed policy', 'Only me, in this project', 'This project (shared with the team)', 'All my projects'].map((t) => titles.indexOf(t));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!)), titles.join(' | ')).toBe(true);
    await expect(u.policy).toContainText('Read-only');
    await expect(u.policy.getByRole('button')).toHaveCount(0);
    await expect(u.local).toContainText('Not created yet');
    await expect(u.pane).toContainText('Starting mode');
    await u.project.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('rules-workbench') });

    // Add Bash(npm test:*) to "Only me, in this project", testing it first.
    await u.pane.getByRole('button', { name: 'New rule…' }).click();
    const add = u.pane.getByRole('region', { name: 'Add a rule' });
    const rule = add.getByRole('textbox', { name: 'Rule', exact: true });
    await expect(rule).toBeFocused();
    await rule.fill('Bash(npm test:*)');
    await expect(add).toContainText('Allowed without asking: any command that starts with “npm test”.');
    await expect(add.getByRole('radio', { name: 'Allow' })).toBeChecked();
    const onlyMe = add.getByRole('radio', { name: 'Only me, in this project (.claude/settings.local.json)' });
    await expect(onlyMe).toBeChecked();
    await expect(add.getByRole('radio', { name: 'This project (shared with the team) (.claude/settings.json)' })).not.toBeChecked();

    const sample = add.getByRole('textbox', { name: 'Try it on a command, file or web address' });
    const verdict = add.getByRole('status').filter({ hasText: /Match|No match|Checking/ });
    await sample.fill('npm test -- --watch');
    await expect(verdict).toContainText('Matches');
    await expect(verdict).toContainText('Bash(npm test:*) would allow npm test -- --watch');
    // Enter in the sample field tests; it does not save the rule.
    await sample.press('Enter');
    await expect(u.local).toContainText('Not created yet');

    const recent = add.getByRole('region', { name: 'Recent commands in this project' });
    await expect(recent).toContainText('This rule would have allowed 1 of 2 recent commands in this project.');
    await expect(recent.getByRole('listitem').filter({ hasText: 'npm test -- --watch' })).toContainText('Covered');
    await expect(recent.getByRole('listitem').filter({ hasText: 'git status' })).toContainText('Not covered');
    await page.screenshot({ path: screenshotPath('rules-add-test-match') });

    await sample.fill('rm -rf /');
    await expect(verdict).toContainText('No match');
    await expect(verdict).toContainText('does not match');
    await page.screenshot({ path: screenshotPath('rules-add-test-no-match') });

    await add.getByRole('button', { name: 'Add rule' }).click();
    await expect(add.getByRole('status').filter({ hasText: 'Added' })).toContainText('Added Bash(npm test:*) to the Allow list in .claude/settings.local.json.');
    await expect(rule).toHaveValue('');
    const localAllow = u.local.getByRole('list', { name: 'Allow rules' });
    await expect(localAllow).toContainText('Bash(npm test:*)');
    await expect(u.local).toContainText('File exists');
    expect((await readSettings(local)).permissions?.allow).toEqual(['Bash(npm test:*)']);
    // The shared file is as it was.
    expect(await readSettings(path.join(webApp.projectDir, '.claude', 'settings.json'))).toEqual(PROJECT_SETTINGS);
    await add.getByRole('button', { name: 'Cancel' }).click();

    // Edit it in place: other text, and moved to the Ask list.
    await u.local.getByRole('button', { name: 'Edit Bash(npm test:*)' }).click();
    const editRule = u.local.getByRole('textbox', { name: 'Rule', exact: true });
    await expect(editRule).toHaveValue('Bash(npm test:*)');
    await expect(editRule).toBeFocused();
    await editRule.fill('Bash(npm run test:*)');
    await u.local.getByRole('radio', { name: 'Ask' }).check();
    await expect(u.local).toContainText('Asks you first: any command that starts with “npm run test”.');
    await expect(u.local.getByRole('region', { name: 'Recent commands in this project' })).toContainText(
      'This rule would have asked about 0 of 2 recent commands in this project.',
    );
    await u.local.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('rules-edit-in-place') });
    await u.local.getByRole('button', { name: 'Save changes' }).click();
    await expect(u.local.getByRole('list', { name: 'Ask rules' })).toContainText('Bash(npm run test:*)');
    await expect(u.local.getByRole('list', { name: 'Allow rules' })).toHaveCount(0);
    await expect(u.local.getByRole('heading', { name: 'Only me, in this project' })).toBeFocused();
    await expect.poll(async () => (await readSettings(local)).permissions).toEqual({ allow: [], ask: ['Bash(npm run test:*)'] });

    // Delete asks first; "Keep it" (or Esc) leaves the file alone.
    await u.local.getByRole('button', { name: 'Delete Bash(npm run test:*)' }).click();
    const confirm = u.local.getByRole('group', { name: /Delete Bash\(npm run test:\*\) from \.claude\/settings\.local\.json\?/ });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await page.screenshot({ path: screenshotPath('rules-delete-confirm') });
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    expect((await readSettings(local)).permissions?.ask).toEqual(['Bash(npm run test:*)']);
    await u.local.getByRole('button', { name: 'Delete Bash(npm run test:*)' }).click();
    await confirm.getByRole('button', { name: 'Delete rule' }).click();
    await expect(u.local).toContainText('No rules here.');
    await expect.poll(async () => (await readSettings(local)).permissions).toEqual({ allow: [], ask: [] });

    // Closing the pane gives the conversation its room back.
    await u.pane.getByRole('button', { name: 'Close permission rules' }).click();
    await expect(u.pane).toHaveCount(0);
    await expect(u.open).toHaveAttribute('aria-expanded', 'false');
  });

  test('issue 5 item 8 PL4c: a broken settings file shows its warning; a refused edit says why and keeps what was typed', async ({ page, webApp }) => {
    await writeProject(webApp.projectDir);
    const local = path.join(webApp.projectDir, '.claude', 'settings.local.json');
    const broken = '{\n  "permissions": {\n    "allow": ["Bash(ls)",]\n  }\n}\n';
    await writeFile(local, broken);
    const u = ui(page);
    await page.goto(webApp.url);

    // Opened from the keyboard.
    await u.open.focus();
    await page.keyboard.press('Enter');
    await expect(u.pane.getByRole('heading', { name: 'Permission rules' })).toBeFocused();

    // The warning sits next to the file it is about, with the line; the other sources still load.
    const problems = u.local.getByRole('list', { name: 'Problems in Only me, in this project' });
    await expect(problems).toContainText('is not valid JSON at line 3');
    await expect(u.local).toContainText('No rules could be read from this file.');
    await expect(u.project.getByRole('list', { name: 'Allow rules' })).toContainText('Bash(git status)');
    await u.local.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('rules-broken-file-warning') });

    // Adding to the broken file is refused with main's reason; the rule typed is still there.
    await u.pane.getByRole('button', { name: 'New rule…' }).click();
    const add = u.pane.getByRole('region', { name: 'Add a rule' });
    const rule = add.getByRole('textbox', { name: 'Rule', exact: true });
    await rule.fill('Bash(npm test:*)');
    await add.getByRole('button', { name: 'Add rule' }).click();
    const error = add.getByRole('alert');
    await expect(error).toContainText('not valid JSON at line 3');
    await expect(error).toContainText('fix it before changing rules here');
    await expect(rule).toHaveValue('Bash(npm test:*)');
    expect(await readFile(local, 'utf8')).toBe(broken);
    await error.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('rules-broken-file-refused') });

    // A rule the grammar accepts but main does not (a path pattern that cannot compile): its reason, inline.
    await rule.fill('Read([abc)');
    await add.getByRole('radio', { name: /This project \(shared with the team\)/ }).check();
    await add.getByRole('button', { name: 'Add rule' }).click();
    await expect(error).toContainText('is not a valid rule');
    await expect(rule).toHaveValue('Read([abc)');
    // Typing again clears the old answer.
    await rule.fill('Read([abc])');
    await expect(error).toHaveCount(0);
    expect(await readSettings(path.join(webApp.projectDir, '.claude', 'settings.json'))).toEqual(PROJECT_SETTINGS);

    // Fixed in an editor meanwhile: Reload reads it again and the warning is gone.
    await writeFile(local, '{\n  "permissions": {\n    "allow": ["Bash(ls)"]\n  }\n}\n');
    await u.pane.getByRole('button', { name: 'Reload rules from the files' }).click();
    await expect(problems).toHaveCount(0);
    await expect(u.local.getByRole('list', { name: 'Allow rules' })).toContainText('Bash(ls)');

    // The same view in the dark theme.
    await rule.fill('Bash(npm test:*)');
    await add.getByRole('textbox', { name: 'Try it on a command, file or web address' }).fill('npm test');
    await expect(add.getByRole('status').filter({ hasText: 'Matches' })).toBeVisible();
    // Reduced motion: colours switch at once instead of being caught mid-transition.
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await rule.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('rules-workbench-dark') });
    await u.project.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('rules-sources-dark') });
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  });

  test('issue 5 item 8 PL4e: a rule saved by "Always allow" while the workbench is open shows up in it', async ({ page, webApp }) => {
    webApp.fake.push({ content: [useTool('Bash', { command: 'touch hello' })] }, say('Said hello.'));
    const u = ui(page);
    await page.goto(webApp.url);
    await u.open.click();
    await expect(u.local).toContainText('Not created yet');
    await ask(page, 'Say hello');
    const dialog = page.getByRole('dialog', { name: 'Allow Agent Desk to run a command?' });
    await dialog.getByRole('button', { name: 'Always allow' }).click();
    await expect(dialog.getByRole('radio', { name: /Commands starting with “touch hello”/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Allow and remember' }).click();
    await expect(u.transcript).toContainText('Said hello.');
    // No Reload needed: the answered request made the pane read the files again.
    await expect(u.local.getByRole('list', { name: 'Allow rules' })).toContainText('Bash(touch hello:*)');
    await expect(u.local).toContainText('File exists');
  });
});
