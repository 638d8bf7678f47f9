// PX1, issue 12 item 1 (a safety defect): text typed into the message box never answers an approval.
// A person types "keep 1 decimal and 3 recipes" (and an Esc) while a command's approval opens: nothing
// is approved or denied, every typed character is in the message box, and the request can then be
// answered by a click, or by its keys once it has the focus. The same for the approvals inbox.
import type { Page } from '@playwright/test';
import type { ScriptedReply } from '../test/fake-model/server';
import { expect, screenshotPath, test } from './fixtures';
import { ask, say } from './tool-helpers';

const SENTENCE = 'keep 1 decimal and 3 recipes';
// A command that writes: read-only ones run without asking (TC2).
const COMMAND = 'touch approved-by-a-person';

/** A reply that talks for a while before it asks to run COMMAND (once `hold` settles, if given), so the person is typing when it asks. */
const slowAsk = (hold?: Promise<unknown>): ScriptedReply => ({
  ...(hold ? { holdBeforeTools: hold } : {}),
  content: [
    { type: 'text', text: 'Let me look at the recipes file first, then I will make a marker file to check the setup.' },
    { type: 'tool_use', name: 'Bash', input: { command: COMMAND, description: 'Make a marker file' } },
  ],
  chunkSize: 6,
  delayMs: 40,
});

const ui = (page: Page) => ({
  message: page.getByRole('textbox', { name: 'Message' }),
  dialog: page.getByRole('dialog', { name: 'Allow Agent Desk to run a command?' }),
  card: page.getByRole('article', { name: `Make a marker file: ${COMMAND}`, exact: true }),
  state: page.getByRole('article', { name: `Make a marker file: ${COMMAND}`, exact: true }).getByTestId('tool-call-state'),
  transcript: page.getByRole('log', { name: 'Transcript' }),
  inbox: page.getByRole('dialog', { name: 'Approvals waiting' }),
});

const KEYS: Record<string, { code: string; keyCode: number; text?: string }> = {
  F6: { code: 'F6', keyCode: 117 },
  '1': { code: 'Digit1', keyCode: 49, text: '1' },
};

/** Presses keys as a person would at these offsets (ms): each input event carries its press time. */
async function pressStamped(page: Page, keys: Array<[key: string, atMs: number]>): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now();
  for (const [key, atMs] of keys) {
    const k = KEYS[key]!;
    const timestamp = (start + atMs) / 1000;
    const common = { key, code: k.code, windowsVirtualKeyCode: k.keyCode, timestamp };
    await cdp.send('Input.dispatchKeyEvent', { type: k.text ? 'keyDown' : 'rawKeyDown', ...common, ...(k.text ? { text: k.text } : {}) });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common });
  }
  await cdp.detach();
}

/** Nothing was answered: the call still waits and the model got no second request. */
async function nothingAnswered(page: Page, webApp: { fake: { requests: unknown[] } }): Promise<void> {
  const u = ui(page);
  await expect(u.state).toHaveAttribute('data-state', 'awaiting_permission');
  expect(webApp.fake.requests).toHaveLength(1);
}

test.describe('no approval by accident (PX1)', () => {
  test('typing in the message box while a command asks approves nothing, denies nothing and keeps every character', async ({ page, webApp }) => {
    webApp.fake.push(slowAsk(), say('Printed it.'));
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Check the recipes');
    await expect(u.message).toBeFocused();

    // The person starts the next message while the assistant still talks; the request opens mid-sentence.
    await page.keyboard.type('keep ', { delay: 30 });
    await expect(u.dialog).toBeVisible();
    await page.keyboard.type('1 decimal and 3 recipes', { delay: 30 });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(700);
    await page.keyboard.type('2', { delay: 30 });
    await page.keyboard.press('Backspace');

    await expect(u.message).toBeFocused();
    await expect(u.message).toHaveValue(SENTENCE);
    await nothingAnswered(page, webApp);
    // Still the first step: no answer was chosen, no feedback box was opened with the rest of the sentence.
    await expect(u.dialog.getByRole('button', { name: 'Allow once' })).toBeVisible();
    await expect(u.dialog.getByRole('textbox', { name: 'Feedback for the assistant' })).toHaveCount(0);
    // The request said it is there, in words a screen reader reads out and in the message box's hint.
    await expect(page.getByRole('status', { name: 'Approval notices' })).toContainText('The assistant is waiting for your answer');
    await expect(page.getByText('The assistant waits for your answer above.')).toBeVisible();
    await page.screenshot({ path: screenshotPath('approval-while-typing') });

    // A click answers it; the typed message is still there afterwards.
    await u.dialog.getByRole('button', { name: 'Allow once' }).click();
    await expect(u.state).toHaveAttribute('data-state', 'succeeded');
    await expect(u.transcript).toContainText('Printed it.');
    await expect(u.message).toHaveValue(SENTENCE);
  });

  test('keys typed while the request has the focus go on into the message box; its keys work once focused on purpose', async ({ page, webApp }) => {
    let askNow = () => {};
    webApp.fake.push(slowAsk(new Promise<void>((resolve) => (askNow = resolve))), say('Printed it.'));
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Check the recipes');
    // The composer takes the focus back once the message went out; only then focus elsewhere (the
    // transcript), so that the request, when it opens, takes the focus. It opens only after that click.
    await expect(u.message).toBeFocused();
    await u.transcript.click();
    askNow();
    await expect(u.dialog).toBeVisible();
    await expect.poll(() => page.evaluate("document.activeElement?.closest('dialog') != null")).toBe(true);

    await page.keyboard.type(SENTENCE, { delay: 30 });
    await expect(u.message).toBeFocused();
    await expect(u.message).toHaveValue(SENTENCE);
    await nothingAnswered(page, webApp);

    // F6 goes to the request on purpose; after a quiet moment its "1" allows once. A key pressed right
    // after the focus moved is not an answer: the "1" is pressed 50 ms after the F6, stamped so by the
    // browser's input, however long a loaded machine then takes to hand each key over.
    await pressStamped(page, [['F6', 0], ['1', 50]]);
    await nothingAnswered(page, webApp);
    await expect(u.message).toHaveValue(`${SENTENCE}1`);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('F6');
    await page.waitForTimeout(800);
    await page.keyboard.press('1');
    await expect(u.state).toHaveAttribute('data-state', 'succeeded');
    await expect(u.message).toHaveValue(SENTENCE);
  });

  test('the inbox: typing while a request arrives there answers nothing; a click does, and so does its button by key', async ({ page, webApp }) => {
    webApp.fake.push(slowAsk(), say('Printed it.'));
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Check the recipes');
    // The person opens the inbox (focus goes there) while the assistant still talks, then types.
    await page.getByRole('button', { name: 'No approvals waiting' }).click();
    await expect(u.inbox).toBeVisible();
    await page.keyboard.type('keep ', { delay: 30 });
    const item = u.inbox.getByRole('button', { name: 'Allow once' });
    await expect(item).toBeVisible();
    await page.keyboard.type('1 decimal and 3 recipes', { delay: 30 });
    await page.keyboard.press('Enter');

    // Enter in the box would send; while the assistant works it waits, and the text stays.
    await expect(u.message).toHaveValue(SENTENCE);
    await expect(u.dialog).toHaveCount(0);
    await nothingAnswered(page, webApp);
    await page.screenshot({ path: screenshotPath('inbox-while-typing') });

    // Its button, reached by the keyboard, acts after a quiet moment.
    await item.focus();
    await page.waitForTimeout(800);
    await page.keyboard.press('Enter');
    await expect(u.state).toHaveAttribute('data-state', 'succeeded');
    await expect(u.transcript).toContainText('Printed it.');
  });
});
