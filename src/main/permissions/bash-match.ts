// Matches a Bash rule's content against a command: exact `npm test`, prefix `git commit:*`, wildcard
// `git *` (`*` anywhere, whole string). Until the Bash parser lands, compound commands fail closed for
// allow rules; deny and ask rules match any part, through leading assignments and Claude Code's wrappers.
import { ANY, ch, compile, literal, seq, type Matcher, type Piece } from '../base/automaton';
import { readCatHeredoc } from '../shell/index';
import { denyViews } from './bash-deny-views';

export type BashPattern =
  | { kind: 'exact'; command: string }
  | { kind: 'prefix'; prefix: string }
  | { kind: 'wildcard'; regex: Matcher };

/** Collapses runs of blanks so `npm  test` and `npm test` are one command for matching. */
function normalize(command: string): string {
  return command.trim().replace(/[ \t]+/g, ' ');
}

function hasUnescapedStar(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s[i] === '*' && (i === 0 || s[i - 1] !== '\\')) return true;
  return false;
}

export function parseBashPattern(content: string): BashPattern {
  const c = normalize(content);
  if (c.endsWith(':*') && !hasUnescapedStar(c.slice(0, -2))) return { kind: 'prefix', prefix: c.slice(0, -2).trimEnd() };
  if (!hasUnescapedStar(c)) return { kind: 'exact', command: c.replace(/\\\*/g, '*') };
  return { kind: 'wildcard', regex: wildcardMatcher(c) };
}

/**
 * `*` matches any run of characters (spaces included); `\*` is a literal star. A single trailing
 * ` *` also matches nothing at all, so `git *` covers a bare `git` but never `gitk`. Linear-time
 * (base/automaton.ts): a rule is user input and must never freeze the app (PX8).
 */
function wildcardMatcher(pattern: string): Matcher {
  const trailing = /(^|[^\\]) \*$/.test(pattern) && pattern.indexOf('*') === pattern.length - 1;
  const body = trailing ? pattern.slice(0, -2) : pattern;
  const items: Piece[] = [];
  let text = '';
  const flush = () => {
    if (text) items.push(literal(text));
    text = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\' && body[i + 1] === '*') {
      text += '*';
      i++;
    } else if (c === '*') {
      flush();
      items.push({ t: 'loop', test: ANY });
    } else {
      text += c;
    }
  }
  flush();
  if (trailing) items.push({ t: 'opt', item: seq(ch(32), { t: 'loop', test: ANY }) });
  return compile({ t: 'seq', items });
}

export function matchesBashPattern(pattern: BashPattern, command: string): boolean {
  const cmd = normalize(command);
  switch (pattern.kind) {
    case 'exact':
      return cmd === pattern.command;
    case 'prefix':
      // Word boundary: `git commit:*` matches `git commit -m x`, never `git commitx`.
      return cmd === pattern.prefix || cmd.startsWith(pattern.prefix + ' ');
    case 'wildcard':
      return pattern.regex.test(cmd);
  }
}

/**
 * Shell syntax that can chain, substitute, redirect or comment: a prefix/wildcard allow must not cover
 * it. Inside single quotes nothing is syntax; inside double quotes only `$(` and backticks still run
 * (`git commit -m "a; b⏎c"` is one command), and not even they in a literal `"$(cat <<'EOF' … EOF)"`.
 * A backslash makes the next character plain text.
 */
export function hasShellControl(command: string): boolean {
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote === "'") {
      if (c === "'") quote = null;
      continue;
    }
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '`' || (c === '$' && command[i + 1] === '(')) {
      // `"$(cat <<'EOF' … EOF)"` is literal text (a commit message), not a command run.
      const heredoc = quote === '"' ? readCatHeredoc(command, i) : null;
      if (!heredoc) return true;
      i = heredoc.end - 1;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = null;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (';&|<>\n\r'.includes(c)) return true;
    // A comment starts a word, and hides the rest of the line from a reader of the rule.
    else if (c === '#' && (i === 0 || /\s/.test(command[i - 1]!))) return true;
  }
  // An unterminated quote: where it ends is anyone's guess.
  return quote !== null;
}

/**
 * A naive split into the simple commands a compound line may run, for deny/ask rules: the whole line,
 * each `;`/`&&`/`||`/`|`/`&`/newline segment, and `$(…)`/backtick bodies, with leading `VAR=x`
 * assignments and `(`/`{` dropped. Over-splitting only ever adds denials, which is the safe side.
 */
export function candidateCommands(command: string): string[] {
  const out = new Set<string>([normalize(command)]);
  // `2>&1` and `&>` are redirections, not the `&` operator; a backslash-newline joins lines.
  const line = command.replace(/\\\r?\n/g, '').replace(/\d*>&\d*/g, '>').replace(/&>/g, '>');
  const inner: string[] = [];
  for (const m of line.matchAll(/[$<>]\(([^()]*)\)|`([^`]*)`/g)) inner.push(m[1] ?? m[2] ?? '');
  for (const chunk of [line, ...inner]) {
    for (const seg of chunk.split(/&&|\|\||[;|&\n\r]|[$<>]\(|`|\)/)) {
      let s = normalize(seg).replace(/^[({]\s*/, '');
      // Control-flow keywords start a segment, not a command: `then rm x`, `do rm "$f"`, `! rm x`.
      while (/^(?:if|then|else|elif|while|until|do|coproc|!)\s/.test(s)) s = s.replace(/^\S+\s+/, '');
      while (/^[A-Za-z_][A-Za-z0-9_]*=\S*\s/.test(s)) s = s.replace(/^[A-Za-z_][A-Za-z0-9_]*=\S*\s+/, '');
      s = s.replace(/\s*[>].*$/, '').trim();
      if (s) out.add(s);
      // Claude Code strips these wrappers before matching (docs: permissions, "Wrappers"): a deny for
      // `rm *` also stops `timeout 5 rm -rf x`. Each stripped form is one more candidate.
      for (let inner = stripWrapper(s); inner !== null; inner = stripWrapper(inner)) out.add(inner);
    }
  }
  return [...out];
}

/** The wrappers Claude Code strips (timeout, time, nice, nohup, stdbuf, command, builtin, noglob, bare xargs) with their options. */
const WRAPPERS: readonly RegExp[] = [
  /^timeout\s+(?:-\S+\s+(?:\d\S*\s+)?)*\d\S*\s+/,
  /^time(?:\s+-p)?\s+/,
  /^nice(?:\s+(?:-n\s*-?\d+|-\d+|--adjustment=-?\d+))?\s+/,
  /^nohup\s+/,
  /^stdbuf(?:\s+-\S+(?:\s+[ioe]?[0-9LKMG]+)?)+\s+/,
  /^command(?:\s+-p)?\s+(?!-[vV])/,
  /^builtin\s+/,
  /^noglob\s+/,
  /^xargs\s+(?!-)/,
];

/** The command a wrapper runs (`timeout 30 npm test` → `npm test`), or null when it is not wrapped. */
export function stripWrapper(command: string): string | null {
  for (const re of WRAPPERS) {
    const inner = command.replace(re, '');
    if (inner !== command && inner.trim() !== '') return inner.trim();
  }
  return null;
}

/**
 * Whether a Bash rule's content covers `command` for a rule of this behaviour. Allow rules are
 * strict (an exact rule matches only that exact line; prefix/wildcard never match a line with shell
 * control syntax); deny and ask rules match the line or any part of it.
 */
export function bashRuleMatches(content: string, command: string, behavior: 'allow' | 'deny' | 'ask'): boolean {
  const pattern = parseBashPattern(content);
  if (behavior === 'allow') {
    if (pattern.kind !== 'exact' && hasShellControl(command)) return false;
    return matchesBashPattern(pattern, command);
  }
  const candidates = [...candidateCommands(command), ...denyViews(command)];
  return candidates.some((c) => matchesBashPattern(pattern, c) || wrapped(c).some((w) => matchesBashPattern(pattern, w)));
}

/** Every command a line's wrappers run, outermost first (`timeout 5 nice rm x` → `nice rm x`, `rm x`). */
function wrapped(command: string): string[] {
  const out: string[] = [];
  for (let inner = stripWrapper(command); inner !== null && out.length < 16; inner = stripWrapper(inner)) out.push(inner);
  return out;
}
