// The command request kind's words, pure (BA9, DK4): each path a part touches as a person reads it
// ("build — a folder in the project: 214 files, 3.1 MB"), and the line's headline facts.
import type { TouchedPath } from '../../../../shared/permissions/command-explanation';
import { formatBytes } from '../../../../shared/format-bytes';
import { displayPath } from '../../tools/shared/paths';

const ACCESS_WORDS: Record<TouchedPath['access'], string> = { read: 'read', write: 'changed', delete: 'deleted' };

const count = (n: number, one: string, many: string): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What is at the path now: "a folder: 214 files, 3.1 MB", "a file of 12 KB", "nothing there yet". */
export function contentsWords(p: TouchedPath): string | null {
  if (p.pattern) return 'files matching a pattern';
  if (p.exists === false) return p.access === 'read' ? 'not found' : 'nothing there yet';
  const c = p.contents;
  if (c === null) return 'could not be looked at';
  if (!c) return null;
  if (c.kind === 'file') return `a file of ${formatBytes(c.bytes)}`;
  if (c.kind === 'other') return 'a special file';
  if (c.files === 0 && !c.more) return 'an empty folder';
  const at = c.more ? 'at least ' : '';
  return `a folder: ${at}${count(c.files, 'file', 'files')}, ${at}${formatBytes(c.bytes)}`;
}

export function whereWords(p: TouchedPath): string {
  if (p.where === 'project') return 'in the project';
  if (p.where === 'outside') return 'outside the project';
  return 'somewhere Agent Desk can’t place';
}

/** One line per path: "build — deleted · in the project · a folder: 214 files, 3.1 MB". */
export function pathLine(p: TouchedPath, projectDir: string | null): { path: string; facts: string[] } {
  const rel = p.resolved && !p.pattern ? displayPath(p.resolved, projectDir) : p.path;
  const shown = rel === '.' ? 'the project folder' : rel;
  const facts = [ACCESS_WORDS[p.access], whereWords(p)];
  const contents = contentsWords(p);
  if (contents) facts.push(contents);
  return { path: shown, facts };
}
