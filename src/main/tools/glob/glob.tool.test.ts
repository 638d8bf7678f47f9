// Glob against real files: newest-first order, the 100 cap and its note, .gitignore and .git, hidden
// files, where the walk starts, errors, permissions, and the pipeline around it (TL, TL3, TC5, PL2, PL4).
import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GLOB_TRUNCATED_NOTE, type GlobInput, type GlobOutput } from '../../../shared/tools/glob';
import { tempProject, type TempProject } from '../core/test-project';
import type { CanUseTool, ToolUseContext } from '../core/tool';
import { createRunToolUse } from '../pipeline/run-tool-use';
import { harness, scriptedPrompter, toolUse } from '../pipeline/test-helpers';
import { createGlobTool, GlobTool, type GlobToolDeps } from './glob.tool';

const allow: CanUseTool = async () => ({ behavior: 'allow' });
let project: TempProject | undefined;
afterEach(() => {
  project?.cleanup();
  project = undefined;
});

/** Writes `rel` with `content` (modification time: now). */
function put(p: TempProject, rel: string, content: string): void {
  const abs = path.join(p.dir, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, content);
}

function setup(): TempProject {
  project = tempProject();
  return project;
}

/** Writes `rel` with a modification time `age` seconds in the past (larger = older). */
function write(p: TempProject, rel: string, age = 100, content = 'x\n'): string {
  const abs = path.join(p.dir, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, content);
  const t = Date.now() / 1000 - age;
  utimesSync(abs, t, t);
  return abs;
}

async function run(p: TempProject, input: GlobInput, deps?: GlobToolDeps, ctx: ToolUseContext = p.ctx): Promise<{ data: GlobOutput; text: string }> {
  const tool = deps ? createGlobTool(deps) : GlobTool;
  const { data } = await tool.call(tool.inputSchema().parse(input), ctx, allow, 'msg-1', () => {});
  return { data, text: String(tool.mapResult(data, 'toolu_1').content) };
}

describe('Glob tool (TL, TL3)', () => {
  it('TL returns absolute paths, newest modification first, ties by path', async () => {
    const p = setup();
    const old = write(p, 'src/old.ts', 300);
    const newest = write(p, 'src/new.ts', 1);
    const tieB = write(p, 'src/b.ts', 50);
    const tieA = write(p, 'src/a.ts', 50);
    write(p, 'src/skip.js', 2);
    const r = await run(p, { pattern: '**/*.ts' });
    expect(r.data.filenames).toEqual([newest, tieA, tieB, old]);
    expect(r.data.numFiles).toBe(4);
    expect(r.data.truncated).toBe(false);
    expect(r.data.searchPath).toBe(p.dir);
    expect(r.text).toBe([newest, tieA, tieB, old].join('\n'));
  });

  it('TL caps at 100 results and says so', async () => {
    const p = setup();
    for (let k = 0; k < 105; k++) write(p, `many/f${String(k).padStart(3, '0')}.txt`, 1000 - k);
    const r = await run(p, { pattern: 'many/*.txt' });
    expect(r.data.numFiles).toBe(100);
    expect(r.data.truncated).toBe(true);
    // Newest first: f104 was written with the smallest age.
    expect(path.basename(r.data.filenames[0]!)).toBe('f104.txt');
    expect(path.basename(r.data.filenames[99]!)).toBe('f005.txt');
    const lines = r.text.split('\n');
    expect(lines).toHaveLength(101);
    expect(lines[100]).toBe(GLOB_TRUNCATED_NOTE);
    expect(GLOB_TRUNCATED_NOTE).toBe('(Results are truncated. Consider using a more specific path or pattern.)');
  });

  it('TL respects .gitignore (nested, negated) and .git/info/exclude; never lists .git; lists hidden files', async () => {
    const p = setup();
    write(p, '.git/config');
    put(p, '.git/info/exclude', 'local.txt\n');
    put(p, '.gitignore', 'node_modules/\n*.log\n');
    put(p, 'pkg/.gitignore', '!keep.log\n');
    write(p, 'node_modules/x/index.js');
    write(p, 'a.log');
    write(p, 'pkg/keep.log');
    write(p, 'local.txt');
    write(p, '.github/workflows/ci.yml');
    write(p, 'src/index.js');
    const r = await run(p, { pattern: '**/*' });
    const rel = r.data.filenames.map((f) => path.relative(p.dir, f)).sort();
    expect(rel).toEqual(['.github/workflows/ci.yml', '.gitignore', 'pkg/.gitignore', 'pkg/keep.log', 'src/index.js']);
  });

  it('TL skips .git even outside a repository with no .gitignore', async () => {
    const p = setup();
    write(p, '.git/HEAD');
    write(p, 'sub/.hg/store');
    write(p, 'a.txt');
    expect((await run(p, { pattern: '**/*' })).data.filenames).toEqual([path.join(p.dir, 'a.txt')]);
  });

  it('TL naming an ignored directory in the pattern searches it (like rg with an explicit path)', async () => {
    const p = setup();
    mkdirSync(path.join(p.dir, '.git'));
    put(p, '.gitignore', 'node_modules/\n');
    const inside = write(p, 'node_modules/react/index.js');
    expect((await run(p, { pattern: '**/*.js' })).data.filenames).toEqual([]);
    expect((await run(p, { pattern: 'node_modules/react/**/*.js' })).data.filenames).toEqual([inside]);
  });

  it('TL a pattern without a slash matches only in the search directory; **/ goes deeper; braces work', async () => {
    const p = setup();
    const top = write(p, 'top.ts', 10);
    const deep = write(p, 'a/deep.ts', 20);
    const tsx = write(p, 'a/view.tsx', 30);
    expect((await run(p, { pattern: '*.ts' })).data.filenames).toEqual([top]);
    expect((await run(p, { pattern: '**/*.ts' })).data.filenames).toEqual([top, deep]);
    expect((await run(p, { pattern: '**/*.{ts,tsx}' })).data.filenames).toEqual([top, deep, tsx]);
    expect((await run(p, { pattern: 'a/*' })).data.filenames).toEqual([deep, tsx]);
  });

  it('TL path (relative to the cwd), an absolute pattern, a literal path, and no match', async () => {
    const p = setup();
    const a = write(p, 'src/lib/a.ts', 10);
    write(p, 'other/b.ts', 20);
    expect((await run(p, { pattern: '**/*.ts', path: 'src' })).data.filenames).toEqual([a]);
    expect((await run(p, { pattern: `${p.dir}/src/**/*.ts` })).data.filenames).toEqual([a]);
    expect((await run(p, { pattern: 'src/lib/a.ts' })).data.filenames).toEqual([a]);
    const none = await run(p, { pattern: '**/*.nothing' });
    expect(none.data.filenames).toEqual([]);
    expect(none.text).toBe('No files found');
  });

  it('TL does not follow symbolic links', async () => {
    const p = setup();
    const real = write(p, 'real/a.ts');
    symlinkSync(real, path.join(p.dir, 'link.ts'));
    symlinkSync(path.join(p.dir, 'real'), path.join(p.dir, 'linkdir'));
    expect((await run(p, { pattern: '**/*.ts' })).data.filenames).toEqual([real]);
  });

  it('TL3 the same answer from rg --files, the JS walk (backend builtin), and a missing rg (falls back)', async () => {
    const p = setup();
    const a = write(p, 'src/a.ts', 30);
    const b = write(p, 'src/deep/b.ts', 20);
    write(p, '.gitignore', 50, 'gen/\n');
    write(p, 'gen/g.ts', 1);
    mkdirSync(path.join(p.dir, '.git'));
    const auto = await run(p, { pattern: '**/*.ts' });
    const builtin = await run(p, { pattern: '**/*.ts' }, { backend: 'builtin' });
    const missingRg = await run(p, { pattern: '**/*.ts' }, { rgPath: path.join(p.dir, 'no-such-rg') });
    expect(auto.data.filenames).toEqual([b, a]);
    expect(builtin.data.filenames).toEqual([b, a]);
    expect(missingRg.data.filenames).toEqual([b, a]);
  });

  it('TL3 is read-only and concurrency-safe', () => {
    expect(GlobTool.isReadOnly({ pattern: '*' })).toBe(true);
    expect(GlobTool.isConcurrencySafe({ pattern: '*' })).toBe(true);
    expect(GlobTool.isDestructive({ pattern: '*' })).toBe(false);
    expect(GlobTool.maxResultSizeChars).toBe(100_000);
  });

  it('TC5 the view sees an absolute path; the input object is not changed', () => {
    const p = setup();
    const input = { pattern: '*.ts', path: 'src' };
    expect(GlobTool.backfillObservableInput(input, p.ctx)).toEqual({ pattern: '*.ts', path: path.join(p.dir, 'src') });
    expect(input.path).toBe('src');
    expect(GlobTool.backfillObservableInput({ pattern: '*' }, p.ctx)).toEqual({ pattern: '*' });
  });

  it('PL8 a Stop during the walk ends the call as aborted', async () => {
    const p = setup();
    write(p, 'a.ts');
    p.abort.abort();
    await expect(run(p, { pattern: '**/*' })).rejects.toThrow(/aborted/);
  });
});

describe('Glob validation and permissions (PL2, PL4)', () => {
  it('PL2 a missing directory, a file as path, and an empty pattern are clear errors', async () => {
    const p = setup();
    write(p, 'file.txt');
    expect(await GlobTool.validateInput!({ pattern: '*', path: 'nope' }, p.ctx)).toEqual({
      result: false,
      message: `Directory does not exist: nope. Current working directory: ${p.dir}.`,
      errorCode: 1,
    });
    expect(await GlobTool.validateInput!({ pattern: '*', path: 'file.txt' }, p.ctx)).toEqual({ result: false, message: 'Path is not a directory: file.txt', errorCode: 2 });
    expect(await GlobTool.validateInput!({ pattern: '  ' }, p.ctx)).toMatchObject({ result: false, errorCode: 3 });
    expect(await GlobTool.validateInput!({ pattern: '*' }, p.ctx)).toEqual({ result: true });
  });

  it('PL4 inside the working directories is allowed; a path or pattern reaching outside asks', async () => {
    const p = setup();
    expect(await GlobTool.checkPermissions({ pattern: '**/*.ts' }, p.ctx)).toMatchObject({ behavior: 'allow' });
    expect(await GlobTool.checkPermissions({ pattern: '**/*', path: '/etc' }, p.ctx)).toMatchObject({ behavior: 'ask', message: expect.stringContaining('/etc') });
    expect(await GlobTool.checkPermissions({ pattern: '../**/*.ts' }, p.ctx)).toMatchObject({ behavior: 'ask' });
    expect(await GlobTool.checkPermissions({ pattern: '/etc/*.conf' }, p.ctx)).toMatchObject({ behavior: 'ask' });
  });

  it('PL2 through the pipeline: a missing pattern is a schema error; a missing directory a validation error', async () => {
    const p = setup();
    const h = harness({ tools: [GlobTool], ctx: { ...p.ctx, tools: [GlobTool] } });
    const runToolUse = createRunToolUse(h.deps);
    const signal = new AbortController().signal;
    const noPattern = await runToolUse(toolUse('t1', 'Glob', { path: p.dir }), signal, () => {});
    expect(noPattern.isError).toBe(true);
    expect(noPattern.content).toContain('The required parameter `pattern` is missing');
    const missing = await runToolUse(toolUse('t2', 'Glob', { pattern: '*', path: 'gone' }), signal, () => {});
    expect(missing.isError).toBe(true);
    expect(missing.content).toContain('Directory does not exist: gone');
  });

  it('PL4 through the pipeline: outside the project the user is asked, and a denial is the result', async () => {
    const p = setup();
    const prompter = scriptedPrompter([{ behavior: 'deny' } as never]);
    const h = harness({ tools: [GlobTool], ctx: { ...p.ctx, tools: [GlobTool] }, prompter });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Glob', { pattern: '*', path: '/tmp' }), new AbortController().signal, () => {});
    expect(prompter.requests).toHaveLength(1);
    expect(out.isError).toBe(true);
    expect(h.views.map((v) => v.state)).toContain('awaiting_permission');
  });

  it('TL through the pipeline inside the project: allowed without asking', async () => {
    const p = setup();
    const a = write(p, 'a.ts');
    const prompter = scriptedPrompter([]);
    const h = harness({ tools: [GlobTool], ctx: { ...p.ctx, tools: [GlobTool] }, prompter });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Glob', { pattern: '*.ts' }), new AbortController().signal, () => {});
    expect(out.isError).toBe(false);
    expect(out.content).toBe(a);
    expect(prompter.requests).toHaveLength(0);
  });
});
