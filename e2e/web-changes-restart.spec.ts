// The Changes pane survives a restart (issue 4 follow-up, UI2, DK4): an Edit runs, the server stops,
// a new `agent-desk serve` starts on the same data folder, and the reopened conversation still lists
// the changed file with its diff. The fixture's server is stopped; this spec starts the second one.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, screenshotPath, test, type WebApp } from './fixtures';
import { ask, openChangedFile, say, useTool } from './tool-helpers';

const CLI = path.resolve(__dirname, '..', 'out', 'main', 'cli.js');
const RUNNING_LINE = /Agent Desk is running at (http:\/\/\S+)/;

const APP_TS = ['/** Greets someone by name. */', 'export function greet(name: string): string {', '  return `Hello, ${name}!`;', '}', ''].join('\n');
const OLD_LINE = '  return `Hello, ${name}!`;';
const NEW_LINES = '  const greeting = `Hello, ${name}! Welcome back.`;\n  return greeting;';

/** A second server like the fixture's: same project, data folder, fake model and token; a new port. */
async function restart(webApp: WebApp): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  await webApp.stop();
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('ANTHROPIC_') && !k.startsWith('AGENT_DESK_')) env[k] = v;
  const child = spawn(process.execPath, [CLI, 'serve', webApp.projectDir, '--port', '0', '--token', webApp.token], {
    cwd: webApp.projectDir,
    env: { ...env, ANTHROPIC_BASE_URL: webApp.fake.url, ANTHROPIC_API_KEY: 'test-key', AGENT_DESK_HOME: webApp.dataDir, AGENT_DESK_LOG: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (output += s));
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (output += s));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the second server did not start:\n${output}`)), 20_000);
    child.stdout!.on('data', () => {
      const m = RUNNING_LINE.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the second server exited (code ${code}):\n${output}`));
    });
  });
  return { url, child, output: () => output };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

test('UI2 DK4: after a server restart the reopened conversation still shows the Edit in the Changes pane with its diff', async ({ page, webApp }, testInfo) => {
  const file = path.join(webApp.projectDir, 'src', 'app.ts');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, APP_TS);
  webApp.fake.push(
    { content: [{ type: 'text', text: 'Reading first.' }, useTool('Read', { file_path: file })] },
    { content: [{ type: 'text', text: 'Now the greeting.' }, useTool('Edit', { file_path: file, old_string: OLD_LINE, new_string: NEW_LINES })] },
    say('The greeting now welcomes people back.'),
  );
  await page.goto(webApp.url);
  await ask(page, 'Make the greeting friendlier');
  await page.getByRole('dialog', { name: 'Allow Agent Desk to change a file?' }).getByRole('button', { name: 'Allow once' }).click();
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript).toContainText('The greeting now welcomes people back.');
  await expect(page.getByRole('status', { name: 'Session status' })).toHaveText('Ready');
  await expect(page.getByRole('button', { name: 'Changes (1)' })).toBeVisible();
  expect(await readFile(file, 'utf8')).toBe(APP_TS.replace(OLD_LINE, NEW_LINES));

  const second = await restart(webApp);
  try {
    await page.goto(second.url);
    const sessions = page.getByRole('list', { name: 'Sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await sessions.getByRole('button').first().click();
    await expect(transcript).toContainText('The greeting now welcomes people back.');

    // The transcript's Edit card has its diff again (the saved structured output).
    const card = page.getByRole('article', { name: 'Edit src/app.ts' });
    await expect(card.getByTestId('tool-call-state')).toHaveText('Done');
    await expect(card).toContainText('Changed 2 lines');

    const { diff } = await openChangedFile(page, 'src/app.ts', '2 lines added, 1 line removed');
    await expect(diff).toContainText('Welcome back.');
    await expect(diff.locator('tr.diff__row--add')).toHaveCount(2);
    await expect(diff.locator('tr.diff__row--del')).toHaveCount(1);
    await page.screenshot({ path: screenshotPath('changes-after-restart') });
  } finally {
    await stopChild(second.child);
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('second agent-desk serve output', { body: second.output(), contentType: 'text/plain' });
  }
});
