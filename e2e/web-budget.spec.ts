// Issue 20 items 3 and 4 in Chromium over the real web host: each turn's cost and the conversation's
// are shown; with a budget in the settings (agentDesk.budget) the transcript says when 80 % is used;
// at 100 % the assistant pauses with a question in the approval inbox, sends nothing until answered,
// and goes on after "Raise and continue"; the session list shows each conversation's cost and the
// project's spending today.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ScriptedReply } from '../test/fake-model/server';
import { expect, screenshotPath, test } from './fixtures';

/** claude-sonnet-5 at $2 / $10 per million tokens: 10,000 in and 100 out are $0.021 a call. */
const usage = { input_tokens: 10_000, output_tokens: 100 };
const step = (id: string): ScriptedReply => ({ content: [{ type: 'tool_use', id, name: 'ToolSearch', input: { query: id } }], usage });
const answer = (text: string): ScriptedReply => ({ content: [{ type: 'text', text }], usage });

test('issue 20: a turn\'s and the conversation\'s cost are shown; at its budget the conversation pauses with a question in the inbox', async ({ page, webApp }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await mkdir(path.join(webApp.projectDir, '.claude'), { recursive: true });
  await writeFile(path.join(webApp.projectDir, '.claude', 'settings.json'), JSON.stringify({ agentDesk: { budget: { conversation: { usd: 0.05 } } } }));
  const transcript = page.getByRole('log', { name: 'Transcript' });
  const message = page.getByRole('textbox', { name: 'Message' });

  // Turn 1: two calls, $0.042 of $0.05: 84 %.
  webApp.fake.push(step('toolu_1'), answer('I looked around the project.'));
  await page.goto(webApp.url);
  await message.fill('Look around');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(transcript).toContainText('I looked around the project.');
  await expect(transcript.getByLabel('Cost of this turn')).toHaveText('This turn: 2 replies · 20.2k tokens · $0.04');
  await expect(page.getByRole('status', { name: /^Usage: 20\.2k tokens · \$0\.04 · 84 % of budget$/ })).toBeVisible();
  const note = transcript.getByRole('status', { name: 'Budget' });
  await expect(note).toHaveText('This conversation has used 84 % of its budget ($0.04 of $0.05). When it is used up, the assistant pauses and asks you before it goes on.');
  await page.screenshot({ path: screenshotPath('budget-notice-80') });

  // Turn 2: one more call passes the budget; the next request waits for the person.
  webApp.fake.push(step('toolu_2'), answer('Fixed it.'));
  await message.fill('Now fix the bug');
  await page.getByRole('button', { name: 'Send' }).click();
  const question = page.getByRole('dialog', { name: 'This conversation has used up its budget' });
  await expect(question).toBeVisible();
  await expect(question).toContainText('Used so far: $0.06 of $0.05 (126 %). The assistant paused before its next request: should it go on?');
  await expect(question).toContainText('Nothing more is spent until you answer.');
  await expect(note).toContainText('has used up its budget ($0.06 of $0.05). The assistant is paused');
  expect(webApp.fake.requests).toHaveLength(3);
  // The header, the list and the question agree while the turn is paused, not only once it ends.
  const list = page.getByRole('list', { name: 'Sessions' });
  await expect(page.getByRole('status', { name: /^Usage: 30\.3k tokens · \$0\.06 · 126 % of budget$/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /^Look around/ })).toContainText('$0.06 ·');
  await expect(page.getByRole('status', { name: 'Spent today in this project' })).toHaveText('Spent today: $0.06 in 1 conversation');
  await expect(page.getByRole('button', { name: 'Approvals, 1 waiting' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('budget-paused-question') });

  // The inbox lists it with words of its own.
  await page.getByRole('button', { name: 'Approvals, 1 waiting' }).click();
  const inbox = page.getByRole('dialog', { name: 'Approvals waiting' });
  // The inbox names whose budget it is, in the dialog's words.
  const group = inbox.getByRole('region', { name: 'This conversation has used up its budget' });
  await expect(group).toBeVisible();
  await expect(group).toContainText('Used so far: $0.06 of $0.05 (126 %).');
  // No raw field under it: the budget's owner ("conversation") is not shown as code.
  await expect(group.locator('code')).toHaveCount(0);
  await expect(group.getByRole('button', { name: 'Continue once more' })).toBeVisible();
  await expect(group.getByRole('button', { name: 'Stop' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('budget-inbox') });
  await page.getByRole('button', { name: 'Close approvals' }).click();
  expect(webApp.fake.requests).toHaveLength(3);

  // Raise it by a dollar: it goes on to its answer.
  const dollars = question.getByRole('textbox', { name: 'Dollars to add to the budget' });
  await expect(dollars).toHaveValue('1');
  await question.getByRole('button', { name: 'Raise and continue' }).click();
  await expect(transcript).toContainText('Fixed it.');
  expect(webApp.fake.requests).toHaveLength(4);
  await expect(note).toHaveText('You raised the budget to $1.05. Used so far: $0.08 of $1.05.');
  await expect(transcript.getByLabel('Cost of this turn').last()).toHaveText('This turn: 2 replies · 20.2k tokens · $0.04');
  await expect(page.getByRole('status', { name: /^Usage: 40\.4k tokens · \$0\.08 · 8 % of budget$/ })).toBeVisible();

  // The list: the conversation's cost, and the project's spending today.
  await expect(list.getByRole('button', { name: /^Look around/ })).toContainText('$0.08 ·');
  await expect(page.getByRole('status', { name: 'Spent today in this project' })).toHaveText('Spent today: $0.08 in 1 conversation');
  await page.screenshot({ path: screenshotPath('budget-raised-costs') });
});

test('issue 20 item 4: Stop at the budget ends the run and says why', async ({ page, webApp }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await mkdir(path.join(webApp.projectDir, '.claude'), { recursive: true });
  await writeFile(path.join(webApp.projectDir, '.claude', 'settings.json'), JSON.stringify({ agentDesk: { budget: { conversation: { tokens: 15_000 } } } }));
  webApp.fake.push(step('toolu_a'), step('toolu_b'), answer('never sent'));
  await page.goto(webApp.url);
  await page.getByRole('textbox', { name: 'Message' }).fill('Work on it');
  await page.getByRole('button', { name: 'Send' }).click();
  const question = page.getByRole('dialog', { name: 'This conversation has used up its budget' });
  await expect(question).toContainText('Used so far: 20,200 of 15,000 tokens (134 %).');
  await expect(question.getByRole('textbox', { name: 'Tokens to add to the budget' })).toHaveValue('100000');
  await question.getByRole('button', { name: 'Stop' }).click();
  const stop = page.getByRole('note', { name: 'Why the assistant stopped' });
  await expect(stop).toContainText('Stopped at the budget');
  await expect(stop).toContainText('You chose to stop. Continue asks again; you can raise the budget then.');
  await expect(question).toBeHidden();
  expect(webApp.fake.requests).toHaveLength(2);
  await page.screenshot({ path: screenshotPath('budget-stopped') });
});
