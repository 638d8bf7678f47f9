// The one wildcard the rule grammar has outside path patterns: `*` is any run of characters, every
// other character is itself. Used for tool-name globs, `param:value` rules, URL/input content and
// (with `*` kept inside one label) `domain:` patterns. Compiled to linear-time matchers
// (base/automaton.ts): a rule is user input and must never freeze the app (PX8).
import { ANY, compile, literal, type CharTest, type Matcher, type Piece } from '../base/automaton';

const cache = new Map<string, Matcher>();

/** `glob` as a whole-string matcher; `starTest` says what one `*` may span (default: anything). */
export function starMatcher(glob: string, caseInsensitive = false, starTest: CharTest = ANY, prefix: Piece[] = []): Matcher {
  const key = `${caseInsensitive ? 'i' : 's'}${starTest === ANY ? '' : 'l'}${prefix.length}\u0000${glob}`;
  let m = cache.get(key);
  if (!m) {
    const parts = glob.split(/\*+/);
    const items: Piece[] = [...prefix];
    parts.forEach((part, i) => {
      if (i > 0) items.push({ t: 'loop', test: starTest });
      if (part) items.push(literal(part));
    });
    m = compile({ t: 'seq', items }, caseInsensitive);
    if (cache.size > 2_000) cache.clear();
    cache.set(key, m);
  }
  return m;
}
