// Glob parity (TL, TL3): on Grep's parity tree (nested .gitignore with negations, .git/info/exclude,
// .ignore, a nested repository, hidden files, VCS directories, symlinks), a table of patterns runs
// through `rg --files` and through the JS walk; both must return the same files in the same order.
import { chmodSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeParityFixture } from '../grep/parity-fixture';
import { ripgrepForTests } from '../../process/require-rg';
import { findFiles, planGlob } from './find-files';

const rgPath = ripgrepForTests('Glob parity');

interface Case {
  pattern: string;
  /** The case is meaningless if nothing matches; a few cases are about matching nothing. */
  empty?: boolean;
}

const CASES: Case[] = [
  { pattern: '**/*' },
  { pattern: '**/*.ts' },
  { pattern: '*.ts' },
  { pattern: '*' },
  { pattern: '*/*.ts' },
  { pattern: '**/*.{ts,tsx}' },
  { pattern: 'src/**/*.js' },
  { pattern: 'src/util/*' },
  { pattern: '**/*.log' },
  { pattern: '**/*.md' },
  { pattern: 'nested/*.log' },
  { pattern: 'src/**/*.ts' },
  { pattern: '**/.*' },
  { pattern: '**/[a-c].*' },
  { pattern: 'src/?.ts' },
  { pattern: 'a/**/e.txt' },
  { pattern: 'docs/**/*.tmp', empty: true },
  { pattern: '**/*.excluded', empty: true },
  { pattern: 'lib/*.skip', empty: true },
  { pattern: 'node_modules/**' },
  { pattern: 'build/*' },
  { pattern: 'nested/**' },
  { pattern: '.git/**' },
  { pattern: '**/config', empty: true },
  { pattern: 'link-to-src/**' },
  { pattern: '**/*.TS', empty: true },
  { pattern: 'no/such/dir/**', empty: true },
];

let root: string;

/** Every fixture file gets its own modification time (in name order, 10 s apart) so the order is fully determined. */
function spreadMtimes(dir: string): void {
  const files: string[] = [];
  const visit = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const abs = path.join(d, e.name);
      if (e.isDirectory()) visit(abs);
      else if (e.isFile()) files.push(abs);
    }
  };
  visit(dir);
  files.sort();
  const base = Date.now() / 1000 - 100_000;
  files.forEach((f, i) => utimesSync(f, base + i * 10, base + i * 10));
}

beforeAll(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-glob-parity-')));
  writeParityFixture(root);
  spreadMtimes(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.runIf(rgPath !== undefined)('Glob parity: rg --files and the JS walk agree (TL, TL3)', () => {
  it.each(CASES)('TL3 parity: $pattern', async (c) => {
    const plan = planGlob(c.pattern, root);
    const fallbacks: unknown[] = [];
    const fromRg = await findFiles(plan, 1000, undefined, { rgPath: rgPath!, env: { PATH: process.env.PATH }, onRgFallback: (e) => fallbacks.push(e) });
    const fromJs = await findFiles(plan, 1000);
    expect(fallbacks).toEqual([]);
    if (!c.empty) expect(fromRg.files.length).toBeGreaterThan(0);
    else expect(fromRg.files).toEqual([]);
    expect([...fromJs.files].sort()).toEqual([...fromRg.files].sort());
    // Distinct mtimes: the documented order (newest first) is the same from both.
    expect(fromJs.files).toEqual(fromRg.files);
    const times = fromRg.files.map((f) => statSync(f).mtimeMs);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const f of fromRg.files) expect(path.isAbsolute(f)).toBe(true);
  });

  it('TL3 parity: the cap cuts the same newest files and both say truncated', async () => {
    const plan = planGlob('**/*', root);
    const fromRg = await findFiles(plan, 5, undefined, { rgPath: rgPath! });
    const fromJs = await findFiles(plan, 5);
    expect(fromRg).toEqual(fromJs);
    expect(fromRg.files).toHaveLength(5);
    expect(fromRg.truncated).toBe(true);
  });

  it('TL3 parity: what neither backend lists (ignored, excluded, .ignore, VCS, symlinks, nested repo rules)', async () => {
    const all = (await findFiles(planGlob('**/*', root), 1000, undefined, { rgPath: rgPath! })).files.map((f) => path.relative(root, f));
    for (const gone of ['other.log', 'x.excluded', 'rootonly.txt', 'docs/x/y.tmp', 'src/util/x.gen.js', 'lib/data.skip', 'node_modules/pkg/index.js', 'build/out.js', '.git/config', 'nested/.git/config', 'nested/n.md', 'link-to-a.ts']) {
      expect(all).not.toContain(gone);
    }
    for (const kept of ['keep.log', 'sub/rootonly.txt', 'src/util/important.gen.js', '.hidden.ts', '.env', '.config/settings.json', 'nested/n.log', 'docs/x/z.txt']) {
      expect(all).toContain(kept);
    }
  });
});

describe('Glob listing falls back to the JS walk (TL3)', () => {
  it('TL3 an rg that will not start: the JS walk answers, with the same result', async () => {
    const plan = planGlob('**/*.ts', root);
    const fallbacks: unknown[] = [];
    const viaBroken = await findFiles(plan, 1000, undefined, { rgPath: path.join(root, 'no-such-rg'), onRgFallback: (e) => fallbacks.push(e) });
    expect(fallbacks).toHaveLength(1);
    expect(viaBroken).toEqual(await findFiles(plan, 1000));
    expect(viaBroken.files.length).toBeGreaterThan(0);
  });

  it('TL3 an rg that fails (exit 2 with an error): the JS walk answers', async () => {
    const plan = planGlob('**/*.md', root);
    const fallbacks: unknown[] = [];
    const failing = path.join(root, 'fail-rg.sh');
    writeFileSync(failing, '#!/bin/sh\necho "rg: boom" >&2\nexit 2\n');
    chmodSync(failing, 0o755);
    try {
      const r = await findFiles(plan, 1000, undefined, { rgPath: failing, onRgFallback: (e) => fallbacks.push(e) });
      expect(fallbacks).toHaveLength(1);
      expect(String(fallbacks[0])).toContain('boom');
      expect(r.files.map((f) => path.relative(root, f)).sort()).toEqual(['README.md', 'docs/guide.md', 'i18n/cjk.md']);
    } finally {
      rmSync(failing);
    }
  });
});
