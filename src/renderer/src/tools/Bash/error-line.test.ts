// A failed command's first real error line (issue item 4): a table of what tools print and the line a
// person should read first — not a warning, a stack frame or npm's bookkeeping.
import { describe, expect, it } from 'vitest';
import { firstErrorLine } from './error-line';

describe('firstErrorLine', () => {
  const cases: [string, string, string, string | null][] = [
    ['git', 'fatal: not a git repository (or any of the parent directories): .git\n', '', 'fatal: not a git repository (or any of the parent directories): .git'],
    ['a lone "error:"', 'warning: LF will be replaced\nerror: pathspec \'x\' did not match any file(s) known to git\n', '', "error: pathspec 'x' did not match any file(s) known to git"],
    [
      'node: the Error line, not the stack frames',
      "node:internal/modules/cjs/loader:1080\n  throw err;\n  ^\n\nError: Cannot find module 'left-pad'\nRequire stack:\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1077:15)\n",
      '',
      "Error: Cannot find module 'left-pad'",
    ],
    ['npm: past its bookkeeping', 'npm ERR! code ELIFECYCLE\nnpm ERR! errno 1\nnpm ERR! Missing script: "tset"\n', '', 'npm ERR! Missing script: "tset"'],
    ['npm 10 words', 'npm error Missing script: "tset"\nnpm error\nnpm error To see a list of scripts, run:\n', '', 'npm error Missing script: "tset"'],
    [
      'Python: the traceback\'s last line',
      'Traceback (most recent call last):\n  File "app.py", line 1, in <module>\n    import foo\nModuleNotFoundError: No module named \'foo\'\n',
      '',
      "ModuleNotFoundError: No module named 'foo'",
    ],
    ['TypeScript prints to stdout', '', 'src/a.ts(3,5): error TS2322: Type \'string\' is not assignable to type \'number\'.\n\nFound 1 error.\n', "src/a.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'."],
    ['a C compiler', 'main.c: In function ‘main’:\nmain.c:3:5: error: expected ‘;’ before ‘}’ token\n', '', 'main.c:3:5: error: expected ‘;’ before ‘}’ token'],
    ['Rust', 'error[E0425]: cannot find value `x` in this scope\n --> src/main.rs:2:13\n', '', 'error[E0425]: cannot find value `x` in this scope'],
    ['a shell', 'bash: line 1: nosuchcmd: command not found\n', '', 'bash: line 1: nosuchcmd: command not found'],
    ['a missing file', "ls: cannot access '/nope': No such file or directory\n", '', "ls: cannot access '/nope': No such file or directory"],
    ['a failed test file (stderr first, in order)', ' FAIL  src/cart.test.ts > adds items\nAssertionError: expected 2 to be 3\n', '', 'FAIL  src/cart.test.ts > adds items'],
    ['warnings are not errors', 'npm WARN deprecated x@1\nwarning: something\n(node:12) ExperimentalWarning: fetch\n', '', null],
    ['a short stderr that just says it', 'bad config\n', '', 'bad config'],
    ['a long stderr with no error words says nothing', 'a\nb\nc\nd\n', '', null],
    ['nothing at all', '', '', null],
    ['"0 errors" is a summary', '', 'Checked 3 files: 0 errors\n', null],
  ];
  for (const [name, stderr, stdout, line] of cases) {
    it(name, () => expect(firstErrorLine(stderr, stdout)?.text ?? null).toBe(line));
  }

  it('says where the line sits in its stream, without its indentation', () => {
    const stderr = 'first\n   fatal: broken\n';
    const hit = firstErrorLine(stderr, '')!;
    expect(hit).toMatchObject({ stream: 'stderr', text: 'fatal: broken' });
    expect(stderr.slice(hit.start, hit.end)).toBe('fatal: broken');
    const out = firstErrorLine('', 'ok\nError: nope\n')!;
    expect(out).toMatchObject({ stream: 'stdout', start: 3, end: 14 });
  });
});
