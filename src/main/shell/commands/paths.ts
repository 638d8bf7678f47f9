// BA8: the files a command reads and writes, its redirections included — from the table or a command's own reader.
import type { SimpleCommand } from '../types';
import { HARMLESS_TARGETS, programBase, redirectPaths } from './argv';
import { CUSTOM } from './paths-custom';
import { fromSpec, NO_PATHS, PATH_TABLE } from './paths-table';
import type { CommandPaths } from './paths-types';

export type { Access, CommandPaths } from './paths-types';

const unique = (xs: string[]): string[] => [...new Set(xs)];

/**
 * BA8: the files a command reads and writes, its redirections included; null when the command is not
 * in the table (its operands may or may not be files). `cd -` names no path it can know.
 */
export function pathsOf(c: SimpleCommand): CommandPaths | null {
  const name = programBase(c);
  const args = c.argv.slice(1);
  const redirects = redirectPaths(c);
  let own: CommandPaths | null;
  if (NO_PATHS.has(name)) own = { read: [], write: [] };
  else if (CUSTOM[name]) own = CUSTOM[name](args, c.argv);
  else if (PATH_TABLE[name]) own = fromSpec(PATH_TABLE[name], args);
  else own = null;
  if (!own) return null;
  if (name === 'cd') own = { read: own.read.filter((p) => p !== '-').slice(0, 1), write: [] };
  const drop = (xs: string[]): string[] => unique(xs.filter((p) => p !== '' && p !== '-' && !HARMLESS_TARGETS.has(p)));
  return { read: drop([...own.read, ...redirects.read]), write: drop([...own.write, ...redirects.write]) };
}
