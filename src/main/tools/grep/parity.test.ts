// Grep parity (issue 4, "done when"): on a generated tree with every edge the backends must agree on, a
// table of patterns × options runs through `rg` and through the built-in search, and both must return
// the same files, lines, line numbers, context and counts (order normalised: rg's is nondeterministic).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempProject } from '../core/test-project';
import { createBuiltinBackend } from './builtin-backend';
import { grepGlobs } from './filters';
import { createGrepTool } from './grep.tool';
import { writeParityFixture } from './parity-fixture';
import { ripgrepForTests } from '../../process/require-rg';
import { createRipgrepBackend } from './rg-backend';
import { GREP_VCS_DIRECTORIES } from '../../../shared/tools/grep';
import type { FileHit, SearchRequest } from './search-types';

const rgPath = ripgrepForTests('Grep parity');

interface Case {
  name: string;
  pattern: string;
  mode?: SearchRequest['mode'];
  i?: boolean;
  multiline?: boolean;
  before?: number;
  after?: number;
  glob?: string;
  type?: string;
  /** Relative to the fixture root. */
  path?: string;
  /** The case is meaningless if rg finds nothing; a few cases are about finding nothing. */
  empty?: boolean;
}

const CASES: Case[] = [
  { name: 'literal, files', pattern: 'foo' },
  { name: 'literal, content', pattern: 'foo', mode: 'content' },
  { name: 'literal, count', pattern: 'foo', mode: 'count' },
  { name: 'context -C1 merges and separates groups', pattern: 'match', mode: 'content', before: 1, after: 1, path: 'ctx' },
  { name: 'context -B2 -A1', pattern: 'TODO', mode: 'content', before: 2, after: 1 },
  { name: 'after-context only', pattern: 'match', mode: 'content', after: 3, path: 'ctx' },
  { name: 'Unicode \\s and \\w', pattern: String.raw`fn\s+\w+`, mode: 'content' },
  { name: 'line anchor ^', pattern: '^import', mode: 'content' },
  { name: '$ does not match before \\r', pattern: ';$', mode: 'count' },
  { name: '\\r before $ on CRLF lines', pattern: String.raw`foo;\r$`, mode: 'content' },
  { name: 'inline (?i)', pattern: '(?i)hello' },
  { name: '-i', pattern: 'HELLO', i: true, mode: 'content' },
  { name: 'Unicode word boundary', pattern: String.raw`\bword\b`, mode: 'content' },
  { name: 'Unicode \\w with accents', pattern: String.raw`\w+é`, mode: 'content' },
  { name: 'Unicode \\w on whole lines', pattern: String.raw`^\w+$`, mode: 'content' },
  { name: 'Unicode \\b around Greek', pattern: String.raw`\bλέξη\b`, mode: 'count' },
  { name: 'Unicode \\d', pattern: String.raw`digits \d+`, mode: 'content' },
  { name: 'Unicode \\s', pattern: String.raw`no\sbreak|thin\sspace`, mode: 'content' },
  { name: '. matches \\r', pattern: 'foo;.$', mode: 'content' },
  { name: 'Greek case folding (Σ σ ς)', pattern: 'σίσυφος', i: true, mode: 'content' },
  { name: 'Kelvin sign folds to k', pattern: 'K', i: true, mode: 'content', path: 'i18n' },
  { name: '\\p{Greek}', pattern: String.raw`\p{Greek}+`, mode: 'count' },
  { name: 'POSIX class and counted repetition', pattern: '[[:upper:]]{3,}', mode: 'content' },
  { name: 'glob *.ts', pattern: 'foo', mode: 'content', glob: '*.ts' },
  { name: 'glob with braces', pattern: 'foo', glob: '*.{ts,tsx}' },
  { name: 'negated glob', pattern: 'foo', glob: '!*.md !*.txt' },
  { name: 'glob with a slash is anchored', pattern: 'foo', glob: 'src/**' },
  { name: 'glob re-includes a gitignored file', pattern: 'foo', glob: '*.log' },
  { name: 'type py', pattern: 'foo|Hello', type: 'py' },
  { name: 'type rust, content', pattern: 'fn', type: 'rust', mode: 'content' },
  { name: 'type md, count', pattern: 'foo|hello|Hello', type: 'md', mode: 'count' },
  { name: 'multiline struct body', pattern: String.raw`struct \{[\s\S]*?\}`, multiline: true, mode: 'content' },
  { name: 'multiline newline count', pattern: String.raw`foo\nbar`, multiline: true, mode: 'count' },
  { name: 'multiline count counts matches, not lines', pattern: 'foo.', multiline: true, mode: 'count' },
  { name: 'multiline, \\A is the file start', pattern: String.raw`\A\w+ \d*`, multiline: true, mode: 'count' },
  { name: 'multiline, a pattern that cannot match \\n is searched per line', pattern: String.raw`\w+o\b`, multiline: true, mode: 'count' },
  { name: 'multiline, ^ makes the search whole-file', pattern: String.raw`^\w|\d`, multiline: true, mode: 'count' },
  { name: 'multiline matches sharing a line merge', pattern: String.raw`a\d\nb\d`, multiline: true, mode: 'count', path: 'ml' },
  { name: 'multiline merged groups, content', pattern: String.raw`a\d\nb\d`, multiline: true, mode: 'content', before: 1, path: 'ml' },
  { name: 'multiline dotall with context', pattern: 'foo.ba', multiline: true, mode: 'content', after: 1, path: 'ml' },
  { name: 'subdirectory path', pattern: 'foo', mode: 'content', path: 'src' },
  { name: 'single file path', pattern: 'foo', mode: 'content', path: 'src/util/c.js' },
  { name: 'explicit binary file, content', pattern: 'foo', mode: 'content', path: 'assets/data.bin' },
  { name: 'explicit binary file, count', pattern: 'foo', mode: 'count', path: 'assets/data.bin' },
  { name: 'path inside an ignored directory', pattern: 'foo', path: 'node_modules/pkg' },
  { name: 'pattern starting with -', pattern: '-flag', mode: 'content' },
  { name: 'empty matches on every line', pattern: 'x*', mode: 'count', path: 'edge' },
  { name: 'digits and literal -', pattern: String.raw`\d{4}-\d{2}`, mode: 'content' },
  { name: 'dot counts non-empty lines', pattern: '.', mode: 'count' },
  { name: 'accented -i', pattern: 'école', i: true, mode: 'content' },
  { name: 'emoji and astral dot', pattern: 'party . foo', mode: 'content' },
  { name: 'long lines replaced', pattern: 'foo', mode: 'content', after: 2, path: 'long' },
  { name: 'nested repository keeps its own rules', pattern: 'foo', path: 'nested' },
  { name: 'escaped braces', pattern: String.raw`interface\{\}`, mode: 'content' },
  { name: 'alternation and groups', pattern: '(export|module)\\.?(const|exports)', mode: 'content' },
  { name: 'no match anywhere', pattern: 'zzz_not_here', mode: 'content', empty: true },
];

let root: string;

function request(c: Case, signal: AbortSignal): SearchRequest {
  const p = c.path ? path.join(root, c.path) : root;
  return {
    pattern: c.pattern,
    root: p,
    rootIsFile: c.path !== undefined && path.extname(c.path) !== '',
    mode: c.mode ?? 'files_with_matches',
    caseInsensitive: c.i ?? false,
    multiline: c.multiline ?? false,
    before: c.before ?? 0,
    after: c.after ?? 0,
    globs: grepGlobs(c.glob),
    ...(c.type ? { type: c.type } : {}),
    signal,
    maxOutputBytes: 1e8,
  };
}

function normalise(hits: FileHit[]): FileHit[] {
  return [...hits].map((h) => ({ ...h, path: path.relative(root, h.path) || '.' })).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

beforeAll(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-grep-parity-')));
  writeParityFixture(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.runIf(rgPath !== undefined)('Grep parity: rg and the built-in search agree (TL, issue 4)', () => {
  const rg = () => createRipgrepBackend(rgPath!, { PATH: process.env.PATH });
  const builtin = createBuiltinBackend();

  it.each(CASES)('TL parity: $name', async (c) => {
    const signal = new AbortController().signal;
    const fromRg = normalise((await rg().search(request(c, signal))).hits);
    const fromBuiltin = normalise((await builtin.search(request(c, signal))).hits);
    if (!c.empty) expect(fromRg.length).toBeGreaterThan(0);
    expect(fromBuiltin).toEqual(fromRg);
  });

  it('TL parity: what both backends never search (ignored, excluded, binary, VCS, symlinks)', async () => {
    const hits = normalise((await builtin.search(request({ name: '', pattern: 'foo' }, new AbortController().signal))).hits).map((h) => h.path);
    for (const never of ['other.log', 'x.excluded', 'rootonly.txt', 'docs/x/y.tmp', 'src/util/x.gen.js', 'lib/data.skip', 'node_modules/pkg/index.js', 'build/out.js', '.git/config', 'assets/data.bin', 'link-to-a.ts', 'link-to-src/a.ts', 'nested/n.md']) {
      expect(hits).not.toContain(never);
    }
    for (const always of ['keep.log', 'sub/rootonly.txt', 'src/util/important.gen.js', '.env', '.hidden.ts', '.config/settings.json', 'docs/x/z.txt', 'nested/n.log', 'enc/bom16le.txt', 'enc/bom16be.txt']) {
      expect(hits).toContain(always);
    }
  });

  it.each([
    ['an unclosed repetition', 'foo{'],
    ['look-around', '(?=foo)'],
    ['a backreference', '(a)\\1'],
    ['a literal newline outside multiline mode', 'foo\\nbar'],
    ['an unknown escape', '\\q'],
  ])('TL parity: both reject %s', async (_what, pattern) => {
    const signal = new AbortController().signal;
    const c: Case = { name: '', pattern };
    await expect(rg().search(request(c, signal))).rejects.toThrow(/error|not allowed/);
    await expect(builtin.search(request(c, signal))).rejects.toThrow(/error|not allowed/);
  });

  it('TL parity: both reject an unknown type', async () => {
    const signal = new AbortController().signal;
    const c: Case = { name: '', pattern: 'foo', type: 'nosuchtype' };
    await expect(rg().search(request(c, signal))).rejects.toThrow(/unrecognized file type: nosuchtype/);
    await expect(builtin.search(request(c, signal))).rejects.toThrow(/unrecognized file type: nosuchtype/);
  });

  it.each([
    { pattern: 'foo', output_mode: 'content' as const, '-C': 1, head_limit: 20, offset: 5 },
    { pattern: 'foo', output_mode: 'count' as const, head_limit: 3 },
    { pattern: 'foo', output_mode: 'files_with_matches' as const, head_limit: 0 },
    { pattern: 'hello', output_mode: 'content' as const, '-i': true, '-n': false },
  ])('TL parity: the whole tool gives the same result through either backend ($output_mode)', async (input) => {
    const p = tempProject();
    try {
      p.ctx.state.cwd = root;
      const ask = async () => ({ behavior: 'allow' as const });
      const viaRg = await createGrepTool({ backend: 'ripgrep', rgPath: rgPath! }).call(input, p.ctx, ask, 'm', () => {});
      const viaBuiltin = await createGrepTool({ backend: 'builtin' }).call(input, p.ctx, ask, 'm', () => {});
      const strip = (d: typeof viaRg.data) => ({ ...d, backend: undefined, durationMs: 0 });
      expect(viaRg.data.backend).toBe('ripgrep');
      expect(viaBuiltin.data.backend).toBe('builtin');
      expect(strip(viaBuiltin.data)).toEqual(strip(viaRg.data));
    } finally {
      p.cleanup();
    }
  });
});

describe.runIf(rgPath !== undefined)("Grep output is rg's own text (TL)", () => {
  /** rg run by hand the way a person would, single-threaded in path order, in the fixture root. */
  function rawRg(args: string[]): string {
    const base = ['--no-config', '--sort', 'path', '--hidden', '--no-ignore-global', '--max-columns', '500', ...GREP_VCS_DIRECTORIES.flatMap((d) => ['--glob', `!${d}`])];
    try {
      return execFileSync(rgPath!, [...base, ...args], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).replace(/\r\n/g, '\n').replace(/\n$/, '');
    } catch (e) {
      if ((e as { status?: number }).status === 1) return '';
      throw e;
    }
  }

  it.each([
    { input: { pattern: 'foo', output_mode: 'content' as const }, args: ['-n', '-e', 'foo'] },
    { input: { pattern: 'match|TODO', output_mode: 'content' as const, '-C': 1 }, args: ['-n', '-C', '1', '-e', 'match|TODO'] },
    { input: { pattern: 'hello', output_mode: 'content' as const, '-i': true, '-n': false, '-B': 1, '-A': 2 }, args: ['-i', '-B', '1', '-A', '2', '-e', 'hello'] },
    { input: { pattern: 'foo', output_mode: 'count' as const }, args: ['-c', '-e', 'foo'] },
    { input: { pattern: String.raw`a\d\nb\d|foo.ba`, output_mode: 'content' as const, multiline: true, '-A': 1 }, args: ['-n', '-U', '--multiline-dotall', '-A', '1', '-e', String.raw`a\d\nb\d|foo.ba`] },
  ])('TL the $input.output_mode text equals rg $args', async ({ input, args }) => {
    const expected = rawRg(args);
    expect(expected.length).toBeGreaterThan(0);
    for (const backend of ['ripgrep', 'builtin'] as const) {
      const p = tempProject();
      try {
        p.ctx.state.cwd = root;
        const tool = createGrepTool({ backend, ...(backend === 'ripgrep' ? { rgPath: rgPath! } : {}) });
        const r = await tool.call({ ...input, head_limit: 0 }, p.ctx, async () => ({ behavior: 'allow' as const }), 'm', () => {});
        expect(r.data.content, backend).toBe(expected);
      } finally {
        p.cleanup();
      }
    }
  });
});
