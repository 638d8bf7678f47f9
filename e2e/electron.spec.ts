// The desktop app for real: Electron launched on a temp project, its window titled after the
// project and the composer ready. Skipped, with the reason, where the Electron binary is absent.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';

const ROOT = path.resolve(__dirname, '..');
const MAIN = path.join(ROOT, 'out', 'main', 'index.js');

/**
 * The Electron executable, found the way `require('electron')` finds it but without its side
 * effect: since Electron 45 that require starts a download when the binary is missing.
 */
function electronBinary(): { path: string } | { path: null; reason: string } {
  const pkg = path.join(ROOT, 'node_modules', 'electron');
  const pathFile = path.join(pkg, 'path.txt');
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  if (override) {
    const p = path.join(override, name ?? 'electron');
    return existsSync(p) ? { path: p } : { path: null, reason: `ELECTRON_OVERRIDE_DIST_PATH has no ${path.basename(p)} (${p})` };
  }
  if (!existsSync(pkg)) return { path: null, reason: 'the electron package is not installed' };
  if (!name) return { path: null, reason: 'node_modules/electron/path.txt is missing: the binary was never downloaded (its install-time download failed or was skipped)' };
  const p = path.join(pkg, 'dist', name);
  return existsSync(p) ? { path: p } : { path: null, reason: `${path.relative(ROOT, p)} does not exist` };
}

const binary = electronBinary();
const SKIP_REASON = `skipped: Electron binary not available (${binary.path === null ? binary.reason : ''})`;

test.describe('desktop app (Electron)', () => {
  test.skip(binary.path === null, SKIP_REASON);

  let tmp = '';
  test.beforeEach(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-electron-e2e-'));
  });
  test.afterEach(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  test('DK1 DK5: opens the project folder from argv in a titled window with the composer', async () => {
    expect(existsSync(MAIN), `${MAIN} is missing: run \`npm run build\` first`).toBe(true);
    const project = path.join(tmp, 'my-project');
    await mkdir(project);
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) {
      // No real credentials, no dev server, and never "run as node".
      if (v === undefined || k.startsWith('ANTHROPIC_') || k.startsWith('AGENT_DESK_') || k.startsWith('ELECTRON_')) continue;
      env[k] = v;
    }
    const app = await electron.launch({
      executablePath: (binary as { path: string }).path,
      args: [MAIN, project],
      cwd: ROOT,
      env: { ...env, AGENT_DESK_HOME: path.join(tmp, 'data'), ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' },
    });
    try {
      const page = await app.firstWindow();
      await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
      const title = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getTitle() ?? '');
      expect(title).toBe('my-project — Agent Desk');
      // The page is sandboxed: no Node, only the contract's api.
      expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
      expect(await page.evaluate(() => Object.keys((globalThis as unknown as { api: object }).api).sort())).toEqual(['invoke', 'on', 'send']);
    } finally {
      await app.close();
    }
  });
});
