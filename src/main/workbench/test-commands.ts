// The project's own test commands, from its package.json scripts (issue 12 item 8): the rule
// workbench's "Always allow running the tests" offers rules for exactly these, run with the package
// manager the project uses. Only read, never run; a missing or broken package.json gives null.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { readJsonFile } from '../settings/json-file';

type Runner = 'npm' | 'pnpm' | 'yarn' | 'bun';

/** Lock files say which package manager a project uses; npm when none does. */
const LOCK_FILES: ReadonlyArray<[string, Runner]> = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
];

/** `test`, `test:unit`, `unit-test`, `e2e:tests`…: a script whose name says it runs tests. */
const TEST_NAME = /(^|[:_-])tests?($|[:_-])/i;
/** Names that stay one plain word in a command line and a rule (no quoting, no brackets). */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9:._-]*$/;
const MAX_COMMANDS = 8;

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

async function runnerOf(projectDir: string, pkg: Record<string, unknown>): Promise<Runner> {
  // Corepack's `packageManager: "pnpm@9.1.0"` is the project's own statement; it beats lock files.
  const declared = typeof pkg.packageManager === 'string' ? pkg.packageManager.split('@')[0] : undefined;
  if (declared === 'npm' || declared === 'pnpm' || declared === 'yarn' || declared === 'bun') return declared;
  for (const [file, runner] of LOCK_FILES) {
    if (await access(path.join(projectDir, file)).then(() => true, () => false)) return runner;
  }
  return 'npm';
}

/** `npm test`, `npm run test:e2e`, …; [] when package.json has no test script; null without one. */
export async function projectTestCommands(projectDir: string): Promise<string[] | null> {
  const read = await readJsonFile(path.join(projectDir, 'package.json'));
  if (read.kind !== 'ok' || !isObject(read.value)) return null;
  const scripts = read.value.scripts;
  if (!isObject(scripts)) return [];
  const names = Object.keys(scripts).filter((n) => typeof scripts[n] === 'string' && SAFE_NAME.test(n) && TEST_NAME.test(n));
  if (names.length === 0) return [];
  const runner = await runnerOf(projectDir, read.value);
  // `test` first: it is the one people and the assistant type most.
  names.sort((a, b) => (a === 'test' ? -1 : b === 'test' ? 1 : 0));
  return names.slice(0, MAX_COMMANDS).map((n) => (n === 'test' ? `${runner} test` : `${runner} run ${n}`));
}
