// A failed command's first real error line, pure (issue item 4): what a person should read first in
// its output — "fatal: not a git repository", "npm ERR! Missing script: "tset"", the last line of a
// Python traceback ("ModuleNotFoundError: No module named 'foo'"), "src/a.ts(3,5): error TS2322: …" —
// not a warning, a stack frame or npm's bookkeeping. stderr is read first, then stdout (many tools
// print their errors there).

export interface ErrorLine {
  /** The line as printed, without its indentation. */
  text: string;
  stream: 'stderr' | 'stdout';
  /** Where the line sits in that stream's text: [start, end). */
  start: number;
  end: number;
}

/** Not errors, whatever words they contain. */
const NOT_AN_ERROR = [
  /^\s*(?:npm\s+)?warn(?:ing)?\b/i,
  /^\s*\(node:\d+\) \w*Warning/,
  /^\s+at\s/, // a JavaScript stack frame
  /^\s+File "/, // a Python stack frame
  /^\s*\d+ errors?\b/i, // "0 errors" (a summary)
  /\bno errors?\b/i,
];

/** npm's own lines around the real message. */
const NPM = /^\s*npm (?:ERR!|error)\s*(.*)$/;
const NPM_BOOKKEEPING =
  /^(?:$|code\b|errno\b|syscall\b|path\b|dest\b|signal\b|command\b|cwd\b|A complete log|Log files|\S+@\S+ \S+:|Exit status|Failed at the|This is probably not a problem|Lifecycle script|in workspace|at location|Error: command failed|\s*$)/;

/** What an error line looks like, from the tools people meet most. */
const LOOKS_LIKE_ERROR = [
  /^\s*(?:fatal|error|ERROR|Error|FATAL|panic)(?:\[[^\]]*\])?(?::|\s*$|\s+in\b)/, // git, rustc, node, go, webpack
  /^\s*(?:Uncaught\s+)?[\w.$]*(?:Error|Exception)\b(?::|\s*$)/, // TypeError: …, java.lang.NullPointerException
  /^\s*Exception in thread\b/,
  /[:(]\d+(?:[:,]\d+)?\)?:?\s*(?:fatal\s+)?error\b/i, // a.c:3:5: error: …, a.ts(3,5): error TS…
  /: command not found\s*$/,
  /No such file or directory/,
  /Permission denied/,
  /\bcannot (?:open|access|find|stat|read)\b/i,
  /^\s*FAIL\b/, // a failed test file (Jest, Vitest)
  /Segmentation fault|core dumped/,
];

const TRACEBACK = /^Traceback \(most recent call last\):\s*$/;

interface Line {
  text: string;
  start: number;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const raw of text.split('\n')) {
    lines.push({ text: raw.replace(/\r$/, ''), start });
    start += raw.length + 1;
  }
  return lines;
}

const found = (line: Line, stream: ErrorLine['stream']): ErrorLine => {
  const indent = line.text.length - line.text.trimStart().length;
  const text = line.text.trim();
  return { text, stream, start: line.start + indent, end: line.start + indent + text.length };
};

/** The first error-looking line of one stream, or null. */
function scan(text: string, stream: ErrorLine['stream']): ErrorLine | null {
  const lines = linesOf(text);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (TRACEBACK.test(line.text)) {
      // Python: the exception is the first line after the traceback that is not indented.
      const last = lines.slice(i + 1).find((l) => l.text.trim() && !/^\s/.test(l.text));
      if (last) return found(last, stream);
      continue;
    }
    const npm = NPM.exec(line.text);
    if (npm) {
      if (!NPM_BOOKKEEPING.test(npm[1]!)) return found(line, stream);
      continue;
    }
    if (NOT_AN_ERROR.some((re) => re.test(line.text))) continue;
    if (LOOKS_LIKE_ERROR.some((re) => re.test(line.text))) return found(line, stream);
  }
  return null;
}

/**
 * The first real error line of a failed command: stderr first, then stdout; failing those, a short
 * stderr's first line (a program that just says what went wrong, "bad config"). null when nothing
 * says it.
 */
export function firstErrorLine(stderr: string, stdout: string): ErrorLine | null {
  const hit = scan(stderr, 'stderr') ?? scan(stdout, 'stdout');
  if (hit) return hit;
  const said = linesOf(stderr).filter((l) => l.text.trim() && !NPM.test(l.text) && !NOT_AN_ERROR.some((re) => re.test(l.text)));
  return said.length > 0 && said.length <= 3 ? found(said[0]!, 'stderr') : null;
}
