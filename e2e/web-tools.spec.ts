// End-to-end tool calls through the real web host (`agent-desk serve`) in Chromium with the scripted
// fake model (strict mode: a broken transcript would be a 400): approval dialog, live Bash output,
// Stop mid-run, "Always allow", "Deny" with feedback, grouped calls, usage, and results in plain words
// (a failure's first error, "Finished" / "Failed (error 1)", the exit code one click away).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { RecordedRequest, ScriptedBlock } from '../test/fake-model/server';
import { expect, screenshotPath, test, type WebApp } from './fixtures';
import { ask, countDialogs, dialogsOpened, resultText, say, toolResults, type ToolResult } from './tool-helpers';

const STREAM_CMD = 'for i in 1 2 3; do echo line$i; sleep 0.6; done';

const bash = (command: string, description?: string): ScriptedBlock => ({
  type: 'tool_use',
  name: 'Bash',
  input: { command, ...(description ? { description } : {}) },
});

const ui = (page: Page) => ({
  message: page.getByRole('textbox', { name: 'Message' }),
  send: page.getByRole('button', { name: 'Send' }),
  stop: page.getByRole('button', { name: 'Stop' }),
  transcript: page.getByRole('log', { name: 'Transcript' }),
  status: page.getByRole('status', { name: 'Session status' }),
  dialog: page.getByRole('dialog', { name: 'Allow Agent Desk to run a command?' }),
  anyDialog: page.getByRole('dialog'),
  /** A command's card, named by its title (the description, else "Run a command") and the command. */
  card: (command: string): Locator => page.getByRole('article', { name: new RegExp(`: ${command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }),
});

const stateOf = (card: Locator): Locator => card.getByTestId('tool-call-state');

/** The assistant runs `command` (described as `description`) and the person allows it once: its card. */
async function allowedCommand(page: Page, webApp: WebApp, command: string, description: string): Promise<Locator> {
  webApp.fake.push({ content: [bash(command, description)] }, say('That is how it went.'));
  await page.goto(webApp.url);
  await ask(page, description);
  await ui(page).dialog.getByRole('button', { name: 'Allow once' }).click();
  return page.getByRole('article', { name: new RegExp(`^${description}: `) });
}

/** The tool_use ids of the assistant messages in a recorded request, in order. */
function toolUseIds(req: RecordedRequest): string[] {
  return (req.body.messages as { role: string; content: unknown }[])
    .filter((m) => m.role === 'assistant' && Array.isArray(m.content))
    .flatMap((m) => (m.content as { type: string; id?: string }[]).filter((b) => b.type === 'tool_use').map((b) => b.id!));
}

/**
 * Records every rendered change of the tool cards (state, aria-busy, output text) in the page, so a
 * test can assert the ORDER of what was on screen without racing the polling of expect().
 */
async function recordCards(page: Page): Promise<void> {
  await page.addInitScript({
    content: `window.__cards = [];
      const seen = new Map();
      new MutationObserver(() => {
        for (const card of document.querySelectorAll('article[data-tool]')) {
          const entry = { name: card.getAttribute('aria-label'), state: card.getAttribute('data-state'), busy: card.getAttribute('aria-busy'),
            output: card.querySelector('.output-box')?.textContent ?? '' };
          const key = JSON.stringify(entry);
          if (seen.get(entry.name) !== key) { seen.set(entry.name, key); window.__cards.push(entry); }
        }
      }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });`,
  });
}
type CardFrame = { name: string; state: string; busy: string; output: string };
const cardFrames = async (page: Page, name: string): Promise<CardFrame[]> =>
  ((await page.evaluate('window.__cards')) as CardFrame[]).filter((f) => f.name === name);

const focusInDialog = (page: Page): Promise<boolean> => page.evaluate("document.activeElement?.closest('dialog') != null");

test.describe('tool calls in Chromium', () => {
  test('PL4e UI3 UI5: a Bash call asks, Allow once runs it, its output streams live, then the answer follows', async ({ page, webApp }) => {
    webApp.fake.push(
      { content: [{ type: 'text', text: 'I will print three lines.' }, bash(STREAM_CMD, 'Print three lines slowly')] },
      say('All three lines were printed.'),
    );
    const u = ui(page);
    await recordCards(page);
    await page.goto(webApp.url);
    await ask(page, 'Print three lines, slowly');

    // The dialog says what will happen in plain words, then the command in full.
    await expect(u.dialog).toBeVisible();
    await expect(u.dialog).toContainText('Run a command in your project');
    await expect(u.dialog).toContainText(STREAM_CMD);
    await expect(u.dialog).toContainText('Print three lines slowly');
    const card = u.card(STREAM_CMD);
    await expect(stateOf(card)).toHaveAttribute('data-state', 'awaiting_permission');
    await expect(stateOf(card)).toHaveText('Waiting for your approval');
    // Sent from the message box: the request does not take the keyboard from it (PX1).
    await expect(u.message).toBeFocused();
    expect(await focusInDialog(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('approval-dialog') });

    await u.dialog.getByRole('button', { name: 'Allow once' }).click();
    await expect(u.anyDialog).toHaveCount(0);
    await expect(card.getByLabel(`Output of ${STREAM_CMD}`)).toContainText('line1');
    await page.screenshot({ path: screenshotPath('bash-card-streaming') });

    await expect(stateOf(card)).toHaveAttribute('data-state', 'succeeded');
    // In the order it was on screen: asked, then running (busy) with line1 shown, and only then done.
    const frames = await cardFrames(page, `Print three lines slowly: ${STREAM_CMD}`);
    const firstIndex = (p: (f: CardFrame) => boolean): number => frames.findIndex(p);
    const asked = firstIndex((f) => f.state === 'awaiting_permission');
    const liveLine1 = firstIndex((f) => f.state === 'running' && f.busy === 'true' && f.output.includes('line1'));
    const done = firstIndex((f) => f.state === 'succeeded');
    expect(asked, JSON.stringify(frames)).toBeGreaterThanOrEqual(0);
    expect(liveLine1, JSON.stringify(frames)).toBeGreaterThan(asked);
    expect(done, JSON.stringify(frames)).toBeGreaterThan(liveLine1);

    await expect(stateOf(card)).toHaveText('Finished');
    await expect(card).toHaveAttribute('aria-busy', 'false');
    // The exit code is a detail, one click away (PX2).
    await expect(card).not.toContainText('Exit code');
    await card.getByRole('button', { name: 'Show technical details' }).click();
    await expect(card).toContainText('Exit code 0');
    await card.getByRole('button', { name: 'Hide technical details' }).click();
    await expect(card).toContainText('line3');
    await expect(u.transcript).toContainText('All three lines were printed.');
    await expect(u.status).toHaveText('Ready');

    const [, second] = await webApp.fake.waitForRequests(2);
    const results = toolResults(second!);
    expect(results).toHaveLength(1);
    expect(resultText(results[0]!)).toContain('line1\nline2\nline3');
    expect(results[0]!.is_error ?? false).toBe(false);

    // Usage of the session is shown and follows the turns.
    await expect(page.getByRole('status', { name: /^Usage: / })).toContainText('tokens');

    // Output can be folded away and back.
    await card.getByRole('button', { name: 'Hide output' }).click();
    await expect(card.getByLabel(`Output of ${STREAM_CMD}`)).toHaveCount(0);
    await card.getByRole('button', { name: 'Show output' }).click();
    await expect(card.getByLabel(`Output of ${STREAM_CMD}`)).toContainText('line3');

    // Reopened later, the conversation shows its past tool call with its result; no tool-result bubble.
    await page.reload();
    await page.getByRole('list', { name: 'Sessions' }).getByRole('button').first().click();
    const again = u.card(STREAM_CMD);
    await expect(stateOf(again)).toHaveText('Finished');
    await expect(again).toContainText('line2');
    await expect(u.transcript.getByRole('article', { name: 'You' })).toHaveCount(1);
  });

  test('CC6 DK4: Stop during a running command shows "Stopped", and the next message is accepted', async ({ page, webApp }) => {
    webApp.fake.push({ content: [bash('sleep 30', 'Wait for half a minute')] });
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Wait a while');
    // sleep changes nothing, so it runs without asking (TC2).
    const card = u.card('sleep 30');
    await expect(stateOf(card)).toHaveAttribute('data-state', 'running');
    await expect(u.stop).toBeEnabled();

    await u.stop.click();
    await expect(stateOf(card)).toHaveAttribute('data-state', 'cancelled');
    await expect(stateOf(card)).toHaveText('Stopped');
    await expect(card).toContainText('Stopped before it finished.');
    await expect(u.status).toHaveText('Ready');

    webApp.fake.push(say('Fine, I stopped waiting.'));
    await ask(page, 'Never mind, carry on');
    await expect(u.transcript).toContainText('Fine, I stopped waiting.');
    // The request after Stop still pairs the tool_use with a result (strict server accepted it).
    const requests = await webApp.fake.waitForRequests(2);
    const body = requests[1]!.body as { messages: { role: string; content: unknown }[] };
    const ids = toolUseIds(requests[1]!);
    expect(ids).toHaveLength(1);
    const answered = body.messages.flatMap((m) =>
      m.role === 'user' && Array.isArray(m.content) ? (m.content as ToolResult[]).filter((b) => b.type === 'tool_result').map((b) => b.tool_use_id) : [],
    );
    expect(answered).toEqual(ids);
  });

  test('TC2 issue 14: read-only commands run with no window (git status, a grep pipeline); a command that writes still asks', async ({ page, webApp }) => {
    await countDialogs(page);
    execFileSync('git', ['init', '-q'], { cwd: webApp.projectDir });
    writeFileSync(path.join(webApp.projectDir, 'plan.md'), '# Plan\n\nTODO: write the docs\n');
    webApp.fake.push(
      { content: [{ type: 'text', text: 'Looking around first.' }, bash('git status --short', 'See what changed'), bash('grep -rn TODO . | head -5', 'Find the TODOs')] },
      say('Nothing to do.'),
    );
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'What is left to do?');
    await expect(u.transcript).toContainText('Nothing to do.');
    expect(await dialogsOpened(page)).toBe(0);
    const [, second] = await webApp.fake.waitForRequests(2);
    expect(toolResults(second!)).toHaveLength(2);
    expect(toolResults(second!).every((r) => !r.is_error)).toBe(true);
    // BA12: the grep pipeline is one "Searched…" line, its output folded; git status stays a command.
    const search = page.getByRole('article', { name: 'Searched: grep -rn TODO . | head -5' });
    await expect(search).toBeVisible();
    await expect(search.getByRole('button', { name: 'Show output' })).toHaveAttribute('aria-expanded', 'false');
    await expect(search.getByLabel('Command')).toHaveCount(0);
    await expect(page.getByRole('article', { name: 'See what changed: git status --short' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('bash-searched-line') });

    webApp.fake.push({ content: [bash('touch notes.txt', 'Make a notes file')] }, say('Made it.'));
    await ask(page, 'Make a notes file');
    await expect(u.dialog).toBeVisible();
    await u.dialog.getByRole('button', { name: 'Allow once' }).click();
    await expect(u.transcript).toContainText('Made it.');
  });

  test('BA9 DK4 issue 14: rm -rf build asks with the specific warning and says what it deletes, naming the folder and its size', async ({ page, webApp }) => {
    const build = path.join(webApp.projectDir, 'build');
    mkdirSync(path.join(build, 'assets'), { recursive: true });
    writeFileSync(path.join(build, 'index.html'), 'x'.repeat(2048));
    writeFileSync(path.join(build, 'assets', 'app.js'), 'y'.repeat(3 * 1024));
    webApp.fake.push({ content: [{ type: 'text', text: 'The old build is stale; I will delete it.' }, bash('rm -rf build', 'Delete the old build')] }, say('Left it alone.'));
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Clean up the build');
    await expect(u.dialog).toBeVisible();
    const warning = u.dialog.getByRole('note', { name: 'Warning' });
    await expect(warning).toContainText('Deletes files and folders and everything inside them');
    await expect(warning).not.toContainText('This may delete or overwrite things');
    const does = u.dialog.getByRole('region', { name: 'What it will do' });
    await expect(does).toContainText('Deletes build and everything inside');
    await expect(does.getByRole('list', { name: 'Files and folders it touches' })).toHaveText('build — deleted · in the project · a folder: 2 files, 5 KB');
    await page.screenshot({ path: screenshotPath('bash-rm-explained') });
    await u.dialog.getByRole('button', { name: 'Deny', exact: true }).click();
    await u.dialog.getByRole('button', { name: 'Deny', exact: true }).click();
    await expect(u.transcript).toContainText('Left it alone.');
    expect(existsSync(path.join(build, 'index.html'))).toBe(true);
  });

  test('PL4e: "Always allow" saves the edited rule; a matching command in a later turn runs without asking', async ({ page, webApp }) => {
    await countDialogs(page);
    // Commands that write: read-only ones run without asking (TC2).
    webApp.fake.push({ content: [bash('touch first', 'Make the first file')] }, say('First done.'));
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Say first');

    await u.dialog.getByRole('button', { name: 'Always allow' }).click();
    // In words first, the broadest safe choice chosen; the exact rule one click away.
    await expect(u.dialog.getByRole('radio', { name: /Commands starting with “touch first”/ })).toBeChecked();
    await u.dialog.getByRole('radio', { name: 'Only this exact command' }).check();
    await u.dialog.getByRole('button', { name: 'Show the rule' }).click();
    const rule = u.dialog.getByRole('textbox', { name: 'Rule' });
    await expect(rule).toHaveValue('Bash(touch first)');
    await expect(u.dialog).toContainText('Only the exact command “touch first”');
    await rule.fill('Bash(touch:*)');
    await expect(u.dialog).toContainText('Any command that starts with “touch”');
    await page.screenshot({ path: screenshotPath('approval-dialog-always') });
    await u.dialog.getByRole('button', { name: 'Allow and remember' }).click();
    await expect(stateOf(u.card('touch first'))).toHaveText('Finished');
    await expect(u.transcript).toContainText('First done.');
    const before = await dialogsOpened(page);
    expect(before).toBe(1);

    webApp.fake.push({ content: [bash('touch second', 'Make the second file')] }, say('Second done.'));
    await ask(page, 'Now say second');
    await expect(u.transcript).toContainText('Second done.');
    await expect(stateOf(u.card('touch second'))).toHaveText('Finished');
    expect(await dialogsOpened(page)).toBe(before);
    await webApp.fake.waitForRequests(4);
    expect(existsSync(path.join(webApp.projectDir, 'second'))).toBe(true);
  });

  test('PL4e DK4: "Deny" with feedback: the card says "Not allowed" and the model gets the feedback', async ({ page, webApp }) => {
    webApp.fake.push({ content: [bash('rm -rf build', 'Delete the build folder')] }, say('Understood, I will keep the build folder.'));
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Clean up');
    await expect(u.dialog).toBeVisible();
    await expect(u.dialog).toContainText('rm -rf build');

    // F6 goes to the request and back to the message box; Tab leaves it for Stop (not a trap).
    await page.keyboard.press('F6');
    expect(await focusInDialog(page)).toBe(true);
    await page.keyboard.press('F6');
    await expect(u.message).toBeFocused();
    await page.keyboard.press('F6');
    let reachedStop = false;
    for (let i = 0; i < 12 && !reachedStop; i++) {
      await page.keyboard.press('Tab');
      reachedStop = await page.evaluate("document.activeElement?.textContent?.trim() === 'Stop'");
    }
    expect(reachedStop).toBe(true);
    await u.dialog.getByRole('button', { name: 'Deny', exact: true }).click();
    const feedback = u.dialog.getByRole('textbox', { name: 'Feedback for the assistant' });
    await expect(feedback).toBeFocused();
    // Esc in the feedback step goes back to the three answers; nothing is sent yet.
    await page.keyboard.press('Escape');
    await expect(u.dialog.getByRole('button', { name: 'Allow once' })).toBeVisible();
    await u.dialog.getByRole('button', { name: 'Deny', exact: true }).click();
    await feedback.fill('Keep the build folder; clear only the cache.');
    await page.screenshot({ path: screenshotPath('approval-dialog-deny') });
    await u.dialog.getByRole('button', { name: 'Deny', exact: true }).click();

    const card = u.card('rm -rf build');
    await expect(stateOf(card)).toHaveAttribute('data-state', 'rejected');
    await expect(stateOf(card)).toHaveText('Not allowed');
    await expect(card).toContainText('You did not allow this. You told the assistant: “Keep the build folder; clear only the cache.”');
    await expect(u.transcript).toContainText('Understood, I will keep the build folder.');

    const [, second] = await webApp.fake.waitForRequests(2);
    const [result] = toolResults(second!);
    expect(result!.is_error).toBe(true);
    expect(resultText(result!)).toContain('Keep the build folder; clear only the cache.');
  });

  test('PL4e PX1: Esc pressed twice denies without feedback; the model is told to stop and wait', async ({ page, webApp }) => {
    webApp.fake.push({ content: [bash('git push --force', 'Overwrite the remote branch')] }, say('OK, I will wait for you.'));
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Publish it');
    await expect(u.dialog).toBeVisible();
    // Esc answers only when pressed twice, with the request focused.
    await page.keyboard.press('F6');
    await page.keyboard.press('Escape');
    await expect(u.dialog).toContainText('Press Esc again to deny.');
    await expect(u.card('git push --force').getByTestId('tool-call-state')).toHaveText('Waiting for your approval');
    await page.keyboard.press('Escape');
    const card = u.card('git push --force');
    await expect(stateOf(card)).toHaveText('Not allowed');
    await expect(card).toContainText('You did not allow this.');
    await expect(u.transcript).toContainText('OK, I will wait for you.');
    const [, second] = await webApp.fake.waitForRequests(2);
    const [result] = toolResults(second!);
    expect(result!.is_error).toBe(true);
    expect(resultText(result!)).toContain('denied');
  });

  test('UI1 PL4e: three commands in one reply fold into "Ran 3 commands"; keys answer the dialog', async ({ page, webApp }) => {
    const commands = ['touch alpha', 'touch beta', 'touch gamma'];
    webApp.fake.push({ content: [{ type: 'text', text: 'Three quick checks.' }, ...commands.map((c) => bash(c))] }, say('All checks passed.'));
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Run the checks');

    for (let i = 0; i < commands.length; i++) {
      await expect(u.dialog).toBeVisible();
      await expect(u.dialog).toContainText(commands[i]!);
      if (i === 0) {
        // Shortcut keys act once the request has the focus, after a quiet moment (PX1; unit-tested).
        await page.keyboard.press('F6');
        await page.waitForTimeout(800);
        await page.keyboard.press('1');
      } else {
        await u.dialog.getByRole('button', { name: 'Allow once' }).click();
      }
      await expect(u.dialog.filter({ hasText: commands[i]! })).toHaveCount(0);
    }
    await expect(u.transcript).toContainText('All checks passed.');
    const group = page.getByRole('group', { name: /^Ran 3 commands/ });
    await expect(group).toBeVisible();
    await expect(group).toContainText('touch alpha, touch beta, touch gamma');
    await expect(group).toHaveAttribute('data-state', 'succeeded');
    await page.screenshot({ path: screenshotPath('grouped-commands') });

    // The group opens to one card per command, in call order.
    await group.getByRole('button', { name: /Ran 3 commands/ }).click();
    const cards = group.getByRole('article');
    await expect(cards).toHaveCount(3);
    await page.screenshot({ path: screenshotPath('grouped-commands-open') });
    for (const [i, c] of commands.entries()) {
      await expect(cards.nth(i)).toHaveAccessibleName(`Run a command: ${c}`);
      await expect(cards.nth(i)).toContainText(c.split(' ')[1]!);
    }
    const [, second] = await webApp.fake.waitForRequests(2);
    expect(toolResults(second!).map((r) => r.tool_use_id)).toHaveLength(3);
    for (const name of ['alpha', 'beta', 'gamma']) expect(existsSync(path.join(webApp.projectDir, name))).toBe(true);
  });

  test('UI3 issue 14: live output keeps its ANSI colours, with no escape codes left in the text', async ({ page, webApp }) => {
    const command = "printf '\\033[1;32mPASS\\033[0m src/app.test.ts\\n\\033[31mFAIL\\033[0m src/db.test.ts\\n'";
    // printf only prints: it runs without asking.
    webApp.fake.push({ content: [bash(command, 'Show the test results')] }, say('One test failed.'));
    await page.goto(webApp.url);
    await ask(page, 'How did the tests go?');
    const card = page.getByRole('article', { name: /^Show the test results: / });
    await expect(stateOf(card)).toHaveText('Finished');
    const box = card.getByLabel(/^Output of /);
    await expect(box).toHaveText('PASS src/app.test.ts\nFAIL src/db.test.ts');
    await expect(box.locator('span.ansi-fg-2', { hasText: 'PASS' })).toBeVisible();
    await expect(box.locator('span.ansi-fg-1', { hasText: 'FAIL' })).toBeVisible();
    await card.screenshot({ path: screenshotPath('bash-ansi-colours') });
  });

  test('item 4 PX2: a failed command says "Failed (error 1)", shows its first error above the output and opens there', async ({ page, webApp }) => {
    // Everything on stderr: one stream keeps its order (stdout and stderr are separate pipes, and
    // which one is read first is up to the machine), so the error is always below 40 lines.
    const command =
      `echo "warning: old config file" >&2; for i in $(seq 1 40); do echo "compiling part $i" >&2; done; ` +
      `echo "Error: Cannot find module 'left-pad'" >&2; for i in $(seq 0 24); do echo "    at step$i (/p/build.js:$i:3)" >&2; done; exit 1`;
    const card = await allowedCommand(page, webApp, command, 'Build the app');
    await expect(stateOf(card)).toHaveText('Failed (error 1)');
    await expect(card).toContainText("First error: Error: Cannot find module 'left-pad'");
    await expect(card).not.toContainText('Exit code');
    // The output opens at the first error (marked), not at the last stack frame.
    const box = card.getByLabel(/^Output of /);
    const mark = box.locator('mark');
    await expect(mark).toHaveText("Error: Cannot find module 'left-pad'");
    await expect(box).toContainText('step24');
    const seen = await box.evaluate((el) => {
      const m = el.querySelector('mark')!.getBoundingClientRect();
      const b = el.getBoundingClientRect();
      return { markInView: m.top >= b.top && m.bottom <= b.bottom, atEnd: el.scrollTop + el.clientHeight >= el.scrollHeight - 2, scrolled: el.scrollTop > 0 };
    });
    expect(seen).toEqual({ markInView: true, atEnd: false, scrolled: true });
    await card.screenshot({ path: screenshotPath('bash-failure-card') });
    await card.getByRole('button', { name: 'Show technical details' }).click();
    await expect(card).toContainText('Exit code 1');
    await card.screenshot({ path: screenshotPath('bash-failure-card-details') });
  });

  test('item 4: stderr of a command that went well is just output, and its output opens at the end', async ({ page, webApp }) => {
    const command = 'echo "Downloading packages..." >&2; for i in $(seq 1 40); do echo "added package $i"; done; echo "all 40 packages added"';
    const card = await allowedCommand(page, webApp, command, 'Install the packages');
    await expect(stateOf(card)).toHaveText('Finished');
    const box = card.getByLabel(/^Output of /);
    await expect(box).toContainText('all 40 packages added');
    await expect(box.locator('[data-stream="stderr"]').first()).toContainText('Downloading packages...');
    await expect(box.locator('.output-box__stderr')).toHaveCount(0);
    await expect(card.locator('.tool-card__problem')).toHaveCount(0);
    const atEnd = await box.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 2);
    expect(atEnd).toBe(true);
    await card.screenshot({ path: screenshotPath('bash-success-with-stderr') });
  });
});
