// A connected tool's question in Chromium through the real web host (MCP elicitation, issue 17 item 6):
// the model calls a tool of a stdio server that asks the person for a booking's details. The question
// belongs to the conversation whose call asked: docked there with the form made from its schema,
// announced and reached with F6 like an approval, counted in the window title, the inbox and that
// conversation's row — and not shown in another conversation opened meanwhile, from whose inbox it
// is answered with the same form. An answer that does not fit is refused in words; the answer sent
// reaches the server, whose reply goes back to the model; "Say no" (a refusal) and "Not now" (closed
// unanswered, also Esc twice) reach it as decline and cancel. A question asked
// while none of the server's calls runs waits in the project's inbox, from the connected tool.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { ask, resultText, say, toolResults, useTool } from './tool-helpers';

const SERVER = path.resolve(__dirname, '..', 'test', 'integration', 'mcp', 'asking-server.mjs');
const QUESTION = 'The connected tool “asking” asks you';

async function connect(page: Page, projectDir: string, url: string): Promise<void> {
  await writeFile(path.join(projectDir, '.mcp.json'), JSON.stringify({ mcpServers: { asking: { command: process.execPath, args: [SERVER] } } }, null, 2));
  await page.goto(url);
  // The server is connected (its tools in the pool) before the model calls one.
  await page.getByRole('button', { name: /^Connected tools/ }).click();
  const pane = page.getByRole('region', { name: 'Connected tools' });
  await expect(pane.getByRole('listitem', { name: 'asking' }).getByRole('status')).toHaveText('Connected', { timeout: 15_000 });
  await pane.getByRole('button', { name: 'Close connected tools' }).click();
}

/** The call itself may need an approval first (a tool not allowed yet). */
async function allowIfAsked(page: Page): Promise<void> {
  const allow = page.getByRole('dialog').getByRole('button', { name: 'Allow once' });
  const question = page.getByRole('dialog', { name: QUESTION });
  await expect(allow.or(question)).toBeVisible({ timeout: 15_000 });
  if (await allow.isVisible()) await allow.click();
}

test.describe('A connected tool asks the person (issue 17 item 6)', () => {
  test('issue 17 item 6: the question is a form from its schema in its conversation; the answer goes back to the server', async ({ page, webApp }) => {
    await connect(page, webApp.projectDir, webApp.url);
    const book = { content: [useTool('mcp__asking__book_table', {})] };
    webApp.fake.push(book, say('Booked.'), book, say('Not booked.'), book, say('Asked later.'), book, say('Closed.'));
    await ask(page, 'Book a table at Chez Ada');
    await allowIfAsked(page);

    const form = page.getByRole('dialog', { name: QUESTION });
    await expect(form).toContainText('Booking a table at Chez Ada: who is coming?');
    await expect(form.getByRole('spinbutton', { name: 'Guests' })).toHaveValue('2');
    await expect(form.getByRole('checkbox', { name: 'Vegetarian menu' })).not.toBeChecked();
    await expect(form.getByRole('combobox', { name: 'Time (optional)' })).toBeVisible();
    // Like an approval: announced, counted (title, inbox, the conversation's row), and it does not take
    // the keyboard; F6 goes to the question and back.
    await expect(page.getByRole('status', { name: 'Approval notices' })).toHaveText(`The assistant is waiting for your answer: ${QUESTION}. Press F6 to answer.`);
    await expect(page.getByText('The assistant waits for your answer above.', { exact: false })).toBeVisible();
    await expect(page).toHaveTitle(/^\(1\) /);
    await expect(page.getByRole('button', { name: 'Approvals, 1 waiting' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: /^Book a table at Chez Ada/ })).toContainText('Waiting for you');
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
    await page.keyboard.press('F6');
    await expect(form.locator('.approval__panel')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(form.getByRole('textbox', { name: 'Your name' })).toBeFocused();
    await page.keyboard.press('F6');
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
    await page.screenshot({ path: screenshotPath('web-mcp-question'), fullPage: false });

    // Too short a name: refused in words, the form stays.
    await form.getByRole('textbox', { name: 'Your name' }).fill('A');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('alert')).toHaveText('“Your name” must be at least 2 characters.');
    await page.screenshot({ path: screenshotPath('web-mcp-question-refused'), fullPage: false });

    await form.getByRole('textbox', { name: 'Your name' }).fill('Ada');
    await form.getByRole('spinbutton', { name: 'Guests' }).fill('4');
    await form.getByRole('checkbox', { name: 'Vegetarian menu' }).check();
    await form.getByRole('combobox', { name: 'Time (optional)' }).selectOption({ label: 'Nine o’clock' });
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form).toHaveCount(0);
    const transcript = page.getByRole('log', { name: 'Transcript' });
    await expect(transcript).toContainText('Booked.');
    await expect(page).not.toHaveTitle(/^\(/);
    const [, second] = await webApp.fake.waitForRequests(2);
    expect(resultText(toolResults(second!)[0]!)).toBe('accept {"name":"Ada","guests":4,"vegetarian":true,"time":"21:00"}');

    // Item 4: a refusal and a question closed unanswered are told apart, to the person and the server.
    await ask(page, 'Book another one');
    await allowIfAsked(page);
    await expect(form.getByRole('button', { name: 'Say no' })).toHaveAccessibleDescription('Say no: “asking” is told you refused.');
    await expect(form.getByRole('button', { name: 'Not now' })).toHaveAccessibleDescription('Not now: “asking” is told you closed the question without answering.');
    await page.screenshot({ path: screenshotPath('web-mcp-question-choices'), fullPage: false });
    await form.getByRole('button', { name: 'Say no' }).click();
    await expect(transcript).toContainText('Not booked.');
    const [, , , fourth] = await webApp.fake.waitForRequests(4);
    expect(resultText(toolResults(fourth!)[0]!)).toBe('decline');

    await ask(page, 'And one more');
    await allowIfAsked(page);
    await form.getByRole('button', { name: 'Not now' }).click();
    await expect(transcript).toContainText('Asked later.');
    expect(resultText(toolResults((await webApp.fake.waitForRequests(6))[5]!)[0]!)).toBe('cancel');

    // Esc twice closes it unanswered too: a cancel, never a refusal.
    await ask(page, 'The last one');
    await allowIfAsked(page);
    // After "Allow once" the question comes a moment later; F6 before it exists has nowhere to go.
    await expect(form).toBeVisible();
    await page.keyboard.press('F6');
    await expect(form.locator('.approval__panel')).toBeFocused();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(transcript).toContainText('Closed.');
    expect(resultText(toolResults((await webApp.fake.waitForRequests(8))[7]!)[0]!)).toBe('cancel');
  });

  test('issue 17 item 6: another conversation opened meanwhile does not show it; its inbox answers it with the form', async ({ page, webApp }) => {
    await connect(page, webApp.projectDir, webApp.url);
    webApp.fake.push({ content: [useTool('mcp__asking__book_table', {})] }, say('Booked for Grace.'));
    await ask(page, 'Book a table for Grace');
    await allowIfAsked(page);
    await expect(page.getByRole('dialog', { name: QUESTION })).toBeVisible();

    await page.getByRole('button', { name: 'New session' }).click();
    await expect(page.getByRole('dialog', { name: QUESTION })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: /^Book a table for Grace/ })).toContainText('Waiting for you');
    await expect(page).toHaveTitle(/^\(1\) /);
    await page.getByRole('button', { name: 'Approvals, 1 waiting' }).click();
    const inbox = page.getByRole('dialog', { name: 'Approvals waiting' });
    const group = inbox.getByRole('region', { name: '1 question from “asking”' });
    await expect(group).toContainText('Conversation “Book a table for Grace”');
    await expect(group).toContainText('Booking a table at Chez Ada: who is coming?');
    await expect(group.getByRole('button', { name: 'Allow once' })).toHaveCount(0);
    await page.screenshot({ path: screenshotPath('web-mcp-question-inbox'), fullPage: false });
    await group.getByRole('button', { name: 'Answer…' }).click();

    const form = page.getByRole('dialog', { name: QUESTION });
    await expect(form).toContainText('From the conversation “Book a table for Grace”');
    await form.getByRole('textbox', { name: 'Your name' }).fill('Grace');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form).toHaveCount(0);
    const [, second] = await webApp.fake.waitForRequests(2);
    expect(resultText(toolResults(second!)[0]!)).toBe('accept {"name":"Grace","guests":2,"vegetarian":false}');
    await expect(page).not.toHaveTitle(/^\(/);
  });

  test('issue 17 item 6: asked while none of its calls runs, the question waits in the project’s inbox, from the connected tool', async ({ page, webApp }) => {
    await connect(page, webApp.projectDir, webApp.url);
    const file = path.join(webApp.projectDir, 'kept.json');
    webApp.fake.push({ content: [useTool('mcp__asking__ask_later', { file })] }, say('It will ask you.'));
    await ask(page, 'Tell me when my table is ready');
    await allowIfAsked(page);
    await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('It will ask you.');

    // No conversation waits on it: nothing docks; the inbox holds it.
    await expect(page.getByRole('button', { name: 'Approvals, 1 waiting' })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('dialog', { name: QUESTION })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Sessions' })).not.toContainText('Waiting for you');
    await page.getByRole('button', { name: 'Approvals, 1 waiting' }).click();
    const group = page.getByRole('dialog', { name: 'Approvals waiting' }).getByRole('region', { name: '1 question from “asking”' });
    await expect(group).toContainText('From the connected tool “asking”');
    await expect(group).toContainText('Your table is ready: shall we keep it for you?');
    await group.getByRole('button', { name: 'Answer…' }).click();
    const form = page.getByRole('dialog', { name: QUESTION });
    await expect(form).toContainText('From the connected tool “asking”, while no conversation was using it.');
    await expect(form.getByRole('checkbox', { name: 'Keep the table' })).toBeChecked();
    await page.screenshot({ path: screenshotPath('web-mcp-question-project'), fullPage: false });
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form).toHaveCount(0);
    await expect.poll(() => readFile(file, 'utf8').catch(() => '')).toBe('{"action":"accept","content":{"keep":true}}');
  });
});
