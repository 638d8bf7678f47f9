// BA1 #1: a command that starts like the tail of another one (a tab, a flag, an operator).
import { hit, type CheckContext, type Hit } from './types';

export function checkIncomplete({ original }: CheckContext): Hit | null {
  const start = original.length - original.trimStart().length;
  const first = original[start];
  // Claude Code's /^\s*\t/: any tab among the leading blanks, as pasted from an indented script.
  if (original.slice(0, start).includes('\t')) {
    return hit('INCOMPLETE_COMMANDS', 'Command appears to be an incomplete fragment (starts with tab)', 1);
  }
  if (first === '-') {
    return hit('INCOMPLETE_COMMANDS', 'Command appears to be an incomplete fragment (starts with flags)', 2);
  }
  const rest = original.slice(start);
  if (rest.startsWith('&&') || rest.startsWith('||') || first === ';' || first === '>' || first === '<') {
    return hit('INCOMPLETE_COMMANDS', 'Command appears to be a continuation line (starts with operator)', 3);
  }
  return null;
}
