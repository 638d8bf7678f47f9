// A running background task watched live in Chromium (issue 18, DK3): its conversation opened from the
// Background tasks pane shows the task's banner with where it was started and Stop, and follows the task
// as it works — its approval, its command's output while the command runs, its reply as it streams —
// though the task runs in its own process. A message typed meanwhile waits and goes once the task has
// finished; the conversation then goes on as an ordinary one. A request nobody answers is reported as
// the clock's denial, not as "cancelled" (issue 18 item 6).
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { useTool } from './tool-helpers';

const CLI = path.resolve(__dirname, '..', 'out', 'main', 'cli.js');

const ui = (page: Page) => ({
  pane: page.getByRole('region', { name: 'Background tasks' }),
  dialog: page.getByRole('dialog', { name: 'New background task' }),
  banner: page.getByRole('region', { name: 'Running background task' }),
  transcript: page.getByRole('log', { name: 'Transcript' }),
  inboxButton: (waiting: number) => page.getByRole('button', { name: waiting > 0 ? `Approvals, ${waiting} waiting` : 'No approvals waiting' }),
});

test.describe('a background task watched live', () => {
  test('its conversation streams as the task works, with its banner and Stop; once finished it goes on as any conversation', async ({ page, webApp }) => {
    const u = ui(page);
    webApp.fake.push(
      { content: [{ type: 'text', text: 'I will run the checks one by one.' }, useTool('Bash', { command: 'for i in 1 2 3 4 5 6; do echo "check $i passed"; sleep 1; done' })] },
      // Streamed slowly: the window shows it as it comes.
      { content: [{ type: 'text', text: 'All six checks passed; nothing needs fixing.' }], chunkSize: 3, delayMs: 120 },
      { content: [{ type: 'text', text: 'In short: six checks, all green.' }] },
    );
    await page.goto(webApp.url);
    await page.getByRole('button', { name: /^Background tasks/ }).click();
    await u.pane.getByRole('button', { name: 'New background task…' }).click();
    await u.dialog.getByRole('textbox', { name: 'What should it do?' }).fill('Run the checks and tell me what fails.');
    await u.dialog.getByRole('textbox', { name: 'Name (optional)' }).fill('checks');
    await u.dialog.getByRole('button', { name: 'Start task' }).click();

    // Its conversation, opened while it waits for approval: the banner says it runs on its own and where it began.
    const task = u.pane.getByRole('listitem').filter({ hasText: 'checks' });
    await expect(task).toContainText('Needs your approval (1)', { timeout: 20_000 });
    await task.getByRole('button', { name: 'Show the conversation of checks' }).click();
    await expect(u.banner).toContainText('Running in the background — started from the Background tasks pane');
    await expect(u.banner).toContainText('“checks”');
    await expect(u.banner.getByRole('button', { name: 'Stop the background task checks' })).toBeEnabled();
    await expect(u.transcript).toContainText('Run the checks and tell me what fails.');
    await expect(u.transcript).toContainText('I will run the checks one by one.');
    await page.getByRole('button', { name: 'Close background tasks' }).click();

    // Allowed in the inbox: the command's output appears while it still runs.
    await u.inboxButton(1).click();
    await page.getByRole('dialog', { name: 'Approvals waiting' }).getByRole('button', { name: 'Allow once' }).click();
    await page.getByRole('button', { name: 'Close approvals' }).click();
    await expect(u.transcript).toContainText('check 2 passed', { timeout: 15_000 });
    await expect(u.transcript).not.toContainText('check 6 passed');
    await expect(u.banner).toBeVisible();
    // Its command already runs on its own: nothing offers to move it to the background.
    await expect(u.transcript.getByRole('button', { name: 'Keep running in background' })).toHaveCount(0);
    await page.screenshot({ path: screenshotPath('background-live-running') });

    // A message typed now waits for the task.
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Thanks. Now sum it up in one line.');
    await box.press('Enter');
    await expect(page.getByRole('region', { name: 'Message waiting to be sent' })).toContainText('Thanks. Now sum it up in one line.');

    // The reply streams: its start shows before its end has come.
    await expect
      .poll(
        async () => {
          const text = (await u.transcript.textContent()) ?? '';
          return text.includes('All six') && !text.includes('nothing needs fixing.');
        },
        { timeout: 20_000, intervals: [50] },
      )
      .toBe(true);
    await expect(u.transcript).toContainText('All six checks passed; nothing needs fixing.', { timeout: 20_000 });

    // Finished: the banner goes, the waiting message is sent, and this window continues the conversation.
    await expect(u.banner).toHaveCount(0, { timeout: 20_000 });
    await expect(u.transcript).toContainText('In short: six checks, all green.', { timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Message waiting to be sent' })).toHaveCount(0);
    const [, , third] = await webApp.fake.waitForRequests(3);
    const said = JSON.stringify(third!.body.messages);
    expect(said).toContain('Run the checks and tell me what fails.');
    expect(said).toContain('check 6 passed');
    expect(said).toContain('Thanks. Now sum it up in one line.');
    await page.screenshot({ path: screenshotPath('background-live-continued') });
  });

  test('Stop in the banner stops the task; its conversation is then an ordinary one', async ({ page, webApp }) => {
    const u = ui(page);
    webApp.fake.push({ content: [useTool('Bash', { command: 'sleep 300' })] });
    await page.goto(webApp.url);
    await page.getByRole('button', { name: /^Background tasks/ }).click();
    await u.pane.getByRole('button', { name: 'New background task…' }).click();
    await u.dialog.getByRole('textbox', { name: 'What should it do?' }).fill('Wait a long time.');
    await u.dialog.getByRole('textbox', { name: 'Name (optional)' }).fill('long wait');
    await u.dialog.getByRole('button', { name: 'Start task' }).click();
    const task = u.pane.getByRole('listitem').filter({ hasText: 'long wait' });
    // A command that only waits needs no approval: it runs at once.
    await expect(task).toContainText('Running sleep 300', { timeout: 20_000 });
    await task.getByRole('button', { name: 'Show the conversation of long wait' }).click();
    await expect(u.banner).toContainText('Running sleep 300');
    await u.banner.getByRole('button', { name: 'Stop the background task long wait' }).click();
    await expect(u.banner).toHaveCount(0, { timeout: 20_000 });
    await expect(task).toContainText('Stopped', { timeout: 20_000 });
    await expect(u.inboxButton(0)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  });

  test('issue 18 item 6: a request nobody answers in time reads as denied automatically in the inbox, not as cancelled', async ({ page, webApp }) => {
    const u = ui(page);
    webApp.fake.push({ content: [useTool('Bash', { command: 'rm -rf build' })] }, { content: [{ type: 'text', text: 'Nobody answered, so I left it.' }] });
    await page.goto(webApp.url);
    await expect(u.inboxButton(0)).toBeVisible();
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, 'task', 'start', '--cwd', webApp.projectDir, '--name', 'cleanup', 'Remove the build folder'], {
        env: { ...process.env, AGENT_DESK_HOME: webApp.dataDir, ANTHROPIC_BASE_URL: webApp.fake.url, ANTHROPIC_API_KEY: 'test-key', AGENT_DESK_TASK_APPROVAL_TIMEOUT_S: '4' },
        stdio: 'ignore',
      });
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`task start exited ${code}`))));
    });
    await expect(u.inboxButton(1)).toBeVisible({ timeout: 20_000 });
    await u.inboxButton(1).click();
    const inbox = page.getByRole('dialog', { name: 'Approvals waiting' });
    await expect(inbox).toContainText('Background task “cleanup”');
    const settled = inbox.getByRole('region', { name: 'No longer waiting' });
    await expect(settled).toContainText('Denied automatically: nobody answered in time.', { timeout: 20_000 });
    await expect(settled).toContainText('Background task “cleanup”');
    await expect(settled).toContainText('rm -rf build');
    await expect(inbox).toContainText('Nothing is waiting for your answer.');
    await page.screenshot({ path: screenshotPath('background-inbox-expired') });
    await settled.getByRole('button', { name: 'Clear' }).click();
    await expect(settled).toHaveCount(0);
  });
});
