// The shared gitignore helper: globs as ripgrep reads them, ignore-file lines, rg's precedence between
// .rgignore/.ignore/.gitignore/exclude and between directories, and the walk (pruning, explicit roots,
// symlinks, overrides and types, depth).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { globMatcher, IgnoreRules, parseIgnoreLine, walkFiles, type WalkOptions } from './gitignore';

const re = (glob: string) => globMatcher(glob);

describe('globs with ripgrep (globset) semantics', () => {
  it.each([
    ['*.ts', 'a.ts', true],
    ['*.ts', 'dir/a.ts', false],
    ['*', '.hidden', true],
    ['?.ts', 'ab.ts', false],
    ['**/foo', 'foo', true],
    ['**/foo', 'a/b/foo', true],
    ['a/**/b', 'a/b', true],
    ['a/**/b', 'a/x/y/b', true],
    ['a/**', 'a/x/y', true],
    ['**', 'any/thing', true],
    ['a**b', 'axxb', true],
    ['a**b', 'a/b', false],
    ['[!a]b', 'cb', true],
    ['[!a]b', 'ab', false],
    ['[^a]b', 'cb', true],
    ['[!a]b', '/b', false],
    ['[a-c]x', 'bx', true],
    ['[]]x', ']x', true],
    ['*.{ts,tsx}', 'a.tsx', true],
    ['*.{ts,tsx}', 'a.js', false],
    ['{src,lib}/*.rs', 'lib/e.rs', true],
    [String.raw`a\*b`, 'a*b', true],
    [String.raw`a\*b`, 'axb', false],
    ['a(b|c)', 'a(b|c)', true],
    ['a(b|c)', 'ab', false],
    ['a+b.c$', 'a+b.c$', true],
    ['a+b.c$', 'aab.c', false],
  ])('%s on %s → %s', (glob, p, expected) => {
    expect(re(glob).test(p)).toBe(expected);
  });

  it('rejects malformed globs like globset', () => {
    expect(() => globMatcher('[abc')).toThrow(/unclosed character class/);
    expect(() => globMatcher('{a,b')).toThrow(/unclosed alternate group/);
    expect(() => globMatcher('{a,{b,c}}')).toThrow(/nested alternate groups/);
    expect(() => globMatcher('[z-a]')).toThrow(/reversed range/);
  });
});

describe('ignore-file lines (ripgrep ignore crate)', () => {
  const rules = (...lines: string[]) => IgnoreRules.fromLines(lines);

  it('skips comments and blank lines, trims trailing spaces unless escaped', () => {
    expect(parseIgnoreLine('# comment')).toBeUndefined();
    expect(parseIgnoreLine('   ')).toBeUndefined();
    expect(rules('foo   ').match('foo', false)).toBe('ignore');
    expect(rules('foo\\ ').match('foo ', false)).toBe('ignore');
    expect(rules('\\#hash').match('#hash', false)).toBe('ignore');
    expect(rules('\\!bang').match('!bang', false)).toBe('ignore');
  });

  it('a name without a slash matches at any depth; a leading or middle slash anchors', () => {
    const r = rules('build', '/dist', 'docs/tmp');
    expect(r.match('build', true)).toBe('ignore');
    expect(r.match('a/b/build', true)).toBe('ignore');
    expect(r.match('dist', true)).toBe('ignore');
    expect(r.match('a/dist', true)).toBeUndefined();
    expect(r.match('docs/tmp', true)).toBe('ignore');
    expect(r.match('x/docs/tmp', true)).toBeUndefined();
  });

  it('a trailing slash matches directories only; dir/** matches what is inside, not the directory', () => {
    const r = rules('out/', 'cache/**');
    expect(r.match('out', true)).toBe('ignore');
    expect(r.match('out', false)).toBeUndefined();
    expect(r.match('cache', true)).toBeUndefined();
    expect(r.match('cache/a/b', false)).toBe('ignore');
  });

  it('the last matching line decides, negations re-include', () => {
    const r = rules('*.log', '!keep.log', 'keep.log.old');
    expect(r.match('a.log', false)).toBe('ignore');
    expect(r.match('keep.log', false)).toBe('whitelist');
    expect(r.match('x.txt', false)).toBeUndefined();
    expect(rules('!keep.log', '*.log').match('keep.log', false)).toBe('ignore');
    expect(r.ignoreCount).toBe(2);
  });

  it('CRLF ignore files and malformed lines (skipped, as rg does)', () => {
    const r = IgnoreRules.parse('a.txt\r\n[bad\r\nb.txt\r\n');
    expect(r.match('a.txt', false)).toBe('ignore');
    expect(r.match('b.txt', false)).toBe('ignore');
    expect(r.match('[bad', false)).toBeUndefined();
  });
});

describe('walkFiles: what a search sees', () => {
  let dir: string;
  const write = (rel: string, content = 'x\n') => {
    const abs = path.join(dir, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  };
  const walk = async (root = dir, opts: WalkOptions = {}) => {
    const out: string[] = [];
    for await (const f of walkFiles(root, opts)) out.push(path.relative(dir, f));
    return out.sort();
  };

  beforeEach(() => {
    dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-gitignore-')));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('.gitignore applies only inside a git repository (rg requires .git); .ignore always', async () => {
    write('.gitignore', '*.log\n');
    write('.ignore', '*.tmp\n');
    write('a.log');
    write('b.tmp');
    write('c.txt');
    expect(await walk()).toEqual(['.gitignore', '.ignore', 'a.log', 'c.txt']);
    mkdirSync(path.join(dir, '.git'));
    expect(await walk()).toEqual(['.gitignore', '.ignore', 'c.txt']);
  });

  it('nested .gitignore files, negations, .git/info/exclude, and the deepest rule winning', async () => {
    write('.git/info/exclude', 'secret.txt\n');
    write('.gitignore', '*.gen.js\nbuild/\n');
    write('src/.gitignore', '!keep.gen.js\n');
    write('src/a.gen.js');
    write('src/keep.gen.js');
    write('top.gen.js');
    write('build/out.js');
    write('src/build/x.js');
    write('secret.txt');
    write('src/secret.txt');
    const seen = await walk(dir, { overrides: (rel, isDir) => (isDir && rel.endsWith('.git') ? 'ignore' : undefined) });
    expect(seen).toEqual(['.gitignore', 'src/.gitignore', 'src/keep.gen.js']);
  });

  it('precedence between kinds: .rgignore beats .ignore beats .gitignore', async () => {
    mkdirSync(path.join(dir, '.git'));
    write('.gitignore', '*.txt\n');
    write('.ignore', '!keep.txt\n*.md\n');
    write('.rgignore', '!keep.md\n');
    write('keep.txt');
    write('drop.txt');
    write('keep.md');
    write('drop.md');
    const seen = (await walk()).filter((f) => !f.startsWith('.'));
    expect(seen).toEqual(['keep.md', 'keep.txt']);
  });

  it("a parent directory's .gitignore applies to a walk started below it, up to the repository root only", async () => {
    write('.gitignore', '*.md\n');
    mkdirSync(path.join(dir, 'repo', '.git'), { recursive: true });
    write('repo/.gitignore', '*.log\n');
    write('repo/sub/a.log');
    write('repo/sub/b.md');
    write('repo/sub/c.txt');
    // dir's *.md is above the repository root (repo/.git): it does not apply inside the repository.
    expect(await walk(path.join(dir, 'repo', 'sub'))).toEqual(['repo/sub/b.md', 'repo/sub/c.txt']);
  });

  it('naming an ignored directory walks it, but rules still apply to what is inside (like rg)', async () => {
    mkdirSync(path.join(dir, '.git'));
    write('.gitignore', 'node_modules\n*.log\n');
    write('node_modules/react/index.js');
    write('node_modules/react/debug.log');
    write('node_modules/react/node_modules/dep/x.js');
    expect(await walk()).toEqual(['.gitignore']);
    expect(await walk(path.join(dir, 'node_modules', 'react'))).toEqual(['node_modules/react/index.js']);
  });

  it('symbolic links are not followed, files or directories', async () => {
    write('real/a.txt');
    symlinkSync(path.join(dir, 'real', 'a.txt'), path.join(dir, 'link.txt'));
    symlinkSync(path.join(dir, 'real'), path.join(dir, 'linkdir'));
    expect(await walk()).toEqual(['real/a.txt']);
  });

  it('overrides come first (a whitelist beats .gitignore), file types last, depth limits descent', async () => {
    mkdirSync(path.join(dir, '.git'));
    write('.gitignore', '*.log\n');
    write('a.log');
    write('b.ts');
    write('sub/c.ts');
    write('sub/deeper/d.ts');
    const overrides: WalkOptions['overrides'] = (rel, isDir) => (rel.endsWith('.log') ? 'whitelist' : isDir && rel === '.git' ? 'ignore' : undefined);
    expect(await walk(dir, { overrides })).toEqual(['.gitignore', 'a.log', 'b.ts', 'sub/c.ts', 'sub/deeper/d.ts']);
    expect(await walk(dir, { overrides, fileType: (name) => (name.endsWith('.ts') ? 'whitelist' : 'ignore') })).toEqual(['a.log', 'b.ts', 'sub/c.ts', 'sub/deeper/d.ts']);
    expect(await walk(dir, { overrides, maxDepth: 2 })).toEqual(['.gitignore', 'a.log', 'b.ts', 'sub/c.ts']);
  });

  it('a directory that cannot be listed is reported and skipped; an aborted walk stops', async () => {
    const errors: string[] = [];
    expect(await walk(path.join(dir, 'missing'), { onError: (p) => errors.push(p) })).toEqual([]);
    expect(errors).toEqual([path.join(dir, 'missing')]);
    write('a.txt');
    const ac = new AbortController();
    ac.abort();
    expect(await walk(dir, { signal: ac.signal })).toEqual([]);
  });
});
