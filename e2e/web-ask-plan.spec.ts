// Issue 19 in Chromium: the assistant's questions (AskUserQuestion) are a form in the approval window —
// choices with their descriptions, several at once, "Other" in the person's own words — and the
// answers given are in the model's next request. Keys typed into the message box never answer it (PX1).
// A plan (ExitPlanMode) is shown as Markdown; approved into automatic edits, the edit after it runs
// without asking.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { ask, countDialogs, dialogsOpened, resultText, say, toolResults, useTool } from './tool-helpers';

const questions = [
  {
    question: 'Which database should the app use?',
    header: 'Database',
    multiSelect: false,
    options: [
      { label: 'SQLite (Recommended)', description: 'One file next to the app, nothing to install.' },
      { label: 'Postgres', description: 'A database server; better for many users at once.' },
    ],
  },
  {
    question: 'Which checks should run before each commit?',
    header: 'Checks',
    multiSelect: true,
    options: [
      { label: 'Lint', description: 'Style and common mistakes.' },
      { label: 'Type check', description: 'TypeScript types.' },
      { label: 'Unit tests', description: 'The fast tests.' },
    ],
  },
];

const ui = (page: Page) => ({
  dialog: page.getByRole('dialog', { name: 'The assistant has some questions for you' }),
  transcript: page.getByRole('log', { name: 'Transcript' }),
  message: page.getByRole('textbox', { name: 'Message' }),
});

test.describe('AskUserQuestion in Chromium (issue 19)', () => {
  test('issue 19 the questions are a form; the answers given are in the next request', async ({ page, webApp }) => {
    webApp.fake.push({ content: [{ type: 'text', text: 'Two quick questions first.' }, useTool('AskUserQuestion', { questions })] }, say('Thanks: SQLite, with lint and your own check.'));
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Set up the project');
    await expect(u.dialog).toBeVisible();

    // Typing on in the message box while it arrives answers nothing (PX1).
    await u.message.focus();
    await page.keyboard.type('1 2 3 ');
    await expect(u.message).toHaveValue('1 2 3 ');
    await expect(u.dialog).toBeVisible();

    const db = u.dialog.getByRole('group', { name: /Which database should the app use\?/ });
    const checks = u.dialog.getByRole('group', { name: /Which checks should run before each commit\?/ });
    await expect(db.getByRole('radio')).toHaveCount(3);
    await expect(checks.getByRole('checkbox')).toHaveCount(4);
    // A choice's description is read with it.
    await expect(db.getByRole('radio', { name: 'SQLite (Recommended)' })).toHaveAccessibleDescription('One file next to the app, nothing to install.');
    const send = u.dialog.getByRole('button', { name: 'Send answers' });
    await expect(send).toBeDisabled();
    await page.screenshot({ path: screenshotPath('ask-user-question-arrived') });

    await db.getByRole('radio', { name: 'SQLite (Recommended)' }).check();
    await checks.getByRole('checkbox', { name: 'Lint' }).check();
    await checks.getByRole('textbox', { name: /^Your own answer/ }).fill('Spell check');
    await expect(checks.getByRole('checkbox', { name: 'Other' })).toBeChecked();
    await page.screenshot({ path: screenshotPath('ask-user-question-form') });
    await expect(send).toBeEnabled();
    await send.click();

    await expect(u.transcript).toContainText('Thanks: SQLite, with lint and your own check.');
    await expect(u.dialog).toBeHidden();
    const results = toolResults(webApp.fake.requests.at(-1)!);
    expect(results).toHaveLength(1);
    expect(resultText(results[0]!)).toBe(
      'User has answered your questions: "Which database should the app use?"="SQLite (Recommended)", "Which checks should run before each commit?"="Lint, Spell check". You can now continue with the user\'s answers in mind.',
    );
    // The card shows each question with its answer.
    const card = page.getByRole('article', { name: /You answered 2 questions/ });
    await expect(card).toContainText('Lint, Spell check');
    await page.screenshot({ path: screenshotPath('ask-user-question-answered') });
  });

  test('issue 19 a plan approved into automatic edits: the edit after it runs without asking', async ({ page, webApp }) => {
    await countDialogs(page);
    const file = path.join(webApp.projectDir, 'notes.md');
    const plan = '# Add a notes file\n\n1. Create `notes.md` in the project folder\n2. Write **one** first note\n\nNothing else changes.';
    webApp.fake.push(
      { content: [{ type: 'text', text: 'Let me plan this first.' }, useTool('EnterPlanMode', {})] },
      { content: [useTool('ExitPlanMode', { plan })] },
      { content: [useTool('Write', { file_path: file, content: 'first note\n' })] },
      say('The notes file is written.'),
    );
    await page.goto(webApp.url);
    await ask(page, 'Add a notes file');
    const dialog = page.getByRole('dialog', { name: 'The assistant has a plan for you to approve' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Add a notes file' })).toBeVisible();
    await expect(dialog.locator('strong')).toHaveText('one');
    await page.screenshot({ path: screenshotPath('plan-approval') });
    await dialog.getByRole('button', { name: 'Approve and let me edit files automatically' }).click();

    await expect(ui(page).transcript).toContainText('The notes file is written.');
    expect(await readFile(file, 'utf8')).toBe('first note\n');
    // The plan was the only thing asked: the Write ran without a dialog.
    expect(await dialogsOpened(page)).toBe(1);
    await expect(page.getByRole('article', { name: /^Plan approved/ })).toBeVisible();
    // The message box shows the mode the plan was approved into.
    await expect(page.getByRole('combobox', { name: 'How the assistant works' })).toHaveValue('acceptEdits');
    await page.screenshot({ path: screenshotPath('plan-approved') });
  });

  test('issue 19 plan mode picked in the message box before the first message: the model is told and nothing changes', async ({ page, webApp }) => {
    const file = path.join(webApp.projectDir, 'notes.md');
    webApp.fake.push({ content: [useTool('Write', { file_path: file, content: 'too early\n' })] }, say('Here is how I would do it: first the notes file, then the note.'));
    await page.goto(webApp.url);
    const mode = page.getByRole('combobox', { name: 'How the assistant works' });
    await expect(mode).toHaveValue('default');
    await mode.selectOption({ label: 'Plan only, change nothing' });
    await page.screenshot({ path: screenshotPath('composer-plan-mode') });
    await ask(page, 'Add a notes file');
    await expect(ui(page).transcript).toContainText('Here is how I would do it');
    expect(JSON.stringify(webApp.fake.requests[0]!.body.system)).toContain('Plan mode is active.');
    expect(resultText(toolResults(webApp.fake.requests[1]!)[0]!)).toContain('plan mode');
    await expect(readFile(file, 'utf8')).rejects.toThrow();
    await expect(mode).toHaveValue('plan');
    // Back to asking for the next message.
    await mode.selectOption({ label: 'Ask before changes' });
    await expect(mode).toHaveValue('default');
  });
});
