// Proves the Electron checklist check (issue 16 item 7, DK5) can fail: a window with Node integration
// and no context isolation is a HIGH finding. (npm test runs the check on the repository itself.)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = resolve(__dirname, '..');
const script = join(repo, 'scripts', 'check-electron.mjs');
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

const run = (root: string) => spawnSync(process.execPath, [script, root], { encoding: 'utf8' });

describe('Electronegativity in npm test', () => {
  it('fails on a window with Node integration and no context isolation', () => {
    const root = mkdtempSync(join(tmpdir(), 'eneg-'));
    made.push(root);
    mkdirSync(join(root, 'src', 'main'), { recursive: true });
    writeFileSync(
      join(root, 'src', 'main', 'window.ts'),
      "import { BrowserWindow } from 'electron';\nexport const w = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } });\n",
    );
    const r = run(root);
    expect(r.status, r.stdout + r.stderr).toBe(1);
    expect(r.stderr).toMatch(/error HIGH\s+(NODE_INTEGRATION|CONTEXT_ISOLATION)_JS_CHECK/);
  }, 120_000);
});
