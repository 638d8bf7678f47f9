// React access to the highlighter: the lines of a text as tokens once they are ready (null until
// then, and for plain text), recent results kept so a re-render or a toggle does not tokenise again.
import { useEffect, useState } from 'react';
import { tokenize, type TokenLine } from './highlighter';
import type { LangId } from './languages';

const CACHE_SIZE = 64;
const cache = new Map<string, TokenLine[] | null>();

function remember(key: string, lines: TokenLine[] | null): void {
  cache.delete(key);
  cache.set(key, lines);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
}

/** Tokens of `code` in `lang`, or null while loading, for plain text, or when highlighting failed. */
export function useTokens(code: string, lang: LangId | null): TokenLine[] | null {
  const key = lang ? `${lang}\u0000${code}` : '';
  const [state, setState] = useState<{ key: string; lines: TokenLine[] | null }>(() => ({ key, lines: (key && cache.get(key)) || null }));

  useEffect(() => {
    if (!lang || !key) return;
    if (cache.has(key)) {
      setState({ key, lines: cache.get(key) ?? null });
      return;
    }
    let live = true;
    // After paint: the plain text shows at once, colours follow.
    const timer = setTimeout(() => {
      void tokenize(code, lang).then((lines) => {
        remember(key, lines);
        if (live) setState({ key, lines });
      });
    }, 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, code, lang]);

  return state.key === key ? state.lines : null;
}
