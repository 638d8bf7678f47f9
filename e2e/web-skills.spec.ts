// AG9 in Chromium: a project's skills (and the app's /compact) are offered as "/name" in the message box — typing "/" lists
// them with what each does, the keyboard picks one — and a message sent as "/name args" reaches the
// model with the skill's instructions, which the transcript keeps folded under the person's words.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, screenshotPath, test } from './fixtures';
import { say } from './tool-helpers';

test.describe('skills as commands in Chromium (AG9)', () => {
  test('AG9 "/" lists the skills; the picked one is sent with its instructions, folded in the transcript', async ({ page, webApp }) => {
    for (const [name, text] of [
      ['changelog', '---\ndescription: Write the changelog entry for the latest change\nargument-hint: [version]\n---\nWrite the changelog entry for version $ARGUMENTS.'],
      ['check', '---\ndescription: Run the checks before a release\n---\nRun every check.'],
    ] as const) {
      await mkdir(path.join(webApp.projectDir, '.claude', 'skills', name), { recursive: true });
      await writeFile(path.join(webApp.projectDir, '.claude', 'skills', name, 'SKILL.md'), text);
    }
    webApp.fake.push(say('The changelog entry for 2.1 is written.'));
    await page.goto(webApp.url);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('/');
    const menu = page.getByRole('listbox', { name: 'Commands you can run' });
    // The app's own /compact first, then the project's skills.
    await expect(menu.getByRole('option')).toHaveCount(3);
    await expect(menu.getByRole('option').first()).toContainText('/compact');
    await expect(menu.getByRole('option', { name: /\/changelog/ })).toContainText('Write the changelog entry');
    await page.screenshot({ path: screenshotPath('skills-menu') });
    await box.pressSequentially('ch');
    await expect(menu.getByRole('option')).toHaveCount(2);
    await box.press('ArrowDown');
    await expect(menu.getByRole('option', { name: /\/check/ })).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowUp');
    await box.press('Enter');
    await expect(box).toHaveValue('/changelog ');
    await expect(menu).toBeHidden();
    await box.pressSequentially('2.1');
    await box.press('Enter');

    const transcript = page.getByRole('log', { name: 'Transcript' });
    await expect(transcript).toContainText('The changelog entry for 2.1 is written.');
    const sent = webApp.fake.requests[0]!.body.messages[0].content as Array<{ text: string }>;
    expect(sent.map((b) => b.text)).toEqual(['/changelog 2.1', expect.stringContaining('Write the changelog entry for version 2.1.')]);
    const you = page.getByRole('article', { name: 'You' });
    await expect(you).toContainText('/changelog 2.1');
    const folded = you.getByText('Instructions of the skill /changelog (sent to the assistant)');
    await expect(you.getByText('Write the changelog entry for version 2.1.')).toBeHidden();
    await folded.click();
    await expect(you.getByText(/Write the changelog entry for version 2\.1\./)).toBeVisible();
    await page.screenshot({ path: screenshotPath('skills-sent') });
  });
});
