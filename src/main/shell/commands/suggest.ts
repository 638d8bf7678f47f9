// BA5: the "always allow" rule offered for a command — its stable two-word prefix, else the exact
// command — at most five for a compound line; and how the parts' decisions make the line's decision.
import { formatRule } from '../../../shared/permissions/rule';
import type { SimpleCommand } from '../types';
import { programBase } from './argv';

/** BA5: a compound line offers at most this many rules; the rest are "similar commands". */
export const MAX_SUGGESTED_RULES_FOR_COMPOUND = 5;

/**
 * Shells and programs that run the program named after them: `Bash(sudo rm:*)` or `Bash(bash -c:*)`
 * would allow anything, so these are only ever offered as the exact command (Claude Code's list).
 */
export const BARE_SHELL_PREFIXES: ReadonlySet<string> = new Set([
  'sh', 'bash', 'zsh', 'fish', 'csh', 'tcsh', 'ksh', 'mksh', 'dash', 'ash', 'hush', 'rbash', 'rsh', 'busybox', 'toybox',
  'wsl', 'cmd', 'powershell', 'pwsh', 'env', 'xargs', 'command', 'builtin', 'noglob', 'nice', 'stdbuf', 'nohup', 'timeout',
  'time', 'watch', 'ionice', 'chrt', 'setsid', 'taskset', 'strace', 'ltrace', 'script', 'flock', 'unshare', 'nsenter',
  'sandbox-exec', 'sudo', 'doas', 'pkexec', 'su', 'runuser', 'eval', 'exec', 'source', '.', 'parallel',
]);

// A subcommand looks like `commit`, `run`, `compose`, `dry-run`: not a flag, path, file name, URL or number.
const SUBCOMMAND = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

const PACKAGE_RUNNERS: ReadonlySet<string> = new Set(['npm', 'yarn', 'pnpm', 'bun']);

/**
 * The stable prefix of a command: its program and a subcommand-like second word (`git commit`), a
 * package runner's script too (`npm run test`: "npm run" alone would run any script); null for one
 * word, a flag or path second (`ls -la`), a wrapper or shell, or a command with an environment
 * prefix (what it sets may change what runs).
 */
export function commandPrefix(c: SimpleCommand): string | null {
  const [first, second, third] = c.argv;
  if (!first || !second || c.env.length > 0) return null;
  if (BARE_SHELL_PREFIXES.has(programBase(c))) return null;
  if (!SUBCOMMAND.test(second)) return null;
  if (PACKAGE_RUNNERS.has(first) && second === 'run' && third && /^[\w:.-]+$/.test(third)) return `${first} run ${third}`;
  return `${first} ${second}`;
}

/**
 * BA5: `Bash(git commit:*)` for a command with a stable prefix, else the exact command
 * (`Bash(ls -la)`, `Bash(bash -c 'x')`); null when there is nothing to offer (no program, or a
 * heredoc or multi-line text an exact rule would never match again).
 */
export function suggestRule(c: SimpleCommand): string | null {
  if (c.argv.length === 0) return null;
  const prefix = commandPrefix(c);
  if (prefix) return formatRule({ toolName: 'Bash', ruleContent: `${prefix}:*` });
  const exact = c.text.trim();
  if (!exact || exact.includes('\n')) return null;
  return formatRule({ toolName: 'Bash', ruleContent: exact });
}

export interface RuleSuggestions {
  /** At most MAX_SUGGESTED_RULES_FOR_COMPOUND, in the line's order, without repeats. */
  rules: string[];
  /** What "always allow" covers, in words: "git commit and npm run commands", "…and similar commands". */
  description: string;
}

/** What a rule covers, said as words: `Bash(git commit:*)` → "git commit", `Bash(ls -la)` → "ls -la". */
function ruleWords(c: SimpleCommand): string {
  return commandPrefix(c) ?? c.text.trim();
}

function listWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * BA5: one suggestion per distinct part (pass the parts that asked). Beyond five, the first five are
 * offered and the words say "similar commands" rather than naming every part.
 */
export function suggestRules(cmds: readonly SimpleCommand[]): RuleSuggestions {
  const seen = new Map<string, string>();
  for (const c of cmds) {
    const rule = suggestRule(c);
    if (rule && !seen.has(rule)) seen.set(rule, ruleWords(c));
  }
  const rules = [...seen.keys()];
  const words = [...seen.values()];
  if (rules.length <= MAX_SUGGESTED_RULES_FOR_COMPOUND) {
    return { rules, description: words.length === 0 ? '' : `${listWords(words)} command${words.length === 1 ? '' : 's'}` };
  }
  return {
    rules: rules.slice(0, MAX_SUGGESTED_RULES_FOR_COMPOUND),
    description: `${words.slice(0, 2).join(', ')} and similar commands`,
  };
}

// ---- compound aggregation -----------------------------------------------------------------------

export type Behavior = 'allow' | 'deny' | 'ask';

export interface PartDecision {
  behavior: Behavior;
}

export interface AggregateDecision<T extends PartDecision> {
  behavior: Behavior;
  /** The part that decided (the first deny, else the first ask); null when every part allowed. */
  index: number | null;
  decision: T | null;
}

/**
 * BA5: a line's decision from its parts' — any deny denies, else any ask asks, else it is allowed.
 * No parts at all asks: nothing was checked, so nothing may run unseen.
 */
export function aggregate<T extends PartDecision>(parts: readonly T[]): AggregateDecision<T> {
  if (parts.length === 0) return { behavior: 'ask', index: null, decision: null };
  for (const behavior of ['deny', 'ask'] as const) {
    const index = parts.findIndex((p) => p.behavior === behavior);
    if (index >= 0) return { behavior, index, decision: parts[index]! };
  }
  return { behavior: 'allow', index: null, decision: null };
}
