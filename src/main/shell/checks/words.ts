// A small linear tokenizer for BA1's word-level checks (jq, zsh, malformed tokens); real splitting is BA2/BA3's.
import type { Segment } from './types';

const OPERATORS = [
  '&>>', '<<<', '<<-', '&&', '||', ';;', '|&', '&>', '>>', '>&', '>|', '<<', '<&', '<>', '|', '&', ';', '(', ')', '<', '>',
];
const REDIRECTS = new Set(['&>>', '<<<', '<<-', '&>', '>>', '>&', '>|', '<<', '<&', '<>', '<', '>']);
const OPERATOR_CHARS = new Set(['|', '&', ';', '(', ')', '<', '>']);

export interface Tokenized {
  /** Words as strings, operators as `{ op }`, in order (the shape shell-quote gives Claude Code). */
  tokens: Array<string | { op: string }>;
  segments: Segment[];
}

/** Index just past the `)`, `}` or backtick that closes what opens at `from` (or the end of the text). */
function skipNested(text: string, from: number, open: string, close: string): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (open !== close && ch === open) depth++;
    else if (ch === close && (open === close ? i > from : --depth === 0)) return i + 1;
  }
  return text.length;
}

export function tokenize(command: string): Tokenized {
  const tokens: Array<string | { op: string }> = [];
  const segments: Segment[] = [{ words: [] }];
  let word = '';
  let inWord = false;
  let target = false;

  const endWord = (): void => {
    if (!inWord) return;
    tokens.push(word);
    if (target) target = false;
    else (segments[segments.length - 1] as Segment).words.push(word);
    word = '';
    inWord = false;
  };
  const pushOp = (op: string): void => {
    endWord();
    tokens.push({ op });
    target = REDIRECTS.has(op);
    if (target) return;
    if ((segments[segments.length - 1] as Segment).words.length > 0) segments.push({ words: [] });
  };

  let i = 0;
  while (i < command.length) {
    const ch = command[i] as string;
    const next = command[i + 1];
    if (ch === ' ' || ch === '\t') {
      endWord();
      i++;
    } else if (ch === '\n') {
      pushOp('\n');
      i++;
    } else if (ch === '#' && !inWord) {
      const nl = command.indexOf('\n', i);
      i = nl === -1 ? command.length : nl;
    } else if (ch === '\\') {
      // `\<newline>` joins lines; any other escaped character is literal.
      if (next !== '\n') word += next ?? '\\';
      inWord = inWord || next !== '\n';
      i += 2;
    } else if (ch === "'") {
      const close = command.indexOf("'", i + 1);
      const end = close === -1 ? command.length : close;
      word += command.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (ch === '"' || (ch === '$' && next === '"')) {
      let j = ch === '"' ? i + 1 : i + 2;
      while (j < command.length && command[j] !== '"') {
        const c = command[j] as string;
        const after = command[j + 1];
        if (c === '\\' && after !== undefined) {
          if (after === '$' || after === '`' || after === '"' || after === '\\') word += after;
          else if (after !== '\n') word += c + after;
          j += 2;
        } else {
          word += c;
          j++;
        }
      }
      inWord = true;
      i = j + 1;
    } else if (ch === '$' && next === "'") {
      // ANSI-C quoting: kept undecoded; the obfuscated-flags check (4) asks about it anyway.
      let j = i + 2;
      while (j < command.length && command[j] !== "'") j += command[j] === '\\' ? 2 : 1;
      word += command.slice(i + 2, Math.min(j, command.length));
      inWord = true;
      i = j + 1;
    } else if ((ch === '$' && (next === '(' || next === '{')) || ch === '`') {
      const end = ch === '`' ? skipNested(command, i, '`', '`') : skipNested(command, i + 1, next as string, next === '(' ? ')' : '}');
      word += command.slice(i, end);
      inWord = true;
      i = end;
    } else if (OPERATOR_CHARS.has(ch)) {
      // A digit run right before a redirection is its file descriptor, not a word.
      if ((ch === '<' || ch === '>') && inWord && /^\d+$/.test(word)) {
        word = '';
        inWord = false;
      }
      const op = OPERATORS.find((o) => command.startsWith(o, i)) as string;
      pushOp(op);
      i += op.length;
    } else {
      word += ch;
      inWord = true;
      i++;
    }
  }
  endWord();
  return { tokens, segments: segments.filter((s) => s.words.length > 0) };
}

/** Wrappers that run the next word as the command, and their options that take a value. */
const WRAPPERS: Record<string, readonly string[]> = {
  command: [],
  builtin: [],
  noglob: [],
  nocorrect: [],
  exec: ['-a'],
  nohup: [],
  time: [],
  env: ['-u', '-C', '-S'],
  nice: ['-n'],
  timeout: ['-s', '-k', '--signal', '--kill-after'],
  stdbuf: ['-i', '-o', '-e'],
  xargs: ['-I', '-i', '-n', '-P', '-L', '-l', '-d', '-E', '-e', '-s', '-a'],
  sudo: ['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U'],
};

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;

/**
 * The program a simple command runs: leading `NAME=value` words and wrappers (`env`, `timeout 5`,
 * `xargs -n 1`, `command`, …) skipped. Returns the word and the index of its first argument.
 */
export function commandOf(words: readonly string[]): { name: string; args: number } | null {
  let i = 0;
  while (i < words.length) {
    const w = words[i] as string;
    if (ASSIGNMENT.test(w)) {
      i++;
      continue;
    }
    const valued = WRAPPERS[w];
    if (valued === undefined) return { name: w, args: i + 1 };
    i++;
    let durationSkipped = w !== 'timeout';
    while (i < words.length) {
      const a = words[i] as string;
      if (a === '--') {
        i++;
        break;
      }
      if (a.startsWith('-') && a.length > 1) i += valued.includes(a) ? 2 : 1;
      else if (w === 'env' && ASSIGNMENT.test(a)) i++;
      else if (!durationSkipped) {
        durationSkipped = true;
        i++;
      } else break;
    }
  }
  return null;
}
