// A newcomer's walk through the newest features in Chromium (issues 18 and 20): background tasks (the
// pane, the new-task dialog by keyboard, a task watched live with its banner, its approval and its
// budget question in the inbox, Stop), a subagent's request in the inbox, the cost of a turn and of a
// conversation with the 80 % notice, the context meter and the "Conversation summarised" divider, and
// the to-do list — each screen checked for words a person cannot read and for text that runs off,
// at 1280 and at 800 pixels wide. Screenshots go to /tmp/journey/ to be looked at.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { RecordedRequest, ScriptedReply } from '../test/fake-model/server';
import { expect, test } from './fixtures';
import { ask, say, useTool } from './tool-helpers';

const SHOTS = '/tmp/journey';
const shot = async (page: Page, name: string): Promise<void> => {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
};

/** Words no person should meet on a screen: leaked values, code names, counts with the wrong plural. */
const UNREADABLE = /\bundefined\b|\bNaN\b|\bnull\b|\[object Object\]|\b1 (?:requests|turns|replies|conversations|tasks|tokens|approvals|steps|minutes|seconds)\b|\{"/;
async function expectReadable(where: Locator): Promise<void> {
  const text = (await where.innerText()).replace(/\s+/g, ' ');
  expect(text, 'words a person cannot read').not.toMatch(UNREADABLE);
}

// Page code runs in the browser; this file is typed without the DOM (as tool-helpers.ts), so its nodes are `Dom`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Dom = any;

/** Elements in `where` whose text runs past their own box or past the window's right edge. */
async function overflowing(page: Page, where: Locator): Promise<string[]> {
  return where.evaluate((root: Dom) => {
    // Inside the page: only what the page has (no closure over this file).
    const browser = globalThis as Dom;
    const out: string[] = [];
    const width: number = browser.document.documentElement.clientWidth;
    for (const el of [root, ...Array.from(root.querySelectorAll('*') as Dom[])] as Dom[]) {
      const style = browser.getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const r = el.getBoundingClientRect();
      // Visually hidden words (for screen readers) are 1 px boxes on purpose.
      if (r.width <= 1 || r.height <= 1) continue;
      const label = `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
      if (r.right > width + 1) out.push(`${label} ends at ${Math.round(r.right)} > ${width}`);
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip';
      if (clips && style.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 1) out.push(`${label} clipped (${el.scrollWidth} > ${el.clientWidth})`);
    }
    return out;
  });
}

/** The accessible names of the first `n` stops of Tab from where focus is now. */
async function tabStops(page: Page, n: number): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    await page.keyboard.press('Tab');
    names.push(
      await page.evaluate(() => {
        const browser = globalThis as Dom;
        const el: Dom = browser.document.activeElement;
        if (!el) return '(nothing)';
        const label: string = el.getAttribute('aria-label') ?? (el.id ? browser.document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ?? el.closest('label')?.textContent ?? el.textContent ?? '';
        return `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''}: ${label.trim().replace(/\s+/g, ' ').slice(0, 50)}`;
      }),
    );
  }
  return names;
}

/** claude-sonnet-5 at $2 / $10 per million tokens: 10,000 in and 100 out are $0.021 a call. */
const usage = { input_tokens: 10_000, output_tokens: 100 };

test.beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});

test('journey 1: a background task from the pane, by keyboard; watched live; its approval and its budget in the inbox; Stop', async ({ page, webApp }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  webApp.fake.push(
    { content: [{ type: 'text', text: 'I will note the date first.' }, useTool('Bash', { command: 'date > checked-by-task.txt' })], usage },
    { content: [useTool('ToolSearch', { query: 'deps' })], usage },
    say('never sent: the budget stops it before'),
  );
  await page.goto(webApp.url);
  const tasksButton = page.getByRole('button', { name: /^Background tasks/ });
  const pane = page.getByRole('region', { name: 'Background tasks' });
  const dialog = page.getByRole('dialog', { name: 'New background task' });
  await tasksButton.click();
  await expect(pane).toContainText('No background tasks in this project yet.');
  await shot(page, '01-pane-empty');
  await expectReadable(pane);

  // Keyboard only: the dialog opens from its button, Escape closes it and focus goes back to the button.
  const newTask = pane.getByRole('button', { name: 'New background task…' });
  await newTask.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await shot(page, '02-dialog-open');
  // Empty fields say what empty means; none looks like a value already filled in ("5.00" read as a budget set).
  await expect(dialog.getByRole('spinbutton', { name: 'Budget in US dollars (optional)' })).toHaveAttribute('placeholder', 'No budget');
  await expect(dialog.getByRole('textbox', { name: 'Name (optional)' })).toHaveAttribute('placeholder', /^For example: /);
  await expectReadable(dialog);
  // Tab goes down the form in reading order, from the title that has focus (a modal keeps it inside).
  const stops = await tabStops(page, 8);
  expect(stops.map((s) => s.replace(/agent-desk-e2e-project-\S+.*/, 'the project'))).toEqual([
    'select: Projectthe project',
    'textarea: What should it do?',
    'input[text]: Name (optional)',
    expect.stringMatching(/^input\[radio\]: Ask before changing anything/),
    expect.stringMatching(/^input\[number\]: Budget in US dollars \(optional\)/),
    'input[checkbox]: Save as a saved task, to start it again later',
    'button[submit]: Start task',
    'button[button]: Cancel',
  ]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(newTask).toBeFocused();

  await newTask.click();
  await dialog.getByRole('textbox', { name: 'What should it do?' }).fill('Check that the dependencies are up to date.');
  await dialog.getByRole('textbox', { name: 'Name (optional)' }).fill('nightly deps');
  await dialog.getByRole('spinbutton', { name: 'Budget in US dollars (optional)' }).fill('0.03');
  await shot(page, '03-dialog-filled');
  await dialog.getByRole('button', { name: 'Start task' }).click();
  await expect(dialog).toHaveCount(0);

  const task = pane.getByRole('listitem').filter({ hasText: 'nightly deps' });
  await expect(task).toContainText('Needs your approval (1)', { timeout: 20_000 });
  await shot(page, '04-pane-needs-approval');
  await expectReadable(pane);
  expect(await overflowing(page, pane)).toEqual([]);

  // Review: the full request, with where it comes from and why it asks.
  await task.getByRole('button', { name: 'Review the approval of nightly deps' }).click();
  const modal = page.getByRole('dialog', { name: /^Allow Agent Desk to / });
  await expect(modal).toContainText('From the background task “nightly deps”');
  await shot(page, '05-review-modal');
  await expectReadable(modal);
  const whyToggle = modal.getByText('Why am I asked?');
  await whyToggle.click();
  await shot(page, '06-review-why');
  await modal.getByRole('button', { name: 'Back to the inbox' }).click();

  // Its conversation, watched live, with its banner.
  await task.getByRole('button', { name: 'Show the conversation of nightly deps' }).click();
  const banner = page.getByRole('region', { name: 'Running background task' });
  await expect(banner).toContainText('“nightly deps”');
  await page.getByRole('button', { name: 'Close background tasks' }).click();
  await shot(page, '07-banner');
  await expectReadable(banner);
  expect(await overflowing(page, banner)).toEqual([]);
  // The same banner in a narrow window: its Stop stays on screen, nothing runs off.
  await page.setViewportSize({ width: 800, height: 800 });
  await expect(banner.getByRole('button', { name: 'Stop the background task nightly deps' })).toBeInViewport();
  await shot(page, '07b-banner-800');
  expect(await overflowing(page, banner)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The inbox: its origin, Allow once.
  await page.getByRole('button', { name: 'Approvals, 1 waiting' }).click();
  const inbox = page.getByRole('dialog', { name: 'Approvals waiting' });
  const group = inbox.getByRole('region').filter({ hasText: 'Background task “nightly deps” in ' });
  await expect(group).toContainText('date > checked-by-task.txt');
  await shot(page, '08-inbox-task-approval');
  await expectReadable(inbox);
  await group.getByRole('button', { name: 'Allow once' }).click();

  // Its second call passes its budget of $0.03: the budget question waits in the inbox.
  const budgetGroup = inbox.getByRole('region', { name: 'A background task has used up its budget' });
  await expect(budgetGroup).toBeVisible({ timeout: 20_000 });
  await expect(budgetGroup).toContainText('Background task “nightly deps”');
  await expect(budgetGroup).toContainText(/Used so far: \$0\.04 of \$0\.03 \(1\d\d %\)/);
  // Its deadline says what the clock's answer does: it stops the task (there is no Deny to read "denied" from).
  await expect(budgetGroup).toContainText(/Stopped automatically in \d+ min if you do not answer\./);
  await expect(budgetGroup).not.toContainText('Denied');
  // The task's own conversation says whose budget it is, as the inbox does.
  const note = page.getByRole('log', { name: 'Transcript' }).getByRole('status', { name: 'Budget' });
  await expect(note).toContainText('This background task has used up its budget ($0.04 of $0.03).');
  await shot(page, '09-inbox-task-budget');
  await expectReadable(inbox);
  expect(await overflowing(page, inbox)).toEqual([]);
  await budgetGroup.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('button', { name: 'Close approvals' }).click();
  await tasksButton.click();
  await expect(task).toContainText(/Stopped|Finished/, { timeout: 20_000 });
  await shot(page, '10-pane-after-budget-stop');
  await expectReadable(pane);
  await shot(page, '10b-transcript-after-budget-stop');
  await expectReadable(page.getByRole('log', { name: 'Transcript' }));
});

test('journey 2: a helper agent asks in the inbox; its origin, "Why am I asked?", Deny', async ({ page, webApp }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  webApp.fake.push(
    { content: [useTool('Agent', { description: 'Make the build folder', prompt: 'Create the build folder', name: 'Builder' })] },
    { content: [useTool('Bash', { command: 'mkdir -p build', description: 'Make the build folder' })] },
    say('It was not allowed, so I left it.'),
    say('The helper could not make it.'),
  );
  await page.goto(webApp.url);
  await ask(page, 'Make a build folder, through a helper');
  // Keyboard only: the inbox opens from its button, Escape closes it, focus goes back to the button.
  const inboxButton = page.getByRole('button', { name: 'Approvals, 1 waiting' });
  const inbox = page.getByRole('dialog', { name: 'Approvals waiting' });
  await inboxButton.focus();
  await page.keyboard.press('Enter');
  await expect(inbox).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(inbox).toHaveCount(0);
  await expect(inboxButton).toBeFocused();
  await inboxButton.click();
  // Who asks, in words a newcomer can place: a helper agent, and in which conversation.
  await expect(inbox.getByRole('region', { name: '1 command' })).toContainText('Helper agent “Builder” in “Make a build folder, through a helper”');
  await shot(page, '11-inbox-subagent');
  await expectReadable(inbox);
  expect(await overflowing(page, inbox)).toEqual([]);
  await inbox.getByRole('button', { name: 'Review' }).click();
  const modal = page.getByRole('dialog', { name: /^Allow Agent Desk to / });
  await expect(modal).toContainText('From the helper agent “Builder”');
  await shot(page, '12-review-subagent');
  await expectReadable(modal);
  await expect(modal.getByRole('region', { name: 'Why am I asked?' })).toContainText('Asked because no rule allows mkdir -p build.');
  await modal.getByRole('button', { name: /^Deny(?! and)/ }).click();
  await modal.getByRole('button', { name: 'Deny', exact: true }).click();
  await expect(page.getByText('The helper could not make it.')).toBeVisible();
  await shot(page, '13-subagent-denied');
  await expectReadable(page.getByRole('log', { name: 'Transcript' }));
});

const budgetStep = (id: string): ScriptedReply => ({ content: [{ type: 'tool_use', id, name: 'ToolSearch', input: { query: id } }], usage });
const budgetAnswer = (text: string): ScriptedReply => ({ content: [{ type: 'text', text }], usage });

for (const width of [1280, 800]) {
  test(`journey 3 at ${width} px: the cost of a turn and of the conversation, the 80 % notice, the budget question`, async ({ page, webApp }) => {
    await page.setViewportSize({ width, height: 800 });
    await mkdir(path.join(webApp.projectDir, '.claude'), { recursive: true });
    await writeFile(path.join(webApp.projectDir, '.claude', 'settings.json'), JSON.stringify({ agentDesk: { budget: { conversation: { usd: 0.05 } } } }));
    const transcript = page.getByRole('log', { name: 'Transcript' });
    webApp.fake.push(budgetStep('toolu_1'), budgetAnswer('I looked around the project.'));
    await page.goto(webApp.url);
    await ask(page, 'Look around');
    await expect(transcript).toContainText('I looked around the project.');
    await expect(transcript.getByLabel('Cost of this turn')).toHaveText('This turn: 2 replies · 20.2k tokens · $0.04');
    await expect(transcript.getByRole('status', { name: 'Budget' })).toContainText('84 % of its budget');
    await shot(page, `14-cost-80-${width}`);
    await expectReadable(page.locator('body'));
    expect(await overflowing(page, page.locator('header, [role="log"]').first())).toEqual([]);

    webApp.fake.push(budgetStep('toolu_2'), budgetAnswer('Fixed it.'));
    await ask(page, 'Now fix the bug');
    const question = page.getByRole('dialog', { name: 'This conversation has used up its budget' });
    await expect(question).toBeVisible();
    await shot(page, `15-budget-question-${width}`);
    await expectReadable(question);
    expect(await overflowing(page, question)).toEqual([]);
    await question.getByRole('button', { name: 'Raise and continue' }).click();
    await expect(transcript).toContainText('Fixed it.');
    await expect(page.getByRole('status', { name: 'Spent today in this project' })).toHaveText('Spent today: $0.08 in 1 conversation');
    await shot(page, `16-budget-raised-${width}`);
    await expectReadable(page.locator('body'));
  });
}

const WINDOW = 400_000;
const SUMMARY = '1. Primary request and intent: the user wants a greeting function.\n2. Files and code: `src/greet.ts` was written.\n3. Open todos: add a test.';
const isSummaryRequest = (req: RecordedRequest) => JSON.stringify(req.body.messages.at(-1)).includes('Write that summary now');

test.describe('context', () => {
  test.use({ webOptions: { apiKey: 'test-key', env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: String(WINDOW) } } });
  for (const width of [1280, 800]) {
    test(`journey 4 at ${width} px: the context meter fills; the "Conversation summarised" divider opens`, async ({ page, webApp }) => {
      await page.setViewportSize({ width, height: 800 });
      webApp.fake.push({ content: [{ type: 'text', text: 'Here is the greeting function you asked for.' }], usage: { input_tokens: 299_000, output_tokens: 1_000 } });
      webApp.fake.push((req): ScriptedReply =>
        isSummaryRequest(req) ? { content: [{ type: 'text', text: `<summary>\n${SUMMARY}\n</summary>` }] } : { content: [{ type: 'text', text: 'not a summary request' }] },
      );
      await page.goto(webApp.url);
      const transcript = page.getByRole('log', { name: 'Transcript' });
      await ask(page, 'Write a greeting function');
      await expect(transcript).toContainText('Here is the greeting function');
      const meter = page.getByRole('meter', { name: 'How full this conversation is' });
      await expect(meter).toHaveAttribute('aria-valuenow', '75');
      // At 75 % it warns: shown in a narrow window too, on screen (it was dropped below 1100 px).
      await expect(meter).toBeVisible();
      await expect(page.getByText('75 % full')).toBeInViewport();
      await shot(page, `17-meter-${width}`);
      await expectReadable(page.locator('body'));
      await ask(page, '/compact');
      const divider = transcript.getByRole('region', { name: 'Conversation summarised' });
      await expect(divider).toBeVisible();
      await divider.getByRole('button', { name: 'Show the summary' }).click();
      await expect(divider.getByRole('region', { name: 'Summary' })).toContainText('greeting function');
      // The first turn keeps its cost under its reply; the summary's own cost is under the divider.
      await expect(transcript.getByLabel('Cost of this turn')).toHaveText('This turn: 1 reply · 300k tokens · $0.61');
      await expect(transcript.getByLabel('Cost of the summary')).toHaveText(/^The summary: \d+(\.\d)?k tokens · \$0\.\d\d$/);
      const order = await transcript.evaluate((log: Dom) => {
        const at = (sel: string) => log.querySelector(sel)!.getBoundingClientRect().top;
        return { turn: at('[aria-label="Cost of this turn"]'), divider: at('[aria-label="Conversation summarised"]'), summary: at('[aria-label="Cost of the summary"]') };
      });
      expect(order.turn).toBeLessThan(order.divider);
      expect(order.summary).toBeGreaterThan(order.divider);
      await shot(page, `18-divider-open-${width}`);
      await expectReadable(transcript);
      expect(await overflowing(page, divider)).toEqual([]);
    });
  }
});

test(`journey 5: the to-do list pane as the model works, at 800 px`, async ({ page, webApp }) => {
  const create = (subject: string, activeForm: string) => useTool('TaskCreate', { subject, description: `${subject}, carefully`, activeForm });
  const update = (taskId: string, more: Record<string, unknown>) => useTool('TaskUpdate', { taskId, ...more });
  webApp.fake.push(
    { content: [{ type: 'text', text: 'Here is my plan.' }, create('Read the failing test', 'Reading the failing test'), create('Fix the date parser in the module that reads two-digit years from old invoices', 'Fixing the date parser'), create('Run the tests', 'Running the tests')] },
    { content: [update('1', { status: 'completed' }), update('2', { status: 'in_progress' }), update('3', { addBlockedBy: ['2'] })] },
    { content: [useTool('Bash', { command: 'touch tests-ran', description: 'Run the tests' })] },
    say('Done.'),
  );
  await page.setViewportSize({ width: 800, height: 800 });
  await page.goto(webApp.url);
  await shot(page, '19-home-800');
  await expectReadable(page.locator('body'));
  await ask(page, 'Fix the date parser.');
  const dialog = page.getByRole('dialog', { name: 'Allow Agent Desk to run a command?' });
  await expect(dialog).toBeVisible();
  await shot(page, '20-approval-800');
  expect(await overflowing(page, dialog)).toEqual([]);
  await dialog.getByRole('button', { name: 'Allow once' }).click();
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Done.');
  const button = page.getByRole('button', { name: /^To-do list/ });
  await button.click();
  const pane = page.getByRole('region', { name: 'To-do list' });
  await expect(pane.getByRole('status')).toHaveText('1 of 3 done');
  await shot(page, '21-todos-800');
  await expectReadable(pane);
  expect(await overflowing(page, pane)).toEqual([]);
  // Keyboard: the pane's close button, then focus back where the pane was opened from.
  await pane.getByRole('button', { name: 'Close to-do list' }).focus();
  await page.keyboard.press('Enter');
  await expect(pane).toHaveCount(0);
  await page.getByRole('button', { name: /^Background tasks/ }).click();
  await shot(page, '22-tasks-pane-800');
  await expectReadable(page.getByRole('region', { name: 'Background tasks' }));
  expect(await overflowing(page, page.getByRole('region', { name: 'Background tasks' }))).toEqual([]);
  await page.getByRole('region', { name: 'Background tasks' }).getByRole('button', { name: 'New background task…' }).click();
  await shot(page, '23-dialog-800');
  expect(await overflowing(page, page.getByRole('dialog', { name: 'New background task' }))).toEqual([]);
});
