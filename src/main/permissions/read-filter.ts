// Which files a search leaves out of what it shows (docs: permissions, "Read and Edit": Read rules apply,
// best effort, to every built-in tool that reads files, Grep and Glob too): a file a `Read(...)` deny
// rule covers, and one an ask rule covers unless that rule already asked about the search itself (the
// person then said yes to it). Without this, a Grep over the project prints a denied `.env`.
import { findRule, parsedRule } from './evaluate';
import type { MatchOptions } from './match-rule';
import type { RuleSet } from './types';

/** The predicate "keep this absolute path out of the results", or null when no rule keeps anything out. */
export function createReadFilter(rules: RuleSet, toolName: string, input: unknown, match: MatchOptions): ((abs: string) => boolean) | null {
  // A rule for a tool that is no file tool (`Bash(rm *)`) never speaks about a file; name globs and
  // `Grep(x)` (read as `Read(x)`) are left to the matcher.
  const mayRead = (rule: string) => {
    const name = parsedRule(rule)?.toolName;
    const kind = name === undefined ? 'other' : match.catalog?.traits(name)?.kind;
    return kind === undefined || kind === 'read' || kind === 'edit';
  };
  const deny = rules.deny.filter((e) => mayRead(e.rule));
  const ask = rules.ask.filter((e) => mayRead(e.rule) && findRule([e], 'ask', toolName, input, match) === undefined);
  if (deny.length === 0 && ask.length === 0) return null;
  const read = { ...match, aliases: [] };
  return (abs) => {
    const call = { file_path: abs };
    return findRule(deny, 'deny', 'Read', call, read) !== undefined || findRule(ask, 'ask', 'Read', call, read) !== undefined;
  };
}
