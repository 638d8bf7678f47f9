// `npm start`: the clear two-line message without the Electron binary, the build-if-stale rule,
// and the launch of the binary on out/main/index.js with the user's folder resolved.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';

const SCRIPT = join(__dirname, 'start.mjs');
type StartModule = {
  BUILD_OUTPUTS: string[];
  NO_BINARY_MESSAGE: string;
  electronBinary(root: string, env: NodeJS.ProcessEnv): string | null;
  needsBuild(root: string): boolean;
  appArgs(args: string[], cwd: string): string[];
};
const load = () => import('./start.mjs' as string) as Promise<StartModule>;

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'agent-desk-start-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

/** A fake repo: sources, build outputs (older or newer), and a copy of the start script. */
function fakeRepo(opts: { built: boolean; stale?: boolean }): string {
  const root = join(tmp, 'repo');
  mkdirSync(join(root, 'src', 'main'), { recursive: true });
  mkdirSync(join(root, 'scripts'));
  copyFileSync(SCRIPT, join(root, 'scripts', 'start.mjs'));
  writeFileSync(join(root, 'src', 'main', 'index.ts'), '');
  writeFileSync(join(root, 'package.json'), '{}');
  const past = new Date(Date.now() - 60_000);
  for (const f of ['src/main/index.ts', 'src/main', 'src', 'package.json']) utimesSync(join(root, f), past, past);
  if (opts.built) {
    for (const f of ['out/main/index.js', 'out/preload/index.js', 'out/renderer/index.html']) {
      mkdirSync(join(root, f, '..'), { recursive: true });
      writeFileSync(join(root, f), '');
    }
  }
  if (opts.stale) {
    const earlier = new Date(Date.now() - 30_000);
    for (const f of ['out/main/index.js', 'out/preload/index.js', 'out/renderer/index.html']) utimesSync(join(root, f), earlier, earlier);
    writeFileSync(join(root, 'src', 'main', 'new.ts'), '');
  }
  return root;
}

describe('npm start', () => {
  test('without the Electron binary: the two-line message and exit 1', () => {
    const r = spawnSync(process.execPath, [SCRIPT, '/tmp'], {
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: join(tmp, 'no-electron-here') },
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([
      'The Electron binary is not installed on this machine (it downloads on first launch and this machine cannot reach it).',
      'Use the browser instead: npm run serve -- DIR',
    ]);
  });

  test('finds the binary via path.txt or ELECTRON_OVERRIDE_DIST_PATH, never by requiring electron', async () => {
    const { electronBinary } = await load();
    const root = join(tmp, 'r');
    mkdirSync(join(root, 'node_modules', 'electron', 'dist'), { recursive: true });
    expect(electronBinary(root, {})).toBeNull();
    writeFileSync(join(root, 'node_modules', 'electron', 'path.txt'), 'electron');
    expect(electronBinary(root, {})).toBeNull();
    writeFileSync(join(root, 'node_modules', 'electron', 'dist', 'electron'), '');
    expect(electronBinary(root, {})).toBe(join(root, 'node_modules', 'electron', 'dist', 'electron'));
    mkdirSync(join(tmp, 'override'));
    expect(electronBinary(root, { ELECTRON_OVERRIDE_DIST_PATH: join(tmp, 'override') })).toBeNull();
    writeFileSync(join(tmp, 'override', 'electron'), '');
    expect(electronBinary(root, { ELECTRON_OVERRIDE_DIST_PATH: join(tmp, 'override') })).toBe(join(tmp, 'override', 'electron'));
  });

  test('builds when out/ is missing or older than src/, not when it is fresh', async () => {
    const { needsBuild } = await load();
    expect(needsBuild(fakeRepo({ built: false }))).toBe(true);
    rmSync(join(tmp, 'repo'), { recursive: true });
    expect(needsBuild(fakeRepo({ built: true }))).toBe(false);
    rmSync(join(tmp, 'repo'), { recursive: true });
    expect(needsBuild(fakeRepo({ built: true, stale: true }))).toBe(true);
  });

  test('a relative DIR resolves against where the user ran npm (INIT_CWD); flags pass through', async () => {
    const { appArgs } = await load();
    expect(appArgs(['proj', '/abs', '--verbose'], '/home/u')).toEqual(['/home/u/proj', '/abs', '--verbose']);
  });

  test.runIf(process.platform !== 'win32')('launches the binary on out/main/index.js with the folder and forwards its exit code', () => {
    const root = fakeRepo({ built: true });
    const bin = join(tmp, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'electron'), '#!/bin/sh\necho "ARGS:$*"\necho "RUN_AS_NODE:${ELECTRON_RUN_AS_NODE:-unset}"\nexit 3\n');
    chmodSync(join(bin, 'electron'), 0o755);
    const r = spawnSync(process.execPath, [join(root, 'scripts', 'start.mjs'), 'proj'], {
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: bin, INIT_CWD: '/work/here', ELECTRON_RUN_AS_NODE: '1' },
    });
    expect(r.stdout).toContain(`ARGS:${join(root, 'out', 'main', 'index.js')} /work/here/proj`);
    expect(r.stdout).toContain('RUN_AS_NODE:unset');
    expect(r.stdout).not.toContain('Building');
    expect(r.status).toBe(3);
  });
});
