// Highlighting: file names → the shipped grammars (unknown = plain text), and shiki with the
// JavaScript regex engine (no wasm) colouring a line in both themes, tokens spelling the line exactly.
import { describe, expect, it } from 'vitest';
import { MAX_HIGHLIGHT_CHARS, tokenize } from './highlighter';
import { languageForPath, languageForWord } from './languages';

describe('languageForPath / languageForWord', () => {
  const cases: [string, string | null][] = [
    ['/p/src/app.ts', 'typescript'],
    ['App.TSX', 'tsx'],
    ['x.jsx', 'tsx'],
    ['index.mjs', 'javascript'],
    ['package.json', 'json'],
    ['a.css', 'css'],
    ['index.html', 'html'],
    ['README.md', 'markdown'],
    ['main.py', 'python'],
    ['run.sh', 'shellscript'],
    ['.bashrc', 'shellscript'],
    ['ci.yml', 'yaml'],
    ['lib.rs', 'rust'],
    ['main.go', 'go'],
    ['Makefile', null],
    ['.gitignore', null],
    ['photo.png', null],
    ['C:\\p\\a.ts', 'typescript'],
  ];
  for (const [p, want] of cases) it(`${p} → ${want}`, () => expect(languageForPath(p)).toBe(want));
  it('words', () => {
    expect(languageForWord('Python3')).toBe('python');
    expect(languageForWord('julia')).toBeNull();
    expect(languageForWord(undefined)).toBeNull();
  });
});

describe('tokenize (shiki, JavaScript engine)', () => {
  it('colours TypeScript for the light and the dark theme; tokens spell each line', async () => {
    const code = 'export const answer: number = 42;\n// done';
    const lines = await tokenize(code, 'typescript');
    expect(lines).not.toBeNull();
    expect(lines!.map((l) => l.map((t) => t.content).join(''))).toEqual(code.split('\n'));
    const keyword = lines![0]!.find((t) => t.content === 'export');
    expect(keyword?.light).toMatch(/^#[0-9a-f]{6}/i);
    expect(keyword?.dark).toMatch(/^#[0-9a-f]{6}/i);
    expect(keyword?.light).not.toBe(keyword?.dark);
    const comment = lines![1]!.find((t) => t.content.includes('done'));
    expect(comment?.light).not.toBe(keyword?.light);
  });

  it('every shipped grammar loads under the JavaScript engine', async () => {
    const samples: [Parameters<typeof tokenize>[1], string][] = [
      ['tsx', 'const a = <div className="x">{b}</div>;'],
      ['javascript', 'function f() { return 1 }'],
      ['json', '{"a": [1, true, null]}'],
      ['css', '.a { color: red; }'],
      ['html', '<p class="a">hi</p><script>let x = 1</script>'],
      ['markdown', '# Title\n\n*em* `code`'],
      ['python', 'def f(x):\n    return x * 2'],
      ['shellscript', 'for i in 1 2; do echo "$i"; done'],
      ['yaml', 'a: 1\nb: [x, y]'],
      ['rust', 'fn main() { println!("hi"); }'],
      ['go', 'package main\nfunc main() {}'],
    ];
    for (const [lang, code] of samples) {
      const lines = await tokenize(code, lang);
      expect(lines, lang).not.toBeNull();
      expect(lines!.map((l) => l.map((t) => t.content).join('')), lang).toEqual(code.split('\n'));
      expect(lines!.flat().some((t) => t.light), lang).toBe(true);
    }
  });

  it('huge texts stay plain (null)', async () => {
    expect(await tokenize('x'.repeat(MAX_HIGHLIGHT_CHARS + 1), 'typescript')).toBeNull();
  });
});
