// Rules to offer with "always allow" and the pattern a denial is counted under: the exact call
// first (`Bash(npm test)`), then a prefix over its command word(s) (`Bash(git commit:*)`).
import { hasShellControl } from './bash-match';
import { formatRule } from '../../shared/permissions/rule';

function commandOf(input: unknown): string | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const c = (input as { command?: unknown }).command;
  return typeof c === 'string' && c.trim() ? c.trim().replace(/[ \t]+/g, ' ') : undefined;
}

export function suggestRules(toolName: string, input: unknown): string[] {
  if (toolName !== 'Bash') return [toolName];
  const command = commandOf(input);
  if (!command) return [toolName];
  const out = [formatRule({ toolName: 'Bash', ruleContent: command })];
  const words = command.split(' ');
  // A prefix rule over a compound line would never match it (allow prefixes fail closed), so skip it.
  if (words.length > 1 && !hasShellControl(command)) {
    // A subcommand-like second word (`git commit`, `npm run`) belongs to the prefix; a flag or path does not.
    const prefix = words.length > 2 && /^[a-z][a-z-]*$/.test(words[1]!) ? `${words[0]} ${words[1]}` : words[0]!;
    out.push(formatRule({ toolName: 'Bash', ruleContent: `${prefix}:*` }));
  }
  return out;
}

/** The key denials are counted under: a Bash command's first word, else the tool. */
export function denialPattern(toolName: string, input: unknown): string {
  const command = toolName === 'Bash' ? commandOf(input) : undefined;
  if (!command) return toolName;
  return formatRule({ toolName: 'Bash', ruleContent: `${command.split(' ')[0]}:*` });
}
