// Background tasks in Chromium (BA10): "Keep running in background" on a running command's card moves
// it to the background and the assistant goes on at once; the assistant reads it with TaskOutput (a
// one-line card that opens to the new output) and stops it with TaskStop — no approval for either.
import type { RecordedRequest } from '../test/fake-model/server';
import { expect, screenshotPath, test } from './fixtures';
import { ask, countDialogs, dialogsOpened, resultText, say, toolResults, useTool } from './tool-helpers';

const COMMAND = 'echo "server ready on port 5173"; printf "\\033[32mcompiled\\033[0m in 120 ms\\n"; sleep 300';

/** The task id the last Bash result announced. */
const taskIdIn = (req: RecordedRequest): string => {
  for (const r of toolResults(req)) {
    const m = /with ID: (bash_[0-9a-f]+)/.exec(resultText(r));
    if (m) return m[1]!;
  }
  return 'missing';
};

test('BA10 Keep running in background, then TaskOutput and TaskStop, in plain words', async ({ page, webApp }) => {
  let taskId = '';
  webApp.fake.push(
    { content: [useTool('Bash', { command: COMMAND, description: 'Start the dev server' })] },
    (req) => {
      taskId = taskIdIn(req);
      return { content: [useTool('TaskOutput', { task_id: taskId, block: false })] };
    },
    () => ({ content: [useTool('TaskStop', { task_id: taskId })] }),
    say('The dev server started fine; I stopped it again.'),
  );
  await countDialogs(page);
  await page.goto(webApp.url);
  await ask(page, 'Start the dev server');
  await page.getByRole('dialog', { name: 'Allow Agent Desk to run a command?' }).getByRole('button', { name: 'Allow once' }).click();

  const bashCard = page.getByRole('article', { name: /^Start the dev server: / });
  await expect(bashCard.getByRole('region', { name: /Output of/ }).or(bashCard.locator('.output-box'))).toContainText('compiled in 120 ms');
  const keep = bashCard.getByRole('button', { name: 'Keep running in background' });
  await expect(keep).toBeVisible();
  await page.screenshot({ path: screenshotPath('bash-keep-running-in-background') });
  await keep.click();

  await expect(bashCard.getByTestId('tool-call-state')).toHaveText('Moved to the background');
  await expect(page.getByText('The dev server started fine; I stopped it again.')).toBeVisible();

  // What the model got: the output so far and the task id, then the new output, then the stop.
  const reqs = webApp.fake.requests;
  const moved = resultText(toolResults(reqs[1]!)[0]!);
  expect(moved).toContain('server ready on port 5173');
  expect(moved).toContain(`Command was manually backgrounded by user with ID: ${taskId}`);
  const read = resultText(toolResults(reqs[2]!)[0]!);
  expect(read).toContain('<status>running</status>');
  expect(read).toContain('server ready on port 5173');
  expect(resultText(toolResults(reqs[3]!)[0]!)).toBe(`Successfully stopped task: ${taskId} (${COMMAND})`);

  const readCard = page.getByRole('article', { name: /^Read the output of “Start the dev server”/ });
  await expect(readCard.getByTestId('tool-call-state')).toHaveText('Still running, 2 new lines');
  await readCard.getByRole('button', { name: 'Show output' }).click();
  await expect(readCard.getByRole('region', { name: /Output of/ }).or(readCard.locator('.output-box'))).toContainText('compiled in 120 ms');
  await expect(page.getByRole('article', { name: /^Stopped “Start the dev server”/ })).toBeVisible();
  // Stopped, its card says so and no longer that it keeps running; never its id (which read like the
  // header's background Tasks). While it ran, it said where to find it (bash-facts.test).
  await expect(bashCard.getByText(/^Moved to the background\. Stopped after /)).toBeVisible();
  await expect(bashCard).not.toContainText('keeps running');
  await expect(bashCard).not.toContainText(taskId);
  // Only the command itself asked; reading and stopping its task did not.
  expect(await dialogsOpened(page)).toBe(1);
  await page.screenshot({ path: screenshotPath('background-task-read-and-stopped'), fullPage: true });
});
