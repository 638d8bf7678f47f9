// Teammate mode in Chromium over the real web host (AG7): the scripted model starts a named background
// agent; the agent's message comes back as a turn of the conversation, shown as from the teammate (its
// name and summary, not the person's bubble); the conversation's answer goes out as a SendMessage card
// ("Message to researcher · …"); the teammate waits in the background until stopped from the panel.
import AxeBuilder from '@axe-core/playwright';
import type { RecordedRequest, ScriptedReply } from '../test/fake-model/server';
import { expect, screenshotPath, test } from './fixtures';
import { ask } from './tool-helpers';

type Msg = { role: string; content: string | Array<{ type: string; text?: string; content?: unknown }> };
const textOf = (m: Msg | undefined): string =>
  !m ? '' : typeof m.content === 'string' ? m.content : m.content.map((b) => b.text ?? (typeof b.content === 'string' ? b.content : '')).join('\n');
const use = (name: string, input: Record<string, unknown>): ScriptedReply => ({ content: [{ type: 'tool_use', name, input }] });
const say = (text: string): ScriptedReply => ({ content: [{ type: 'text', text }] });

/** One script for both: the teammate's requests begin with its task, the conversation's with the person's words. */
function router(req: RecordedRequest): ScriptedReply {
  const messages = req.body.messages as Msg[];
  const last = textOf(messages.at(-1));
  if (textOf(messages[0]).startsWith('Find where dates are parsed')) {
    if (messages.length === 1) return use('SendMessage', { to: 'main', summary: 'found the date parser', message: 'Dates are parsed in **src/dates.ts**, in `parseYear()`. Two-digit years are read as 19xx.' });
    if (last.includes('teammate_id="main"')) return use('SendMessage', { to: 'main', summary: 'tests written', message: 'Added three tests for two-digit years.' });
    return say('Reported back.');
  }
  if (messages.length === 1) return use('Agent', { description: 'Find the date parser', prompt: 'Find where dates are parsed', name: 'researcher', run_in_background: true });
  if (last.includes('found the date parser')) return use('SendMessage', { to: 'researcher', summary: 'write tests for it', message: 'Thanks. Please add tests for two-digit years.' });
  if (last.includes('tests written')) return say('The researcher found the parser and wrote the tests.');
  return say('A researcher is looking into it.');
}

test('AG7 a teammate’s messages show as from the teammate, and the conversation answers with SendMessage', async ({ page, webApp }) => {
  for (let i = 0; i < 12; i++) webApp.fake.push(router);
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(webApp.url);
  await ask(page, 'Two-digit years break the date parser. Get a researcher on it.');

  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript).toContainText('The researcher found the parser and wrote the tests.');
  const first = transcript.getByRole('article', { name: 'Message from researcher' }).first();
  await expect(first).toContainText('researcher wrote to the assistant · found the date parser');
  await expect(first.getByRole('strong')).toHaveText('src/dates.ts');
  await expect(transcript.getByRole('article', { name: 'Message from researcher' })).toHaveCount(2);
  await expect(transcript.getByRole('article', { name: /^Message to researcher · write tests for it/ })).toBeVisible();
  // The person's own words stay the person's.
  await expect(transcript.getByRole('article', { name: 'You' })).toHaveCount(1);
  const axe = await new AxeBuilder({ page }).include('[aria-label="Transcript"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.screenshot({ path: screenshotPath('teammates') });

  // The teammate still waits for messages in the background; its card says where it is listed, and
  // the to-do panel lists it with Stop.
  await expect(transcript).toContainText('It works in the background, listed in the to-do list, where you can stop it.');
  await page.getByRole('button', { name: /^To-do list/ }).click();
  const pane = page.getByRole('region', { name: 'To-do list' });
  await expect(pane.getByRole('list', { name: 'Background work' })).toContainText('Find the date parser');
  await pane.getByRole('button', { name: 'Stop Find the date parser' }).click();
  await expect(pane.getByRole('list', { name: 'Background work' })).toContainText('Stopped');
});
