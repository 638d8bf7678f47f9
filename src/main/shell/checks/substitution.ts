// BA1 #8: a command that runs another command inside itself (the substitution forms of bash and zsh).
import { isSpace } from './quotes';
import { hit, type CheckContext, type Hit } from './types';

/** Claude Code's /(?:^|[\s;&|])=[a-zA-Z_]/: zsh turns a word `=curl` into curl's path and runs it. */
function zshEqualsExpansion(text: string): boolean {
  for (let at = text.indexOf('='); at !== -1; at = text.indexOf('=', at + 1)) {
    const before = text[at - 1];
    const startsWord = at === 0 || isSpace(before) || before === ';' || before === '&' || before === '|';
    if (startsWord && /[a-zA-Z_]/.test(text[at + 1] ?? '')) return true;
  }
  return false;
}

/** Claude Code's /\}\s*always\s*\{/: zsh's try/always block. */
function zshAlwaysBlock(text: string): boolean {
  for (let at = text.indexOf('}'); at !== -1; at = text.indexOf('}', at + 1)) {
    let i = at + 1;
    while (isSpace(text[i])) i++;
    if (!text.startsWith('always', i)) continue;
    i += 6;
    while (isSpace(text[i])) i++;
    if (text[i] === '{') return true;
  }
  return false;
}

const PATTERNS: Array<{ found: (text: string) => boolean; message: string }> = [
  { found: (t) => t.includes('<('), message: 'process substitution <()' },
  { found: (t) => t.includes('>('), message: 'process substitution >()' },
  { found: (t) => t.includes('=('), message: 'Zsh process substitution =()' },
  { found: zshEqualsExpansion, message: 'Zsh equals expansion (=cmd)' },
  { found: (t) => t.includes('$('), message: '$() command substitution' },
  { found: (t) => t.includes('${'), message: '${} parameter substitution' },
  { found: (t) => t.includes('$['), message: '$[] legacy arithmetic expansion' },
  { found: (t) => t.includes('~['), message: 'Zsh-style parameter expansion' },
  { found: (t) => t.includes('(e:'), message: 'Zsh-style glob qualifiers' },
  { found: (t) => t.includes('(+'), message: 'Zsh glob qualifier with command execution' },
  { found: zshAlwaysBlock, message: 'Zsh always block (try/always construct)' },
  // Not run by any shell here; kept so a later PowerShell tool cannot inherit a blind spot.
  { found: (t) => t.includes('<#'), message: 'PowerShell comment syntax' },
];

/** A backtick not escaped by a backslash (`\`` is a literal backtick, common in SQL). */
function hasUnescapedBacktick(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '`') return true;
  }
  return false;
}

/** `$(…)` `` `…` `` `<(…)` `>(…)` `=(…)` `=cmd` `${…}` `$[…]` `~[…]` `(e:…)` `(+…)` `} always {` `<#`. Reads the with-double-quotes view: bash runs substitutions inside "…" but not inside '…'. */
export function checkCommandSubstitution({ withDoubleQuotes: text }: CheckContext): Hit | null {
  if (hasUnescapedBacktick(text)) {
    return hit('DANGEROUS_PATTERNS_COMMAND_SUBSTITUTION', 'Command contains backticks (`) for command substitution');
  }
  const p = PATTERNS.find((x) => x.found(text));
  return p ? hit('DANGEROUS_PATTERNS_COMMAND_SUBSTITUTION', `Command contains ${p.message}`, 1) : null;
}
