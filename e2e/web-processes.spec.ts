// Running programs (issue 15 item 4) in Chromium over the real web host: the scripted model starts a
// dev server in the background (a node http server on a free port that starts a child of its own); the
// panel lists it with its port, and Stop — after asking, since it has a child — ends both processes.
// A program kept running survives the app's quit (one not kept does not), and the next start offers
// it as left from last time; "Stop them" ends it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { ScriptedBlock } from '../test/fake-model/server';
import { expect, screenshotPath, test, type WebApp } from './fixtures';
import { ask, say } from './tool-helpers';

const CLI = path.resolve(__dirname, '..', 'out', 'main', 'cli.js');

// The dev server: listens on argv[2], starts a child, writes "<its pid> <child pid>" to argv[3].
const DEV_SERVER = `const http = require('node:http');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const kid = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
http.createServer((q, r) => r.end('hello')).listen(Number(process.argv[2]), '127.0.0.1', () => {
  fs.writeFileSync(process.argv[3], process.pid + ' ' + kid.pid);
  console.log('\\x1b[32mready\\x1b[0m on http://localhost:' + process.argv[2]);
});
`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie has exited; it only waits to be reaped.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
};

/** Pids written by a dev server once it listens. */
async function serverPids(file: string): Promise<number[]> {
  await expect.poll(() => readFile(file, 'utf8').catch(() => ''), { timeout: 15_000 }).toMatch(/^\d+ \d+$/);
  return (await readFile(file, 'utf8')).split(' ').map(Number);
}

async function startDevServer(page: Page, webApp: WebApp, description: string, nth = 1): Promise<{ port: number; pids: number[] }> {
  await writeFile(path.join(webApp.projectDir, 'dev-server.js'), DEV_SERVER);
  const port = await freePort();
  const pidFile = path.join(webApp.projectDir, `pids-${port}.txt`);
  const command = `${JSON.stringify(process.execPath)} dev-server.js ${port} ${pidFile}`;
  const call: ScriptedBlock = { type: 'tool_use', name: 'Bash', input: { command, description, run_in_background: true } };
  webApp.fake.push({ content: [call] }, say('The development server is running.'));
  await ask(page, 'Start the development server');
  await page.getByRole('dialog', { name: 'Allow Agent Desk to run a command?' }).getByRole('button', { name: 'Allow once' }).click();
  await expect(page.getByText('The development server is running.')).toHaveCount(nth);
  return { port, pids: await serverPids(pidFile) };
}

/** WCAG A/AA (contrast among them) on the panel, in the light and the dark theme, with a screenshot of each. */
async function auditPanel(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: screenshotPath(`${name}-${colorScheme}`) });
    const { violations } = await new AxeBuilder({ page }).include('#processes-pane').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((v) => `${colorScheme}: ${v.id}: ${v.nodes.map((n) => n.failureSummary).join(' | ')}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const panelOf = (page: Page) => page.getByRole('region', { name: 'Running programs' });

test.describe('Running programs (issue 15 item 4)', () => {
  test('a dev server the assistant started is listed with its port; Stop asks, then ends it and its child', async ({ page, webApp }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(webApp.url);
    const { port, pids } = await startDevServer(page, webApp, 'Start the development server');
    expect(pids.every(alive)).toBe(true);

    const button = page.getByRole('button', { name: /^Running programs/ });
    await expect(button).toHaveAccessibleName(/^Running programs ?: 1$/); // the narrow window's label adds a space before the count
    await button.click();
    const panel = panelOf(page);
    const row = panel.getByRole('listitem', { name: 'Start the development server' });
    const link = row.getByRole('link', { name: `Listening on port ${port}` });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', `http://localhost:${port}`);
    await expect(row).toContainText('1 program it started');
    await expect(row).toContainText(/Running for \d+ s/);
    await expect(row).toContainText(/Memory \d/);
    await row.getByRole('button', { name: 'Show what it printed' }).click();
    await expect(row.getByLabel('Recent output of Start the development server')).toContainText(`ready on http://localhost:${port}`);
    await auditPanel(page, 'processes-panel');

    await row.getByRole('button', { name: 'Stop', exact: true }).click();
    const confirm = row.getByRole('alertdialog', { name: 'Stop Start the development server?' });
    await expect(confirm).toContainText('This program started another program. Stopping it stops both.');
    await auditPanel(page, 'processes-stop-confirm');
    expect(pids.every(alive)).toBe(true);
    await confirm.getByRole('button', { name: 'Stop all 2' }).click();

    await expect(row).toContainText('Stopped');
    await expect(row.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0);
    await expect(button).toHaveAccessibleName('Running programs');
    for (const pid of pids) expect(alive(pid), `process ${pid} should be gone`).toBe(false);
    await auditPanel(page, 'processes-stopped');
  });

  test('issue 15 item 5: a running program’s output opens in a terminal tab that follows it', async ({ page, webApp }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(webApp.url);
    const { port } = await startDevServer(page, webApp, 'Start the development server');
    await page.getByRole('button', { name: /^Running programs/ }).click();
    const row = panelOf(page).getByRole('listitem', { name: 'Start the development server' });
    await row.getByRole('button', { name: 'Open the output of Start the development server in a terminal' }).click();

    const pane = page.getByRole('region', { name: 'Terminal' });
    const tabs = pane.getByRole('tablist', { name: 'Terminals' });
    // Only the output's tab: opening the pane this way starts no shell of its own.
    await expect(tabs.getByRole('tab', { name: 'Output: Start the development server' })).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.getByRole('tab')).toHaveCount(1);
    await expect(pane.locator('.terminal-view:not([hidden]) .xterm-rows')).toContainText(`ready on http://localhost:${port}`);
    await page.screenshot({ path: screenshotPath('processes-output-in-terminal') });
  });

  test('a kept program survives quitting, one not kept is stopped; next start offers the kept one, and "Stop them" ends it', async ({ page, webApp }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(webApp.url);
    const kept = await startDevServer(page, webApp, 'Start the development server');
    const other = await startDevServer(page, webApp, 'Start the second server', 2);
    await page.getByRole('button', { name: /^Running programs/ }).click();
    const row = panelOf(page).getByRole('listitem', { name: 'Start the development server' });
    const keep = row.getByRole('switch', { name: 'Keep running after I close' });
    await keep.check();
    await expect(keep).toBeChecked();
    // Main has it on record as kept before the app is closed.
    await expect.poll(() => recordsText(webApp.dataDir)).toContain('"kept": true');

    await webApp.stop();
    for (const pid of other.pids) expect(alive(pid), `process ${pid} (not kept) should be gone`).toBe(false);
    expect(kept.pids.every(alive)).toBe(true);

    const second = await restart(webApp);
    try {
      await page.goto(second.url);
      const button = page.getByRole('button', { name: /^Running programs/ });
      await expect(button).toHaveAccessibleName(/^Running programs ?: 1$/); // the narrow window's label adds a space before the count
      await button.click();
      const left = panelOf(page).getByRole('region', { name: 'Left running from last time' });
      await expect(left).toContainText('1 program was left running when Agent Desk last closed');
      await expect(left).toContainText('You chose to keep it running.');
      await expect(left.getByRole('link', { name: `Listening on port ${kept.port}` })).toBeVisible();
      await auditPanel(page, 'processes-leftovers');
      await left.getByRole('button', { name: 'Stop them' }).click();
      await expect(panelOf(page).getByRole('status')).toHaveText('Stopped the program.');
      await expect(left).toHaveCount(0);
      for (const pid of kept.pids) expect(alive(pid), `process ${pid} should be gone`).toBe(false);
    } finally {
      await stopChild(second.child);
      for (const pid of kept.pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});

/** Every running-programs record file of the data folder, one after the other. */
async function recordsText(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'running-programs');
  const names = await readdir(dir).catch(() => [] as string[]);
  return (await Promise.all(names.map((n) => readFile(path.join(dir, n), 'utf8').catch(() => '')))).join('\n');
}

/** A second server like the fixture's: same project, data folder, fake model and token; a new port. */
async function restart(webApp: WebApp): Promise<{ url: string; child: ChildProcess }> {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('ANTHROPIC_') && !k.startsWith('AGENT_DESK_')) env[k] = v;
  const child = spawn(process.execPath, [CLI, 'serve', webApp.projectDir, '--port', '0', '--token', webApp.token, '--trust-folder'], {
    cwd: webApp.projectDir,
    env: { ...env, ANTHROPIC_BASE_URL: webApp.fake.url, ANTHROPIC_API_KEY: 'test-key', AGENT_DESK_HOME: webApp.dataDir, AGENT_DESK_LOG: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (output += s));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the second server did not start:\n${output}`)), 20_000);
    child.stdout!.setEncoding('utf8').on('data', (s: string) => {
      output += s;
      const m = /Agent Desk is running at (http:\/\/\S+)/.exec(output);
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
  return { url, child };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
