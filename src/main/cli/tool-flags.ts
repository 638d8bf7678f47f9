// Claude Code's tool-list flags (`--allowedTools "Read,Grep,Bash(npm test)"`): comma- or space-separated
// rules, repeatable. Separators inside a rule's parentheses belong to the rule. Names of tools this app
// does not have are fine (they match nothing); only a malformed rule is a usage error.
import { parsePermissionRule } from '../permissions/rule-parse';

/** Splits one flag value into rule strings at commas and blanks outside parentheses. */
export function splitToolList(value: string): string[] {
  const out: string[] = [];
  let current = '';
  let depth = 0;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    if (ch === '\\' && i + 1 < value.length) {
      current += ch + value[i + 1];
      i++;
      continue;
    }
    if (ch === '(') depth++;
    else if (ch === ')' && depth > 0) depth--;
    if (depth === 0 && (ch === ',' || /\s/.test(ch))) {
      if (current.trim()) out.push(current.trim());
      current = '';
      continue;
    }
    current += ch;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

/** All values of a repeatable flag as rules, or the first malformed one as an error message. */
export function parseToolFlag(flag: string, values: readonly string[] | undefined): string[] | { error: string } {
  const rules: string[] = [];
  for (const value of values ?? []) {
    for (const rule of splitToolList(value)) {
      // The engine's grammar: tool-name globs (`Web*`, `mcp__*`) too, as in settings files.
      const parsed = parsePermissionRule(rule);
      if (!parsed.ok) return { error: `${flag}: '${rule}' is not a valid tool rule (${parsed.error.message})` };
      if (!rules.includes(rule)) rules.push(rule);
    }
  }
  return rules;
}
