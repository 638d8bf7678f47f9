// BA12: whether a Bash line only searches, reads or lists (so the UI can say "Searched…", "Read…",
// "Listed…" and group it with the file tools), following Claude Code's sets and exceptions. Shared: the
// renderer classifies what it shows, live or rebuilt from a saved conversation.
import type { SimpleCommand } from './types';

/** find's actions that write a file, delete, or run a program: never read-only (read-only-table.ts uses it too). */
export const FIND_UNSAFE_ACTIONS: ReadonlySet<string> = new Set([
  '-exec', '-execdir', '-ok', '-okdir', '-delete', '-rm', '-fprint', '-fprint0', '-fprintf', '-fls', '-files0-from',
]);

export type CommandKind = 'search' | 'read' | 'list';

export const SEARCH_COMMANDS: ReadonlySet<string> = new Set(['find', 'grep', 'rg', 'ag', 'ack', 'locate', 'which', 'whereis']);
export const READ_COMMANDS: ReadonlySet<string> = new Set(['cat', 'head', 'tail', 'less', 'more', 'wc', 'stat', 'file', 'strings', 'jq', 'awk', 'cut', 'sort', 'uniq', 'tr']);
export const LIST_COMMANDS: ReadonlySet<string> = new Set(['ls', 'tree', 'du']);
/** Say nothing about what the line does: `ls; echo done` is still a listing. */
export const NEUTRAL_COMMANDS: ReadonlySet<string> = new Set(['echo', 'printf', 'true', 'false', ':']);

const KNOWN = new Set([...SEARCH_COMMANDS, ...READ_COMMANDS, ...LIST_COMMANDS, ...NEUTRAL_COMMANDS]);

export interface Classification {
  /** What the line is shown as. A listing wins, then a search, then a read (`ls | grep x` lists). */
  kind: CommandKind;
  search: boolean;
  read: boolean;
  list: boolean;
}

/** Writes to a file: the line is then more than a look (descriptor copies and /dev/null are not). */
function writesFile(c: SimpleCommand): boolean {
  return c.redirects.some((r) => {
    if (/^&(?:\d+|-)$/.test(r.target) || (r.op === '>&' && /^(?:\d+|-)$/.test(r.target))) return false;
    return r.op.includes('>') && r.target !== '/dev/null';
  });
}

/** Why this part is not a plain look, beyond its name: sort -o, find -delete, `cat <<EOF` (writing text). */
function changesSomething(name: string, c: SimpleCommand): boolean {
  const args = c.argv.slice(1);
  if (name === 'sort') return args.some((w) => /^(?:-[a-zA-Z]*o|--output)/.test(w));
  if (name === 'find') {
    // `find . -exec grep x {} +` still only searches; any other action changes something.
    return args.some((w, i) => FIND_UNSAFE_ACTIONS.has(w) && !(/^-(?:exec|ok)/.test(w) && KNOWN.has(args[i + 1] ?? '')));
  }
  if (name === 'cat') return args.every((w) => w.startsWith('-')) && c.redirects.some((r) => r.op === '<<' || r.op === '<<-' || r.op === '<<<');
  return false;
}

/** BA12: the kind of a line made only of search, read and list commands (neutral ones aside); else null. */
export function classifyCommands(cmds: readonly SimpleCommand[]): Classification | null {
  let search = false;
  let read = false;
  let list = false;
  for (const c of cmds) {
    const name = (c.argv[0] ?? '').replace(/^\\/, '');
    if (!name || !KNOWN.has(name) || writesFile(c)) return null;
    if (NEUTRAL_COMMANDS.has(name)) continue;
    if (changesSomething(name, c)) return null;
    search ||= SEARCH_COMMANDS.has(name);
    read ||= READ_COMMANDS.has(name);
    list ||= LIST_COMMANDS.has(name);
  }
  if (!search && !read && !list) return null;
  return { kind: list ? 'list' : search ? 'search' : 'read', search, read, list };
}
