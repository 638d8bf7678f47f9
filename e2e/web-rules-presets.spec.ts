// End-to-end "a rule workbench for people, not parsers" (issue 12 item 8) through the real web host in
// Chromium: the ready-made "Never delete files" shows its exact rules and file, lands in
// .claude/settings.local.json and the workbench with one click, and then really stops a deletion;
// another goes to the file chosen; the test rule follows package.json; plain words typed in the rule
// box get "Did you mean" (one click adds it) or what a rule looks like; an allow rule for `Bash(rm:*)`
// is warned about before saving and on its row.
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { ask, resultText, say, toolResults, useTool } from './tool-helpers';

const NEVER_DELETE = ['Bash(rm:*)', 'Bash(rmdir:*)', 'Bash(unlink:*)', 'Bash(shred:*)', 'Bash(git clean:*)', 'Bash(git rm:*)'];

type Settings = { permissions?: { allow?: string[]; ask?: string[]; deny?: string[] } };
/** The file's settings; {} while it is not written yet (polled until it is). */
const readSettings = async (file: string): Promise<Settings> => JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as Settings;

const ui = (page: Page) => {
  const pane = page.getByRole('region', { name: 'Permission rules' });
  return {
    open: page.getByRole('button', { name: 'Permission rules', exact: true }),
    pane,
    presets: pane.getByRole('region', { name: 'Ready-made rules' }),
    add: pane.getByRole('region', { name: 'Add a rule' }),
    local: pane.getByRole('region', { name: 'Only me, in this project' }),
    project: pane.getByRole('region', { name: 'This project (shared with the team)' }),
    transcript: page.getByRole('log', { name: 'Transcript' }),
  };
};

async function writePackage(projectDir: string): Promise<void> {
  const scripts = { build: 'echo built', test: 'echo tests passed', 'test:e2e': 'echo e2e passed' };
  await writeFile(path.join(projectDir, 'package.json'), JSON.stringify({ name: 'sample', private: true, scripts }, null, 2) + '\n');
}

test.describe('rule workbench for people, not parsers', () => {
  test('issue 12 item 8: "Never delete files" in one click, saved where it says, and it stops a deletion', async ({ page, webApp }) => {
    await writePackage(webApp.projectDir);
    const local = path.join(webApp.projectDir, '.claude', 'settings.local.json');
    const u = ui(page);
    await page.goto(webApp.url);
    await u.open.click();

    // Someone with no rules yet finds the ready-made ones open, each with its exact rules and file.
    await expect(u.presets.getByRole('button', { name: 'Hide them' })).toHaveAttribute('aria-expanded', 'true');
    const list = u.presets.getByRole('list', { name: 'Ready-made rules' });
    const neverDelete = list.getByRole('listitem', { name: 'Never delete files' });
    await expect(neverDelete).toContainText('The assistant may not run commands that delete files or folders');
    const rules = neverDelete.getByRole('list', { name: 'Rules “Never delete files” adds' });
    await expect(rules.getByRole('listitem')).toHaveText(NEVER_DELETE);
    await expect(neverDelete).toContainText('They will be saved in the Deny list in .claude/settings.local.json.');
    await expect(u.presets.getByRole('radio', { name: /Only me, in this project/ })).toBeChecked();
    // The test rule is made from this project's package.json scripts.
    const tests = list.getByRole('listitem', { name: 'Always allow running the tests' });
    await expect(tests.getByRole('list', { name: 'Rules “Always allow running the tests” adds' }).getByRole('listitem')).toHaveText([
      'Bash(npm test:*)',
      'Bash(npm run test:*)',
      'Bash(npm run test:e2e:*)',
    ]);
    await expect(u.local).toContainText('Not created yet');
    await page.screenshot({ path: screenshotPath('rules-presets') });

    // One click: the rules land in .claude/settings.local.json and in the workbench.
    await neverDelete.getByRole('button', { name: 'Add these 6 rules: Never delete files' }).click();
    await expect(neverDelete.getByRole('status')).toHaveText('Added 6 rules to the Deny list in .claude/settings.local.json.');
    await expect.poll(async () => (await readSettings(local)).permissions).toEqual({ deny: NEVER_DELETE });
    const localDeny = u.local.getByRole('list', { name: 'Deny rules' });
    await expect(localDeny.getByRole('listitem')).toHaveCount(NEVER_DELETE.length);
    await expect(localDeny).toContainText('Bash(rm:*)');
    await expect(localDeny).toContainText('Any command that starts with “rm”');
    await expect(neverDelete.getByRole('button', { name: 'Already added: Never delete files' })).toBeDisabled();
    await neverDelete.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('rules-presets-added') });

    // Another file chosen: "Ask before any network access" goes to the shared project file instead.
    await u.presets.getByRole('radio', { name: /This project \(shared with the team\)/ }).check();
    const network = list.getByRole('listitem', { name: 'Ask before any network access' });
    await expect(network).toContainText('They will be saved in the Ask list in .claude/settings.json.');
    await network.getByRole('button', { name: /: Ask before any network access$/ }).click();
    await expect(network.getByRole('status')).toContainText('to the Ask list in .claude/settings.json.');
    const shared = await readSettings(path.join(webApp.projectDir, '.claude', 'settings.json'));
    expect(shared.permissions?.ask).toEqual(expect.arrayContaining(['WebFetch', 'Bash(curl:*)', 'Bash(wget:*)']));
    await expect(u.project.getByRole('list', { name: 'Ask rules' })).toContainText('Bash(curl:*)');
    expect((await readSettings(local)).permissions).toEqual({ deny: NEVER_DELETE });

    // And the rule holds: the assistant's `rm` is refused without asking, and the file is still there.
    webApp.fake.push({ content: [useTool('Bash', { command: 'rm README.md' })] }, say('I could not delete it.'));
    await ask(page, 'Delete the readme');
    await expect(u.transcript).toContainText('I could not delete it.');
    const [, second] = await webApp.fake.waitForRequests(2);
    const [result] = toolResults(second!);
    expect(result!.is_error).toBe(true);
    expect(resultText(result!)).toContain('Bash(rm:*)');
    expect((await stat(path.join(webApp.projectDir, 'README.md'))).isFile()).toBe(true);
  });

  test('issue 12 item 8: plain words in the rule box get a suggestion, one click away; an unknown word, what a rule looks like', async ({ page, webApp }) => {
    const local = path.join(webApp.projectDir, '.claude', 'settings.local.json');
    const u = ui(page);
    await page.goto(webApp.url);
    await u.open.click();
    await u.add.getByRole('button', { name: 'New rule…' }).click();
    const rule = u.add.getByRole('textbox', { name: 'Rule', exact: true });

    await rule.fill('never delete my files');
    const didYouMean = u.add.getByRole('group', { name: 'Not a rule yet. Did you mean:' });
    await expect(didYouMean).toContainText('Never delete files');
    await expect(didYouMean).toContainText('Bash(rm:*)');
    await expect(didYouMean).toContainText('They will be saved in the Deny list in .claude/settings.local.json.');
    await expect(u.add).not.toContainText('is not a valid tool name');
    await expect(u.add.getByRole('button', { name: 'Add rule' })).toBeDisabled();
    await rule.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('rules-sentence-suggestion') });
    await didYouMean.getByRole('button', { name: 'Add these 6 rules: Never delete files' }).click();
    await expect(u.add.getByRole('status').filter({ hasText: 'Added “Never delete files”' })).toHaveText(
      'Added “Never delete files”: 6 rules in the Deny list in .claude/settings.local.json.',
    );
    await expect(rule).toHaveValue('');
    await expect(rule).toBeFocused();
    await expect.poll(async () => (await readSettings(local)).permissions?.deny).toEqual(NEVER_DELETE);
    await expect(u.local.getByRole('list', { name: 'Deny rules' })).toContainText('Bash(git clean:*)');

    // A sentence naming a command: the rule it means, put in the form with one click.
    await rule.fill('allow npm run build');
    await u.add.getByRole('button', { name: 'Use this rule: Allow Bash(npm run build:*)' }).click();
    await expect(rule).toHaveValue('Bash(npm run build:*)');
    await expect(u.add.getByRole('radio', { name: 'Allow' })).toBeChecked();
    await expect(u.add).toContainText('Allowed without asking: any command that starts with “npm run build”.');

    // A word it cannot place: what a rule is, in words, with two examples.
    await rule.fill('banana');
    await expect(u.add).toContainText('“banana” is not a rule. A rule names a tool (Bash runs commands, Read opens files, Edit changes them) and, in brackets, what it may do. For example:');
    await expect(u.add).toContainText('Bash(npm test:*) — running the tests');
    await expect(u.add).toContainText('Read(./docs/**) — reading any file in the docs folder');
    await rule.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('rules-sentence-help') });
  });

  test('issue 12 item 8: an allow rule for Bash(rm:*) is warned about before saving and on its row', async ({ page, webApp }) => {
    const local = path.join(webApp.projectDir, '.claude', 'settings.local.json');
    const u = ui(page);
    await page.goto(webApp.url);
    await u.open.click();
    await u.add.getByRole('button', { name: 'New rule…' }).click();
    const rule = u.add.getByRole('textbox', { name: 'Rule', exact: true });

    await rule.fill('Bash(rm:*)');
    const warning = u.add.getByRole('note', { name: 'Risky rule' });
    await expect(warning).toHaveText(/This lets the assistant delete any file without asking\./);
    await expect(rule).toHaveAttribute('aria-describedby', /rules-add-risk/);
    // Deny takes nothing away from safety: no warning.
    await u.add.getByRole('radio', { name: 'Deny' }).check();
    await expect(warning).toHaveCount(0);
    await u.add.getByRole('radio', { name: 'Allow' }).check();
    await expect(warning).toBeVisible();
    // The safer choice is one click.
    await warning.getByRole('button', { name: 'Ask me first instead' }).click();
    await expect(u.add.getByRole('radio', { name: 'Ask' })).toBeChecked();
    await expect(warning).toHaveCount(0);
    await u.add.getByRole('radio', { name: 'Allow' }).check();
    await rule.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('rules-risky-before-saving') });

    // Saved anyway (it is the person's choice): the row keeps saying what it allows.
    await u.add.getByRole('button', { name: 'Add rule' }).click();
    await expect.poll(async () => (await readSettings(local)).permissions?.allow).toEqual(['Bash(rm:*)']);
    await u.add.getByRole('button', { name: 'Cancel' }).click();
    const row = u.local.getByRole('list', { name: 'Allow rules' }).getByRole('listitem').filter({ hasText: 'Bash(rm:*)' });
    await expect(row.getByRole('note', { name: 'Risky rule' })).toHaveText(/This lets the assistant delete any file without asking\./);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('rules-risky-row') });

    // The same in the dark theme.
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await page.screenshot({ path: screenshotPath('rules-risky-row-dark') });
    await u.presets.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('rules-presets-dark') });
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  });
});
