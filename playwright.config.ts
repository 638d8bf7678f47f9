// Playwright: the web host in real Chromium (project `web`) and, where the binary exists, Electron (`electron`).
// Needs the app built first (`npm run build`); global setup says so when it is not.
import { existsSync } from 'node:fs';
import { chromium, defineConfig } from '@playwright/test';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Debian's chromium when installed, else Playwright's own download, else null (the web fixture explains). */
function chromiumExecutable(): string | null {
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  try {
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // no bundled browser registered
  }
  return null;
}

const executable = chromiumExecutable();
// The web fixture reads this to fail with an actionable message instead of a launch stack trace.
process.env.AGENT_DESK_E2E_CHROMIUM = executable ?? '';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: 'list',
  forbidOnly: !!process.env.CI,
  use: {
    headless: true,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'web',
      testMatch: /web.*\.spec\.ts$/,
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          ...(executable ? { executablePath: executable } : {}),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
    {
      name: 'electron',
      testMatch: /electron.*\.spec\.ts$/,
    },
  ],
});
