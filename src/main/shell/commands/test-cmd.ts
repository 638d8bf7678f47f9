// Test helper: SimpleCommands built by hand, as the parser would give them after quote removal.
import type { Redirect, SimpleCommand } from '../types';

const quote = (w: string): string => (/^[\w@%+=:,./~-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

/** `cmd('git', 'status')`: argv as given, text re-quoted, no assignments or redirections. */
export function cmd(...argv: string[]): SimpleCommand {
  return { text: argv.map(quote).join(' '), env: [], argv, redirects: [] };
}

/** The same command with a redirection: `redirect(cmd('ls'), '>', 'out')`. */
export function redirect(c: SimpleCommand, op: string, target: string, fd?: number): SimpleCommand {
  const r: Redirect = fd === undefined ? { op, target } : { op, target, fd };
  return { ...c, text: `${c.text} ${fd ?? ''}${op} ${quote(target)}`, redirects: [...c.redirects, r] };
}

/** The same command with a leading assignment: `withEnv(cmd('git', 'log'), 'PAGER', 'x')`. */
export function withEnv(c: SimpleCommand, name: string, value: string): SimpleCommand {
  return { ...c, text: `${name}=${quote(value)} ${c.text}`, env: [...c.env, { name, value }] };
}

/** A command line's words split on spaces, for table rows: `words('git log -5')`. */
export const words = (line: string): SimpleCommand => cmd(...line.split(' ').filter(Boolean));
