// Test support: a small project tree that exercises everything the two Grep backends must agree on —
// nested .gitignore files with negations, .git/info/exclude, .ignore, a nested repository, hidden files,
// binary files, CRLF, UTF-8/UTF-16 BOMs, Unicode text, long lines, symlinks. Not used by production code.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const files: Record<string, string | Buffer> = {
  '.git/config': '[core]\n\tfoo = true\n',
  '.git/info/exclude': '# local excludes\n*.excluded\n',
  '.gitignore': ['node_modules/', '*.log', '!keep.log', 'build/', '/rootonly.txt', 'docs/**/*.tmp', ''].join('\n'),
  'rootonly.txt': 'foo in rootonly\n',
  'sub/rootonly.txt': 'foo in sub rootonly\n',
  'keep.log': 'foo kept log\n',
  'other.log': 'foo ignored log\n',
  'x.excluded': 'foo excluded\n',
  'README.md': '# Project\n\nSay hello to foo.\nTODO: write docs\n',
  'docs/guide.md': 'Guide\nHello World\nfoo bar baz\n',
  'docs/x/y.tmp': 'foo temp\n',
  'docs/x/z.txt': 'foo not temp\n',
  'src/a.ts': [
    "import { b } from './b';",
    "import fs from 'node:fs';",
    '',
    'export function foo(x: number): number {',
    '  // TODO: handle negatives',
    '  return x + 1;',
    '}',
    '',
    'export const FOO = 42;',
    'const date = "2024-05-06";',
    'const flag = "-flag";',
    '',
  ].join('\n'),
  'src/b.tsx': 'export const b = () => <div>hello foo</div>;\nexport const c = 1;\n',
  'src/util/c.js': 'function foo() {\n  return "foo";\n}\nmodule.exports = { foo };\n',
  'src/util/d.py': 'def foo():\n    return 1\n\n\nclass Hello:\n    pass\n',
  'src/util/.gitignore': '*.gen.js\n!important.gen.js\n',
  'src/util/x.gen.js': 'foo generated\n',
  'src/util/important.gen.js': 'foo important generated\n',
  'lib/e.rs': 'struct Point {\n    x: i32,\n    y: i32,\n}\n\nfn main() {\n    let p = Point { x: 1, y: 2 };\n}\n\nfn   helper_fn(a: u8) {}\n',
  'lib/f.go': 'package main\n\ntype Foo interface{}\n\nfunc main() {\n}\n',
  'lib/.ignore': '*.skip\n',
  'lib/data.skip': 'foo skipped by .ignore\n',
  'node_modules/pkg/index.js': 'module.exports = "foo in node_modules";\nconst x = 1;\n',
  'node_modules/pkg/node_modules/inner/i.js': 'foo nested node_modules\n',
  'node_modules/pkg/skip.log': 'foo log inside node_modules\n',
  'build/out.js': 'foo built\n',
  '.config/settings.json': '{ "foo": true, "hello": "world" }\n',
  '.env': 'SECRET_FOO=1\nfoo=bar\n',
  '.hidden.ts': 'export const hidden = "foo";\n',
  'win/crlf.txt': 'first line foo;\r\nsecond line\r\nthird foo;\r\nfoo\r\n',
  'win/mixed.txt': 'unix foo;\nwindows foo;\r\nend\n',
  'i18n/greek.txt': 'Ελληνικά κείμενα\nΣΊΣΥΦΟΣ σίσυφος\nλέξη word λέξη\nτέλος\n',
  'i18n/french.txt': 'Café crème\nÉCOLE école\nnaïve façade\nword-word wordy sword\n',
  'i18n/cjk.md': '日本語のテキスト foo\n中文 hello 你好\n한국어\n',
  'i18n/emoji.txt': 'party 🎉 foo\nrocket 🚀\n',
  'i18n/kelvin.txt': 'temperature 300\u212A\nkelvin k\n',
  'i18n/scripts.txt': 'arabic digits \u0663\u0664\u0665\nno\u00a0break space\nthin\u2009space\nτέλος\n',
  'assets/logo.bin': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x66, 0x6f, 0x6f, 0x0a, 0x66, 0x6f, 0x6f]),
  'assets/data.bin': Buffer.concat([Buffer.from('foo header\nfoo second\n'), Buffer.from([0]), Buffer.from('\nfoo after nul\n')]),
  'enc/bom8.txt': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('foo with utf8 bom\nsecond\n')]),
  'enc/bom16le.txt': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('foo in utf16le\nhello Ω\n', 'utf16le')]),
  'enc/bom16be.txt': Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('foo in utf16be\n', 'utf16le').swap16()]),
  'long/long.txt': `short foo\n${'x'.repeat(300)} foo ${'y'.repeat(300)}\n${'z'.repeat(499)}\nfoo ${'w'.repeat(495)}\nfoo ${'v'.repeat(496)}\ncontext after\n`,
  'edge/no-newline.txt': 'first foo\nlast foo without newline',
  'edge/empty.txt': '',
  'edge/blank-lines.txt': '\n\nfoo\n\n',
  'a/b/c/d/e.txt': 'deep foo\n',
  'nested/.git/config': '[core]\n',
  'nested/.gitignore': '*.md\n',
  'nested/n.log': 'foo log in nested repo\n',
  'nested/n.md': 'foo md in nested repo\n',
  'nested/n.txt': 'foo txt in nested repo\n',
  'ctx/context.txt': ['l1', 'l2 match', 'l3', 'l4', 'l5 match', 'l6', 'l7', 'l8', 'l9', 'l10 match', 'l11 match', 'l12', ''].join('\n'),
  'ml/struct.go': 'type A struct {\n\tName string\n\tAge  int\n}\n\ntype B struct {}\n',
  'ml/pairs.txt': 'foo\nbar\nfoo\nbaz\nfoo\nbar\n',
  'ml/chain.txt': 'a1\nb1 a2\nb2\nx\na3\nb3\na4\nb4\n',
};

/** Writes the fixture under `dir` (which must exist and be empty). */
export function writeParityFixture(dir: string): void {
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(dir, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
  // Links are not followed while walking (rg's default): neither of these is searched.
  symlinkSync(path.join(dir, 'src', 'a.ts'), path.join(dir, 'link-to-a.ts'));
  symlinkSync(path.join(dir, 'src'), path.join(dir, 'link-to-src'));
}
