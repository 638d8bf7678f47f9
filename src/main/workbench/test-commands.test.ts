// Issue 12 item 8: the test commands the workbench's preset offers come from package.json scripts,
// run with the project's package manager; no package.json means none are known.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectTestCommands } from './test-commands';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-test-commands-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const pkg = (value: unknown): void => writeFileSync(path.join(dir, 'package.json'), JSON.stringify(value));

describe('projectTestCommands', () => {
  it('the scripts named for tests, `test` first, with npm by default', async () => {
    pkg({ scripts: { build: 'tsc', 'test:e2e': 'playwright test', lint: 'eslint .', test: 'vitest', 'unit-test': 'x', contest: 'no', 'test (ci)': 'odd' } });
    expect(await projectTestCommands(dir)).toEqual(['npm test', 'npm run test:e2e', 'npm run unit-test']);
  });

  it('the package manager from packageManager, else from the lock file', async () => {
    pkg({ packageManager: 'pnpm@9.1.0', scripts: { test: 'vitest' } });
    expect(await projectTestCommands(dir)).toEqual(['pnpm test']);
    pkg({ scripts: { 'test:unit': 'jest' } });
    writeFileSync(path.join(dir, 'yarn.lock'), '');
    expect(await projectTestCommands(dir)).toEqual(['yarn run test:unit']);
  });

  it('no test script: []; no package.json, a broken one or a folder in its place: null', async () => {
    pkg({ scripts: { build: 'tsc' } });
    expect(await projectTestCommands(dir)).toEqual([]);
    pkg({ name: 'x' });
    expect(await projectTestCommands(dir)).toEqual([]);
    writeFileSync(path.join(dir, 'package.json'), '{ oops');
    expect(await projectTestCommands(dir)).toBeNull();
    rmSync(path.join(dir, 'package.json'));
    expect(await projectTestCommands(dir)).toBeNull();
    mkdirSync(path.join(dir, 'package.json'));
    expect(await projectTestCommands(dir)).toBeNull();
  });
});
