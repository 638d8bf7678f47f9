#!/usr/bin/env node
// `npm test`: everything CI checks, from a fresh machine. Installs what it can (Debian Chromium and
// ripgrep as root, one apt-get update for both), or stops naming each missing piece; then build,
// layering, types, unit (rg parity suites required: AGENT_DESK_REQUIRE_RG=1), e2e — and a closing
// "N passed, N failed, N skipped" line summed over vitest and Playwright.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { delimiter, join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Not under test-results/: Playwright empties that folder when it starts.
const reports = join(repo, '.test-reports');
const bin = (name) => join(repo, 'node_modules', '.bin', name);

/** Steps that exited non-zero: a step can fail with every test passed (vitest's unhandled errors). */
const failedSteps = [];

function step(title, cmd, args, opts = {}) {
  const t0 = Date.now();
  console.log(`\n▶ ${title}`);
  const r = spawnSync(cmd, args, { cwd: repo, stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`✖ ${title} failed (exit ${r.status ?? r.signal}) after ${secs}s`);
    failedSteps.push(title);
    return false;
  }
  console.log(`✔ ${title} (${secs}s)`);
  return true;
}

/** Installs go through apt-get only as root on Debian; elsewhere the missing piece is named instead. */
function canApt() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return isRoot && existsSync('/usr/bin/apt-get');
}

let aptUpdated; // undefined until the first install runs `apt-get update`; then whether it worked.

/** apt-get install `packages`, after one `apt-get update` shared by every install of the run. */
function aptInstall(packages) {
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  aptUpdated ??= step('apt-get update', 'apt-get', ['update', '-qq'], { env });
  return aptUpdated && step(`apt-get install ${packages[0]}`, 'apt-get', ['install', '-y', '-qq', ...packages], { env });
}

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((p) => p && existsSync(p));
}

function ensureChromium() {
  if (findChromium()) return true;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (canApt()) {
    console.log('Chromium is missing: installing Debian\'s chromium with apt-get (needed for the browser end-to-end tests)…');
    if (aptInstall(['chromium', 'fonts-liberation']) && findChromium()) return true;
  }
  console.error(
    'Missing piece: Chromium for the end-to-end tests.\n' +
      (hasApt ? '  Install it with:  sudo apt-get install chromium\n' : '  Install Chromium and set CHROMIUM_PATH=/path/to/chromium\n') +
      '  (Playwright cannot download its own browser on this network.)',
  );
  return false;
}

/** The first executable `rg` on PATH: what the Grep/Glob parity suites run (src/main/tools/grep/find-rg.ts). */
function findRipgrep() {
  const names = process.platform === 'win32' ? ['rg.exe', 'rg'] : ['rg'];
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of dir ? names : []) {
      const p = join(dir, name);
      try {
        accessSync(p, constants.X_OK);
        if (statSync(p).isFile()) return p;
      } catch {
        // not here: next directory
      }
    }
  }
  return undefined;
}

function ensureRipgrep() {
  if (findRipgrep()) return true;
  if (canApt()) {
    console.log('ripgrep is missing: installing Debian\'s ripgrep with apt-get (the Grep and Glob parity suites run it)…');
    if (aptInstall(['ripgrep']) && findRipgrep()) return true;
  }
  console.error(
    'Missing piece: ripgrep (rg) for the Grep and Glob parity suites.\n' +
      (existsSync('/usr/bin/apt-get') ? '  Install it with:  sudo apt-get install ripgrep\n' : '  Install ripgrep (https://github.com/BurntSushi/ripgrep#installation) so `rg` is on PATH.\n') +
      '  (Without it the parity suites fail: Grep and Glob would be checked against nothing.)',
  );
  return false;
}

/** An executable `name` on PATH, or undefined. */
function findOnPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, name);
    try {
      accessSync(p, constants.X_OK);
      if (statSync(p).isFile()) return p;
    } catch {
      // not here: next directory
    }
  }
  return undefined;
}

/** The Linux sandbox (BA6) runs commands in bubblewrap with socat relaying its network; its tests use both. */
function ensureSandboxTools() {
  if (process.platform !== 'linux') return true;
  const missing = () => ['bwrap', 'socat'].filter((name) => !findOnPath(name));
  if (missing().length === 0) return true;
  if (canApt()) {
    console.log(`${missing().join(' and ')} missing: installing Debian's bubblewrap and socat with apt-get (the sandbox tests run them)…`);
    if (aptInstall(['bubblewrap', 'socat']) && missing().length === 0) return true;
  }
  console.error(
    `Missing piece: ${missing().join(' and ')} for the sandbox tests.\n` +
      '  Install them with:  sudo apt-get install bubblewrap socat\n' +
      '  (Without them the sandbox tests fail: nothing would be contained.)',
  );
  return false;
}

function counts() {
  let passed = 0, failed = 0, skipped = 0;
  const vitestFile = join(reports, 'vitest.json');
  if (existsSync(vitestFile)) {
    const v = JSON.parse(readFileSync(vitestFile, 'utf8'));
    passed += v.numPassedTests ?? 0;
    failed += v.numFailedTests ?? 0;
    skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  }
  const reasons = [];
  const pwFile = join(reports, 'playwright.json');
  if (existsSync(pwFile)) {
    const report = JSON.parse(readFileSync(pwFile, 'utf8'));
    const s = report.stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    skipped += s.skipped ?? 0;
    const walk = (suite) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? [])
          if ((t.results ?? []).some((r) => r.status === 'skipped'))
            reasons.push(`${spec.title}: ${(t.annotations ?? []).find((a) => a.type === 'skip')?.description ?? 'no reason given'}`);
      for (const child of suite.suites ?? []) walk(child);
    };
    (report.suites ?? []).forEach(walk);
  }
  return { passed, failed, skipped, reasons };
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 12)) {
  console.error(`Missing piece: Node.js 20.12 or newer (this is ${process.version}).`);
  process.exit(1);
}
if (!existsSync(bin('electron-vite'))) {
  console.error('Missing piece: dependencies. Run `npm install` first (the README\'s test command does).');
  process.exit(1);
}
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// Both checked before stopping, so a fresh machine hears every missing piece at once.
const installed = [ensureChromium(), ensureRipgrep(), ensureSandboxTools()].every(Boolean);
const ok =
  installed &&
  step('build (electron-vite)', bin('electron-vite'), ['build']) &&
  step('layering (docs/architecture.md, "Layers")', process.execPath, ['scripts/check-layers.mjs']) &&
  step('Electron security checklist (Electronegativity, no high finding)', process.execPath, ['scripts/check-electron.mjs']) &&
  step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.node.json']) &&
  step('typecheck (renderer)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.web.json']);

let unitOk = false, e2eOk = false;
if (ok) {
  unitOk = step('unit + integration (vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'vitest.json')}`], {
    env: { AGENT_DESK_REQUIRE_RG: '1' }, // a missing rg fails the parity suites instead of skipping them
  });
  e2eOk = step('end-to-end (Playwright, Chromium)', bin('playwright'), ['test', '--reporter=list,json'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json') },
  });
}
const c = counts();
console.log(`\ntests: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
for (const r of c.reasons) console.log(`skipped (not a pass): ${r}`);
for (const t of failedSteps) console.log(`failed step: ${t} (see its output above)`);
process.exit(ok && unitOk && e2eOk && c.failed === 0 ? 0 : 1);
