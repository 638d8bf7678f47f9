// Claude Code's hook matcher: missing, empty or "*" matches everything; otherwise a regular
// expression that must match the whole value (tool name, or SessionStart's source). An invalid
// regex falls back to an exact string comparison, with a warning.

export interface CompiledMatcher {
  test(value: string): boolean;
  /** Set when the pattern was not a valid regex. */
  warning?: string;
}

const MATCH_ALL: CompiledMatcher = { test: () => true };
const cache = new Map<string, CompiledMatcher>();

export function compileMatcher(matcher: string | undefined): CompiledMatcher {
  if (matcher === undefined) return MATCH_ALL;
  const pattern = matcher.trim();
  if (pattern === '' || pattern === '*') return MATCH_ALL;
  const hit = cache.get(pattern);
  if (hit) return hit;
  let compiled: CompiledMatcher;
  try {
    const re = new RegExp(`^(?:${pattern})$`);
    compiled = { test: (value) => re.test(value) };
  } catch (err) {
    compiled = {
      test: (value) => value === pattern,
      warning: `Hook matcher ${JSON.stringify(pattern)} is not a valid regular expression (${(err as Error).message}); matching the exact name instead`,
    };
  }
  // Matchers come from a handful of settings files; the cache stays small.
  if (cache.size > 1_000) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

export function matcherMatches(matcher: string | undefined, value: string): boolean {
  return compileMatcher(matcher).test(value);
}
