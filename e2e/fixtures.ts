// e2e fixtures: a scripted fake model server plus a real `agent-desk serve` on a temp project,
// started per test and torn down after it. Tests get `webApp` ({ url, fake, projectDir, dataDir, … }).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/fake-model/server';

const ROOT = path.resolve(__dirname, '..');
const CLI = path.join(ROOT, 'out', 'main', 'cli.js');
const RUNNING_LINE = /Agent Desk is running at (http:\/\/\S+)/;
const START_TIMEOUT_MS = 20_000;

export interface WebApp {
  /** The tokenised URL printed by `agent-desk serve`. */
  url: string;
  /** http://127.0.0.1:PORT, without the token. */
  origin: string;
  token: string;
  fake: FakeModelServer;
  projectDir: string;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** Stop the server (as if it crashed or was closed), e.g. to see the UI reconnect. */
  stop(): Promise<void>;
}

export interface WebAppOptions {
  /** The key the server gets in ANTHROPIC_API_KEY; null starts it with no key at all. */
  apiKey: string | null;
  /** More environment for the server (test seams such as AGENT_DESK_MAX_TURNS). */
  env?: Record<string, string>;
  /**
   * Serve with --trust-folder (default): the tests' project folders are the tests' own. The trust
   * dialog's own spec turns it off, as a person opening a folder from elsewhere would see it.
   */
  trustFolder?: boolean;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  if (!(await waitForExit(child, 5_000))) {
    child.kill('SIGKILL');
    await waitForExit(child, 2_000);
  }
}

/** The environment of the server: ours minus any real credentials, plus the test's. */
function serverEnv(fakeUrl: string, dataDir: string, apiKey: string | null, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.startsWith('ANTHROPIC_') && !k.startsWith('AGENT_DESK_')) env[k] = v;
  }
  return {
    ...env,
    ANTHROPIC_BASE_URL: fakeUrl,
    ...(apiKey !== null ? { ANTHROPIC_API_KEY: apiKey } : {}),
    AGENT_DESK_HOME: dataDir,
    // Fast, bounded retries so error paths finish in seconds.
    AGENT_DESK_MAX_ATTEMPTS: '2',
    AGENT_DESK_RETRY_BASE_MS: '200',
    AGENT_DESK_LOG: 'info',
    ...extra,
  };
}

export const test = base.extend<{ webOptions: WebAppOptions; webApp: WebApp; requireChromium: void; pageHealth: void }>({
  webOptions: [{ apiKey: 'test-key' }, { option: true }],

  requireChromium: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      if (!process.env.AGENT_DESK_E2E_CHROMIUM) {
        throw new Error(
          'No Chromium found for the web e2e tests: install one with `apt-get install chromium` (expected at /usr/bin/chromium) or `npx playwright install chromium`.',
        );
      }
      await use();
    },
    { auto: true },
  ],

  // Every test also checks the page stayed healthy: no uncaught exception, no CSP violation (DK5).
  pageHealth: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
      // CSP violations are not console API calls, so the page reports them through a binding.
      await page.exposeFunction('__agentDeskCspViolation', (text: string) => problems.push(`csp: ${text}`));
      await page.addInitScript({
        content: `document.addEventListener('securitypolicyviolation', (e) => window.__agentDeskCspViolation(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline')));`,
      });
      await use();
      expect(problems, 'page errors').toEqual([]);
    },
    { auto: true },
  ],

  webApp: async ({ webOptions }, use, testInfo) => {
    const fake = await startFakeModelServer();
    const projectDir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-e2e-project-'));
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-e2e-data-'));
    await writeFile(path.join(projectDir, 'README.md'), '# Sample project\n\nUsed by the Agent Desk e2e tests.\n');
    const token = randomBytes(16).toString('hex');

    const trust = webOptions.trustFolder === false ? [] : ['--trust-folder'];
    const child = spawn(process.execPath, [CLI, 'serve', projectDir, '--port', '0', '--token', token, ...trust], {
      cwd: projectDir,
      env: serverEnv(fake.url, dataDir, webOptions.apiKey, webOptions.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (s: string) => (output += s));
    child.stderr!.setEncoding('utf8').on('data', (s: string) => (output += s));

    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`agent-desk serve did not print its URL within ${START_TIMEOUT_MS} ms.\n${output}`)), START_TIMEOUT_MS);
        const onData = (): void => {
          const m = RUNNING_LINE.exec(output);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        };
        child.stdout!.on('data', onData);
        child.once('exit', (code, signal) => {
          clearTimeout(timer);
          reject(new Error(`agent-desk serve exited early (code ${code}, signal ${signal}).\n${output}`));
        });
        child.once('error', (err) => {
          clearTimeout(timer);
          reject(err);
        });
      });
      const origin = new URL(url).origin;
      await use({ url, origin, token, fake, projectDir, dataDir, output: () => output, stop: () => stopChild(child) });
    } finally {
      await stopChild(child);
      await fake.close();
      if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('agent-desk serve output', { body: output, contentType: 'text/plain' });
      await rm(projectDir, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  },
});

export { expect };

/** Where screenshots we look at are kept (e2e/screenshots/NAME.png). */
export function screenshotPath(name: string): string {
  return path.join(ROOT, 'e2e', 'screenshots', `${name}.png`);
}
