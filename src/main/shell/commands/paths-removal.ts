// BA8: the removals (`rm -rf /`, `rm -rf ~`, the working folder, …) that always ask whatever the rules say.
import path from 'node:path';
import type { SimpleCommand } from '../types';
import { hasGlob, parseArgs, programBase } from './argv';
import { isInside, resolvePath, type PathContext } from './paths-inside';

export interface DangerousRemoval {
  /** The operand as written. */
  target: string;
  /** What it would remove, in plain words. */
  reason: string;
}

const HOME_VAR = /^["']?\$(?:HOME|\{HOME\})["']?\/*$/;
/** Folders holding each user's home: removing one of them removes a person's files. */
const HOMES_PARENTS = new Set(['/home', '/Users']);

/**
 * BA8: `rm`/`rmdir` aimed at the file system root, a home folder, a top-level system folder, the
 * working directories or a folder above them, `.`/`..`, or everything in the current folder (`*`).
 * These ask whatever the rules say. `ctx` places relative paths; without it only the written text is judged.
 */
export function isDangerousRemoval(c: SimpleCommand, ctx?: Partial<PathContext>): DangerousRemoval | null {
  const name = programBase(c);
  if (name !== 'rm' && name !== 'rmdir') return null;
  const targets = parseArgs(c.argv.slice(1)).operands;
  for (const target of targets) {
    const reason = removalReason(target, ctx ?? {});
    if (reason) return { target, reason };
  }
  return null;
}

function removalReason(t: string, ctx: Partial<PathContext>): string | null {
  if (HOME_VAR.test(t)) return 'it removes your home folder ($HOME)';
  if (/^~[^/]/.test(t)) return `it removes another user's home folder (${t})`;
  // `dir/*` and `*` remove everything in dir: judge dir. `dir/` is dir.
  const segments = t.split(/\/+/);
  let everything = false;
  while (segments.length > 0 && /^\**$/.test(segments.at(-1)!) && !(segments.length === 1 && segments[0] === '')) {
    if (segments.at(-1) !== '') everything = true;
    segments.pop();
  }
  const dir = segments.length === 0 ? '.' : segments.length === 1 && segments[0] === '' ? '/' : segments.join('/') || '/';
  const what = everything ? 'everything in ' : '';
  if (dir === '.' || /(?:^|\/)\.$/.test(dir)) return `it removes ${what}the current folder (${t})`;
  if (/(?:^|\/)\.\.$/.test(dir)) return `it removes ${what}the folder above (${t})`;
  if (/(?:^|\/)\.\*$/.test(dir)) return `${t} can match .. (the folder above) in some shells`;
  if (dir === '~') return `it removes ${what}your home folder (${t})`;
  const resolved = resolvePath(dir, ctx.cwd ?? null, ctx.home);
  if (resolved === null) return null;
  const root = path.parse(resolved).root;
  const home = ctx.home === undefined ? null : path.resolve(ctx.home);
  if (hasGlob(dir)) {
    // The pattern may match whatever sits in the folder before it.
    if (resolved === root) return `${t} may match a top-level folder of the system`;
    if (resolved === home) return `${t} may match folders in your home folder`;
    return null;
  }
  if (resolved === root) return `it removes ${what}the whole file system (${t})`;
  if (resolved === home) return `it removes ${what}your home folder (${t})`;
  if (path.dirname(resolved) === root) return `it removes ${what}${resolved}, a top-level folder of the system`;
  if (HOMES_PARENTS.has(path.dirname(resolved))) return `it removes ${what}${resolved}, a user's home folder`;
  for (const wd of [...(ctx.workingDirs ?? []), ...(ctx.cwd ? [ctx.cwd] : [])]) {
    const d = path.resolve(wd);
    if (resolved === d) return `it removes ${what}the working folder ${d}`;
    if (isInside(d, resolved)) return `it removes ${what}${resolved}, which holds the working folder ${d}`;
  }
  return null;
}
