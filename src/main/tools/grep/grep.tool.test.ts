// Grep against real files through both backends: defaults, output modes and their texts, paging,
// paths, errors (bad regex, rg exit codes, rg missing or broken), stops and caps, permissions and the
// pipeline around it (TL, TL3, TC5, PL2, PL4, PL8).
import { chmodSync, mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GrepInput, GrepOutput } from '../../../shared/tools/grep';
import { tempProject, type TempProject } from '../core/test-project';
import type { CanUseTool } from '../core/tool';
import { createRunToolUse } from '../pipeline/run-tool-use';
import { harness, scriptedPrompter, toolUse } from '../pipeline/test-helpers';
import { createGrepTool, GrepTool, type GrepToolDeps } from './grep.tool';
import { ripgrepForTests } from '../../process/require-rg';

const allow: CanUseTool = async () => ({ behavior: 'allow' });
// Without rg the built-in runs still run; the ripgrep ones fail in CI and `npm test`, else are skipped.
const rgPath = ripgrepForTests('Grep tool tests');
const BACKENDS: Array<'ripgrep' | 'builtin'> = rgPath ? ['ripgrep', 'builtin'] : ['builtin'];

let project: TempProject | undefined;
afterEach(() => {
  project?.cleanup();
  project = undefined;
});

function setup(env: Record<string, string | undefined> = { PATH: process.env.PATH }): TempProject {
  project = tempProject(env);
  return project;
}

function write(p: TempProject, rel: string, content: string, ageSeconds?: number): string {
  const abs = path.join(p.dir, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, content);
  if (ageSeconds !== undefined) {
    const t = Date.now() / 1000 - ageSeconds;
    utimesSync(abs, t, t);
  }
  return abs;
}

function depsFor(backend: 'ripgrep' | 'builtin', extra: GrepToolDeps = {}): GrepToolDeps {
  return backend === 'ripgrep' ? { backend, rgPath: rgPath!, ...extra } : { backend, ...extra };
}

async function run(p: TempProject, input: Record<string, unknown>, deps: GrepToolDeps): Promise<{ data: GrepOutput; text: string }> {
  const tool = createGrepTool(deps);
  const parsed = tool.inputSchema().parse(input) as GrepInput;
  const { data } = await tool.call(parsed, p.ctx, allow, 'msg-1', () => {});
  return { data, text: String(tool.mapResult(data, 'toolu_1').content) };
}

/** A stand-in `rg` printing `stdout`/`stderr` and exiting with `code` (after `sleep` seconds). */
function fakeRg(p: TempProject, opts: { stdout?: string; stderr?: string; code: number; sleep?: number }): string {
  const dir = path.join(p.dir, '.fake-bin');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'out'), opts.stdout ?? '');
  writeFileSync(path.join(dir, 'err'), opts.stderr ?? '');
  const file = path.join(dir, 'rg');
  const sleep = opts.sleep ? `sleep ${opts.sleep}\n` : '';
  writeFileSync(file, `#!/bin/sh\n${sleep}cat '${dir}/out'\ncat '${dir}/err' >&2\nexit ${opts.code}\n`);
  chmodSync(file, 0o755);
  return file;
}

describe.each(BACKENDS)('Grep tool through %s (TL)', (backend) => {
  const deps = (extra: GrepToolDeps = {}) => depsFor(backend, extra);

  it('TL files_with_matches is the default: newest first, paths relative to the cwd', async () => {
    const p = setup();
    write(p, 'src/old.ts', 'needle\n', 300);
    write(p, 'src/new.ts', 'needle\n', 10);
    write(p, 'src/none.ts', 'hay\n', 5);
    const r = await run(p, { pattern: 'needle' }, deps());
    expect(r.data.mode).toBe('files_with_matches');
    expect(r.data.backend).toBe(backend);
    expect(r.data.filenames).toEqual(['src/new.ts', 'src/old.ts']);
    expect(r.text).toBe('Found 2 files\nsrc/new.ts\nsrc/old.ts');
  });

  it('TL content mode shows line numbers by default, -n false hides them, -C wins over -A/-B', async () => {
    const p = setup();
    write(p, 'a.txt', 'one\ntwo needle\nthree\nfour\nfive needle\nsix\n');
    const plain = await run(p, { pattern: 'needle', output_mode: 'content' }, deps());
    expect(plain.text).toBe('a.txt:2:two needle\na.txt:5:five needle');
    expect(plain.data.lines).toEqual([
      { kind: 'match', file: 'a.txt', line: 2, text: 'two needle' },
      { kind: 'match', file: 'a.txt', line: 5, text: 'five needle' },
    ]);
    const noNumbers = await run(p, { pattern: 'needle', output_mode: 'content', '-n': false }, deps());
    expect(noNumbers.text).toBe('a.txt:two needle\na.txt:five needle');
    const ctx = await run(p, { pattern: 'needle', output_mode: 'content', '-C': 1, '-A': 5, '-B': 5 }, deps());
    expect(ctx.text).toBe('a.txt-1-one\na.txt:2:two needle\na.txt-3-three\na.txt-4-four\na.txt:5:five needle\na.txt-6-six');
    const after = await run(p, { pattern: 'two', output_mode: 'content', '-A': 1 }, deps());
    expect(after.text).toBe('a.txt:2:two needle\na.txt-3-three');
    // Context is for content only.
    const files = await run(p, { pattern: 'needle', '-C': 3 }, deps());
    expect(files.text).toBe('Found 1 file\na.txt');
  });

  it('TL count mode: per-file counts and the summary; one searched file prints only its number', async () => {
    const p = setup();
    write(p, 'a.txt', 'x\nx\nx\n');
    write(p, 'b/c.txt', 'x\n');
    const r = await run(p, { pattern: 'x', output_mode: 'count' }, deps());
    expect(r.data.counts).toEqual([
      { file: 'a.txt', count: 3 },
      { file: 'b/c.txt', count: 1 },
    ]);
    expect(r.text).toBe('a.txt:3\nb/c.txt:1\n\nFound 4 total occurrences across 2 files.');
    const one = await run(p, { pattern: 'x', output_mode: 'count', path: 'a.txt' }, deps());
    expect(one.data.withFilename).toBe(false);
    expect(one.text).toBe('3\n\nFound 3 total occurrences across 1 file.');
    const content = await run(p, { pattern: 'x', output_mode: 'content', path: 'b/c.txt' }, deps());
    expect(content.text).toBe('1:x');
  });

  it('TL no match is not an error: "No files found", "No matches found"', async () => {
    const p = setup();
    write(p, 'a.txt', 'hay\n');
    expect((await run(p, { pattern: 'needle' }, deps())).text).toBe('No files found');
    expect((await run(p, { pattern: 'needle', output_mode: 'content' }, deps())).text).toBe('No matches found');
    expect((await run(p, { pattern: 'needle', output_mode: 'count' }, deps())).text).toBe('No matches found\n\nFound 0 total occurrences across 0 files.');
  });

  it('TL head_limit defaults to 250 lines, 0 means all, offset pages (Claude Code)', async () => {
    const p = setup();
    write(p, 'many.txt', Array.from({ length: 300 }, (_, k) => `hit ${k + 1}`).join('\n') + '\n');
    const first = await run(p, { pattern: 'hit', output_mode: 'content' }, deps());
    expect(first.data.numLines).toBe(250);
    expect(first.data.appliedLimit).toBe(250);
    expect(first.text.endsWith('many.txt:250:hit 250\n\n[Showing results with pagination = limit: 250]')).toBe(true);
    const all = await run(p, { pattern: 'hit', output_mode: 'content', head_limit: 0 }, deps());
    expect(all.data.numLines).toBe(300);
    expect(all.data.appliedLimit).toBeUndefined();
    const page = await run(p, { pattern: 'hit', output_mode: 'content', head_limit: 2, offset: 10 }, deps());
    expect(page.text).toBe('many.txt:11:hit 11\nmany.txt:12:hit 12\n\n[Showing results with pagination = limit: 2, offset: 10]');
    const tail = await run(p, { pattern: 'hit', output_mode: 'content', offset: 299 }, deps());
    expect(tail.text).toBe('many.txt:300:hit 300\n\n[Showing results with pagination = offset: 299]');
  });

  it('TL head_limit and offset count entries in files_with_matches and count modes', async () => {
    const p = setup();
    for (let k = 0; k < 5; k++) write(p, `f${k}.txt`, 'hit\n', 100 - k);
    const files = await run(p, { pattern: 'hit', head_limit: 2, offset: 1 }, deps());
    expect(files.data.filenames).toEqual(['f3.txt', 'f2.txt']);
    expect(files.text).toBe('Found 2 files limit: 2, offset: 1\nf3.txt\nf2.txt');
    const counts = await run(p, { pattern: 'hit', output_mode: 'count', head_limit: 3 }, deps());
    expect(counts.text).toBe('f0.txt:1\nf1.txt:1\nf2.txt:1\n\nFound 3 total occurrences across 3 files. with pagination = limit: 3');
  });

  it('TL paths outside the cwd are absolute; a symlinked path shows results under the name given', async () => {
    const p = setup();
    const other = write(p, 'other/x.txt', 'hit\n');
    mkdirSync(path.join(p.dir, 'sub'));
    p.ctx.state.cwd = path.join(p.dir, 'sub');
    expect((await run(p, { pattern: 'hit', path: p.dir }, deps())).data.filenames).toEqual([other]);
    p.ctx.state.cwd = p.dir;
    symlinkSync(path.join(p.dir, 'other'), path.join(p.dir, 'alias'));
    const viaLink = await run(p, { pattern: 'hit', output_mode: 'content', path: 'alias' }, deps());
    expect(viaLink.text).toBe('alias/x.txt:1:hit');
  });

  it('TL glob splits like Claude Code (spaces and commas, braces kept) and type filters', async () => {
    const p = setup();
    write(p, 'a.ts', 'hit\n');
    write(p, 'b.tsx', 'hit\n');
    write(p, 'c.js', 'hit\n');
    write(p, 'd.py', 'hit\n');
    const names = async (input: Record<string, unknown>) => (await run(p, { pattern: 'hit', ...input }, deps())).data.filenames.sort();
    expect(await names({ glob: '*.ts *.tsx' })).toEqual(['a.ts', 'b.tsx']);
    expect(await names({ glob: '*.ts,*.js' })).toEqual(['a.ts', 'c.js']);
    expect(await names({ glob: '*.{ts,py}' })).toEqual(['a.ts', 'd.py']);
    expect(await names({ glob: '!*.ts' })).toEqual(['b.tsx', 'c.js', 'd.py']);
    expect(await names({ type: 'py' })).toEqual(['d.py']);
    expect(await names({ type: 'ts' })).toEqual(['a.ts', 'b.tsx']);
  });

  it('TL .gitignore is respected, hidden files are searched, .git never is', async () => {
    const p = setup();
    write(p, '.git/config', 'hit\n');
    write(p, '.gitignore', 'dist/\n');
    write(p, 'dist/out.js', 'hit\n');
    write(p, '.env', 'hit\n');
    write(p, 'src/a.ts', 'hit\n');
    expect((await run(p, { pattern: 'hit' }, deps())).data.filenames.sort()).toEqual(['.env', 'src/a.ts']);
    expect((await run(p, { pattern: 'hit', path: 'dist' }, deps())).data.filenames).toEqual(['dist/out.js']);
  });

  it('TL multiline, -i, a pattern starting with "-", and CRLF lines shown without "\\r"', async () => {
    const p = setup();
    write(p, 'a.go', 'type A struct {\n\tName string\n}\n');
    write(p, 'w.txt', 'Flag -v here\r\nnext\r\n');
    const ml = await run(p, { pattern: String.raw`struct \{[\s\S]*?\}`, output_mode: 'content', multiline: true }, deps());
    expect(ml.text).toBe('a.go:1:type A struct {\na.go:2:\tName string\na.go:3:}');
    const ci = await run(p, { pattern: 'flag', output_mode: 'content', '-i': true, path: 'w.txt' }, deps());
    expect(ci.text).toBe('1:Flag -v here');
    const dash = await run(p, { pattern: '-v', output_mode: 'content' }, deps());
    expect(dash.text).toBe('w.txt:1:Flag -v here');
  });

  it('PL8 an invalid regex is an error naming the problem', async () => {
    const p = setup();
    write(p, 'a.txt', 'x\n');
    await expect(run(p, { pattern: 'foo(' }, deps())).rejects.toThrow(/regex parse error[\s\S]*unclosed group/);
    await expect(run(p, { pattern: '(?<=a)b' }, deps())).rejects.toThrow(/look-around/);
    await expect(run(p, { pattern: 'x', type: 'no-such-type' }, deps())).rejects.toThrow(/unrecognized file type: no-such-type/);
  });

  it('PL8 a search stopped early by the output cap says so', async () => {
    const p = setup();
    for (let k = 0; k < 20; k++) write(p, `f${k}.txt`, 'hit hit hit hit hit hit hit hit hit hit\n'.repeat(20));
    const r = await run(p, { pattern: 'hit', output_mode: 'content', head_limit: 0 }, deps({ maxOutputBytes: 500 }));
    expect(r.data.notes?.join('\n')).toMatch(/stopped early \(output exceeded/);
    expect(r.text).toMatch(/\(The search stopped early/);
  });

  it('PL8 Stop aborts the search', async () => {
    const p = setup();
    write(p, 'a.txt', 'hit\n');
    p.abort.abort();
    await expect(run(p, { pattern: 'hit' }, deps())).rejects.toThrow(/aborted/);
  });
});

describe('Grep with rg: exit codes, missing or broken rg (TL, PL8)', () => {
  it('PL8 exit 2 with only unreadable-path messages keeps the results and notes the paths', async () => {
    const p = setup();
    const root = p.dir;
    const rg = fakeRg(p, { stdout: `${root}/a.txt\0`, stderr: `rg: ${root}/secret: Permission denied (os error 13)\n`, code: 2 });
    writeFileSync(path.join(root, 'a.txt'), 'x\n');
    const r = await run(p, { pattern: 'x' }, { backend: 'ripgrep', rgPath: rg });
    expect(r.data.filenames).toEqual(['a.txt']);
    expect(r.data.notes).toEqual([`${root}/secret: Permission denied (os error 13)`]);
    expect(r.text).toBe(`Found 1 file\na.txt\n\n(${root}/secret: Permission denied (os error 13))`);
  });

  it('PL8 exit 2 with any other message is the error, in rg\'s words', async () => {
    const p = setup();
    const rg = fakeRg(p, { stderr: 'regex parse error:\n    (\n    ^\nerror: unclosed group\n', code: 2 });
    await expect(run(p, { pattern: '(' }, { backend: 'ripgrep', rgPath: rg })).rejects.toThrow('regex parse error:\n    (\n    ^\nerror: unclosed group');
  });

  it('TL exit 1 means no matches', async () => {
    const p = setup();
    const rg = fakeRg(p, { code: 1 });
    expect((await run(p, { pattern: 'x', output_mode: 'content' }, { backend: 'ripgrep', rgPath: rg })).text).toBe('No matches found');
  });

  it('PL8 a search that outlives the timeout returns what it has and says so', async () => {
    const p = setup();
    const rg = fakeRg(p, { code: 0, sleep: 30 });
    const r = await run(p, { pattern: 'x' }, { backend: 'ripgrep', rgPath: rg, timeoutMs: 200 });
    expect(r.data.filenames).toEqual([]);
    expect(r.data.notes?.[0]).toMatch(/timed out after 0s; results are incomplete/);
  });

  it('TL without rg on PATH the built-in search answers; AGENT_DESK_GREP_BACKEND=builtin forces it (both read from the app env)', async () => {
    const p = setup();
    writeFileSync(path.join(p.dir, 'a.txt'), 'x\n');
    const nowhere = { PATH: path.join(path.sep, 'no', 'such', 'dir') };
    expect((await run(p, { pattern: 'x' }, { appEnv: nowhere })).data.backend).toBe('builtin');
    expect((await run(p, { pattern: 'x' }, { appEnv: { PATH: process.env.PATH, AGENT_DESK_GREP_BACKEND: 'builtin' } })).data.backend).toBe('builtin');
    if (rgPath) expect((await run(p, { pattern: 'x' }, { appEnv: { PATH: process.env.PATH } })).data.backend).toBe('ripgrep');
    await expect(run(p, { pattern: 'x' }, { backend: 'ripgrep', appEnv: nowhere })).rejects.toThrow(/ripgrep \(rg\) was not found/);
  });

  it('PL8 an rg that cannot start falls back to the built-in search with a note', async () => {
    const p = setup();
    writeFileSync(path.join(p.dir, 'a.txt'), 'x\n');
    const r = await run(p, { pattern: 'x' }, { rgPath: path.join(p.dir, 'missing-rg') });
    expect(r.data.backend).toBe('builtin');
    expect(r.data.filenames).toEqual(['a.txt']);
    expect(r.data.notes?.[0]).toMatch(/could not run ripgrep .*used the built-in search instead/);
  });
});

describe('Grep contract, validation and permissions (TL3, TC5, PL2, PL4)', () => {
  it('TL3 is read-only and concurrency-safe; PL6 keeps 100K characters inline', () => {
    expect(GrepTool.isReadOnly({ pattern: 'x' })).toBe(true);
    expect(GrepTool.isConcurrencySafe({ pattern: 'x' })).toBe(true);
    expect(GrepTool.isDestructive({ pattern: 'x' })).toBe(false);
    expect(GrepTool.maxResultSizeChars).toBe(100_000);
  });

  it('PL2 numbers and booleans given as strings are accepted; a bad output_mode is not', () => {
    const schema = GrepTool.inputSchema();
    expect(schema.parse({ pattern: 'x', '-A': '3', '-i': 'true', head_limit: '0', multiline: 'false' })).toEqual({ pattern: 'x', '-A': 3, '-i': true, head_limit: 0, multiline: false });
    expect(schema.safeParse({ pattern: 'x', output_mode: 'lines' }).success).toBe(false);
    expect(schema.safeParse({ pattern: 'x', '-C': -1 }).success).toBe(false);
    expect(schema.safeParse({ pattern: 'x', include: '*.ts' }).success).toBe(false);
  });

  it('PL2 a missing path is a validation error naming it and the cwd', async () => {
    const p = setup();
    expect(await GrepTool.validateInput!({ pattern: 'x', path: 'nope' }, p.ctx)).toEqual({
      result: false,
      message: `Path does not exist: nope. Current working directory: ${p.dir}.`,
      errorCode: 1,
    });
    expect(await GrepTool.validateInput!({ pattern: 'x' }, p.ctx)).toEqual({ result: true });
  });

  it('TC5 the view sees an absolute path; the input object is not changed', () => {
    const p = setup();
    const input = { pattern: 'x', path: 'src' };
    expect(GrepTool.backfillObservableInput(input, p.ctx)).toEqual({ pattern: 'x', path: path.join(p.dir, 'src') });
    expect(input.path).toBe('src');
  });

  it('PL4 inside the working directories is allowed; outside asks', async () => {
    const p = setup();
    expect(await GrepTool.checkPermissions({ pattern: 'x' }, p.ctx)).toMatchObject({ behavior: 'allow' });
    expect(await GrepTool.checkPermissions({ pattern: 'x', path: '/etc' }, p.ctx)).toMatchObject({ behavior: 'ask', message: expect.stringContaining('/etc') });
  });

  it('PL2 through the pipeline: a missing pattern is a schema error', async () => {
    const p = setup();
    const h = harness({ tools: [GrepTool], ctx: { ...p.ctx, tools: [GrepTool] } });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Grep', { path: p.dir }), new AbortController().signal, () => {});
    expect(out.isError).toBe(true);
    expect(out.content).toContain('The required parameter `pattern` is missing');
  });

  it('PL8 through the pipeline: a bad regex is an error result, never a crash', async () => {
    const p = setup();
    writeFileSync(path.join(p.dir, 'a.txt'), 'x\n');
    const h = harness({ tools: [GrepTool], ctx: { ...p.ctx, tools: [GrepTool] }, prompter: scriptedPrompter([]) });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Grep', { pattern: 'a{' }), new AbortController().signal, () => {});
    expect(out.isError).toBe(true);
    expect(out.content).toMatch(/<tool_use_error>Error: regex parse error[\s\S]*unclosed counted repetition/);
    expect(out.errorClass).toBe('Grep: invalid regex');
  });

  it('TL through the pipeline inside the project: allowed without asking', async () => {
    const p = setup();
    writeFileSync(path.join(p.dir, 'a.txt'), 'needle\n');
    const prompter = scriptedPrompter([]);
    const h = harness({ tools: [GrepTool], ctx: { ...p.ctx, tools: [GrepTool] }, prompter });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Grep', { pattern: 'needle', output_mode: 'content' }), new AbortController().signal, () => {});
    expect(out.isError).toBe(false);
    expect(out.content).toBe('a.txt:1:needle');
    expect(prompter.requests).toHaveLength(0);
  });
});
