// rg's command line (Claude Code's flags, built from the input) and the parsing of its NUL-separated
// output, including the awkward cases: binary notices, a cut-off last line, colons in paths.
import { describe, expect, it } from 'vitest';
import { grepGlobs } from './filters';
import { parseRipgrepOutput, ripgrepArgs } from './rg-backend';
import type { SearchRequest } from './search-types';

const req = (over: Partial<SearchRequest> = {}): SearchRequest => ({
  pattern: 'foo',
  root: '/p',
  rootIsFile: false,
  mode: 'files_with_matches',
  caseInsensitive: false,
  multiline: false,
  before: 0,
  after: 0,
  globs: grepGlobs(undefined),
  signal: new AbortController().signal,
  maxOutputBytes: 1e6,
  ...over,
});

describe('rg arguments (TL)', () => {
  it("TL Claude Code's flags: --hidden, VCS directories excluded, --max-columns 500, the path last", () => {
    expect(ripgrepArgs(req())).toEqual([
      '--no-config', '--color=never', '--no-heading', '--with-filename', '--null', '--hidden', '--no-ignore-global',
      '--max-columns', '500', '--files-with-matches',
      '--glob', '!.git', '--glob', '!.svn', '--glob', '!.hg', '--glob', '!.bzr', '--glob', '!.jj', '--glob', '!.sl',
      '--regexp=foo', '--', '/p',
    ]);
  });

  it('TL each input maps to its rg flag', () => {
    const args = ripgrepArgs(req({ mode: 'content', caseInsensitive: true, multiline: true, before: 2, after: 3, type: 'ts', globs: grepGlobs('*.ts,*.tsx'), pattern: '-x' }));
    expect(args).toEqual(expect.arrayContaining(['-i', '-U', '--multiline-dotall', '--line-number', '--type', 'ts']));
    expect(args.join(' ')).toContain('-B 2 -A 3');
    expect(args.slice(-7)).toEqual(['--glob', '*.ts', '--glob', '*.tsx', '--regexp=-x', '--', '/p']);
    expect(ripgrepArgs(req({ mode: 'count' }))).toContain('--count');
    expect(ripgrepArgs(req({ mode: 'count' }))).not.toContain('--line-number');
  });
});

describe('rg output parsing (TL)', () => {
  const buf = (s: string) => Buffer.from(s, 'utf8');

  it('TL files: NUL-separated; a path cut off by the output cap is dropped', () => {
    expect(parseRipgrepOutput(buf('/p/a.ts\0/p/b c.ts\0'), 'files_with_matches')).toEqual([{ path: '/p/a.ts' }, { path: '/p/b c.ts' }]);
    expect(parseRipgrepOutput(buf('/p/a.ts\0/p/b.t'), 'files_with_matches')).toEqual([{ path: '/p/a.ts' }]);
  });

  it('TL counts: path NUL count; a colon in a path is harmless', () => {
    expect(parseRipgrepOutput(buf('/p/a:b.ts\x003\n/p/c.ts\x0012\n'), 'count')).toEqual([
      { path: '/p/a:b.ts', count: 3 },
      { path: '/p/c.ts', count: 12 },
    ]);
  });

  it('TL content: matches (:), context (-), separators skipped, a cut-off last line dropped', () => {
    const out = buf('/p/a:1.ts\x001-before\n/p/a:1.ts\x002:the: match\n--\n/p/b.ts\x0010:x\n/p/b.ts\x0011:cut');
    expect(parseRipgrepOutput(out, 'content')).toEqual([
      { path: '/p/a:1.ts', lines: [{ n: 1, match: false, text: 'before' }, { n: 2, match: true, text: 'the: match' }] },
      { path: '/p/b.ts', lines: [{ n: 10, match: true, text: 'x' }] },
    ]);
  });

  it("TL content: rg's notice for a named binary file becomes binaryOffset", () => {
    const out = buf('/p/data.bin: binary file matches (found "\\0" byte around offset 22)\n');
    expect(parseRipgrepOutput(out, 'content')).toEqual([{ path: '/p/data.bin', binaryOffset: 22 }]);
  });

  it('TL content: invalid UTF-8 in a line becomes U+FFFD, as the built-in decoding does', () => {
    const out = Buffer.concat([buf('/p/l.txt\x001:caf'), Buffer.from([0xe9]), buf('\n')]);
    expect(parseRipgrepOutput(out, 'content')).toEqual([{ path: '/p/l.txt', lines: [{ n: 1, match: true, text: 'caf\uFFFD' }] }]);
  });
});
