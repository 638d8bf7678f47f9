// A connected tool's question in Chromium through the real web host (MCP elicitation, issue 17 item 6):
// the model calls a tool of a stdio server that asks the person for a booking's details; the form made
// from its schema is docked above the message box; an answer that does not fit is refused in words;
// the answer sent reaches the server, whose reply goes back to the model. Decline is answered too. Like an
// approval it is announced and F6 reaches it from the message box and back.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { ask, resultText, say, toolResults, useTool } from './tool-helpers';

const SERVER = path.resolve(__dirname, '..', 'test', 'integration', 'mcp', 'asking-server.mjs');

async function allowIfAsked(page: Page): Promise<void> {
  const allow = page.getByRole('dialog').getByRole('button', { name: 'Allow once' });
  const question = page.getByRole('dialog', { name: 'The connected tool “asking” asks you' });
  await expect(allow.or(question)).toBeVisible({ timeout: 15_000 });
  if (await allow.isVisible()) await allow.click();
}

test.describe('A connected tool asks the person (issue 17 item 6)', () => {
  test('issue 17 item 6: the question is a form from its schema; the answer goes back to the server', async ({ page, webApp }) => {
    await writeFile(path.join(webApp.projectDir, '.mcp.json'), JSON.stringify({ mcpServers: { asking: { command: process.execPath, args: [SERVER] } } }, null, 2));
    await page.goto(webApp.url);
    // The server is connected (its tools in the pool) before the model calls one.
    await page.getByRole('button', { name: /^Connected tools/ }).click();
    const pane = page.getByRole('region', { name: 'Connected tools' });
    await expect(pane.getByRole('listitem', { name: 'asking' }).getByRole('status')).toHaveText('Connected', { timeout: 15_000 });
    await pane.getByRole('button', { name: 'Close connected tools' }).click();
    webApp.fake.push({ content: [useTool('mcp__asking__book_table', {})] }, say('Booked.'), { content: [useTool('mcp__asking__book_table', {})] }, say('Not booked.'));
    await ask(page, 'Book a table at Chez Ada');
    await allowIfAsked(page);

    const form = page.getByRole('dialog', { name: 'The connected tool “asking” asks you' });
    await expect(form).toContainText('Booking a table at Chez Ada: who is coming?');
    await expect(form.getByRole('spinbutton', { name: 'Guests' })).toHaveValue('2');
    await expect(form.getByRole('checkbox', { name: 'Vegetarian menu' })).not.toBeChecked();
    await expect(form.getByRole('combobox', { name: 'Time (optional)' })).toBeVisible();
    // Like an approval it does not take the keyboard: it is announced, the message box says where the
    // answer is awaited, and F6 goes to the question and back.
    await expect(page.getByRole('status', { name: 'Question notices' })).toHaveText('The connected tool “asking” asks you something: Booking a table at Chez Ada: who is coming? Press F6 to answer.');
    await expect(page.getByText('The assistant waits for your answer above.', { exact: false })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
    await page.keyboard.press('F6');
    await expect(form).toBeFocused();
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
    const [, second] = await webApp.fake.waitForRequests(2);
    expect(resultText(toolResults(second!)[0]!)).toBe('accept {"name":"Ada","guests":4,"vegetarian":true,"time":"21:00"}');

    await ask(page, 'Book another one');
    await allowIfAsked(page);
    await form.getByRole('button', { name: 'Decline' }).click();
    await expect(transcript).toContainText('Not booked.');
    const [, , , fourth] = await webApp.fake.waitForRequests(4);
    expect(resultText(toolResults(fourth!)[0]!)).toBe('decline');
  });
});
