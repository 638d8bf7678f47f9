// Subagents in Chromium (AG7, AG8): the assistant hands a task to an Explore agent; its card shows who
// works on what, the agent's own calls appear live under it as the usual cards, then its answer. A
// helper agent's command asks in the same approval window, which says which agent asks.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, screenshotPath, test } from './fixtures';
import { ask, resultText, say, toolResults, useTool } from './tool-helpers';

test('AG7 a subagent card: its own calls live under it, then its answer', async ({ page, webApp }) => {
  writeFileSync(path.join(webApp.projectDir, 'settings.json'), '{ "theme": "dark" }\n');
  webApp.fake.push(
    { content: [{ type: 'text', text: 'I will ask an explorer to look.' }, useTool('Agent', { description: 'Find the settings', prompt: 'Find the settings file and tell me its theme', subagent_type: 'Explore' })] },
    // The Explore agent's turns: slow enough to see it work.
    { content: [useTool('Glob', { pattern: '*.json' })], delayMs: 150 },
    { content: [useTool('Read', { file_path: path.join(webApp.projectDir, 'settings.json') })], delayMs: 400 },
    { content: [{ type: 'text', text: 'The settings file is **settings.json**; its theme is `dark`.' }], delayMs: 600 },
    say('The theme is dark.'),
  );
  await page.goto(webApp.url);
  await ask(page, 'Which theme do the settings use?');

  const card = page.getByRole('article', { name: 'Explore agent: Find the settings' });
  await expect(card).toBeVisible();
  const activity = card.getByRole('list', { name: 'What Explore agent did' });
  // Live: the agent's own Read shows under its card while the agent still works.
  await expect(activity.getByRole('article', { name: /settings\.json/ })).toBeVisible();
  await expect(card.getByTestId('tool-call-state').first()).toHaveText('Working');
  await page.screenshot({ path: screenshotPath('agent-card-working'), fullPage: true });

  await expect(page.getByText('The theme is dark.')).toBeVisible();
  // The card's own state comes first (its head); its agent's cards follow.
  await expect(card.getByTestId('tool-call-state').first()).toHaveText('Finished, 2 steps');
  const answer = card.getByRole('region', { name: 'Answer of Explore agent' });
  await expect(answer).toContainText('The settings file is settings.json; its theme is dark.');
  await expect(answer.locator('strong')).toHaveText('settings.json');
  await expect(activity.getByRole('article')).toHaveCount(2);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('agent-card-finished'), fullPage: true });

  const last = webApp.fake.requests.at(-1)!;
  expect(resultText(toolResults(last)[0]!)).toContain('its theme is `dark`');
  // The Explore agent's request never offered a tool that edits.
  const child = webApp.fake.requests[1]!.body as { tools: Array<{ name: string }> };
  expect(child.tools.map((t) => t.name).sort()).toEqual(['Bash', 'Glob', 'Grep', 'Read']);
});

test("AG8 a helper agent's command waits in the same approvals, which name the agent", async ({ page, webApp }) => {
  webApp.fake.push(
    { content: [useTool('Agent', { description: 'Make the build folder', prompt: 'Create the build folder', name: 'Builder' })] },
    { content: [useTool('Bash', { command: 'mkdir -p build', description: 'Make the build folder' })] },
    say('Made the build folder.'),
    say('Done: the helper made it.'),
  );
  await page.goto(webApp.url);
  await ask(page, 'Make a build folder, through a helper');
  // A subagent's request waits in the approvals list (it never covers the conversation), naming the agent.
  await page.getByRole('button', { name: 'Approvals, 1 waiting' }).click();
  const inbox = page.getByRole('dialog', { name: 'Approvals waiting' });
  await expect(inbox).toContainText('Helper agent “Builder” in “Make a build folder, through a helper”');
  await page.screenshot({ path: screenshotPath('agent-asks-approval') });
  await inbox.getByRole('button', { name: 'Allow once' }).click();
  await expect(page.getByText('Done: the helper made it.')).toBeVisible();
  const card = page.getByRole('article', { name: 'Builder: Make the build folder' });
  await expect(card.getByRole('region', { name: 'Answer of Builder' })).toContainText('Made the build folder.');
});
