// BA8: where a command's paths fall against the working directories — pure path math, no file system.
import path from 'node:path';
import type { Separator, SimpleCommand } from '../types';
import { hasGlob, programBase, redirectPaths } from './argv';
import { pathsOf } from './paths';
import type { Access } from './paths-types';

export interface PathContext {
  /** The folder the command runs in. */
  cwd: string;
  /** The folders the session may touch without asking. */
  workingDirs: readonly string[];
  home: string;
}

export interface CheckedPath {
  /** As the command names it. */
  path: string;
  access: Access;
  /** Absolute, normalised; a pattern is its folder (`src/*.ts` → …/src); null when it cannot be placed (`~bob`, after `cd -`). */
  resolved: string | null;
  inside: boolean;
}

export interface PathsCheck {
  /** false: the command is not in the table; only its redirections were checked. */
  known: boolean;
  paths: CheckedPath[];
  outside: CheckedPath[];
}

/** A line's paths, also command by command (for explaining each part). */
export interface LinePathsCheck extends PathsCheck {
  byCommand: PathsCheck[];
}

/** `child` is `dir` or below it. */
export function isInside(child: string, dir: string): boolean {
  const rel = path.relative(dir, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/**
 * Where a path points, by path math alone: `~` is home, relative paths start at cwd, a pattern
 * stands for the folder its first pattern segment sits in. null for `~user` (that home is unknown
 * without the system) and for a relative path when cwd is unknown.
 */
/** Stands for a folder level a pattern matches; no file name contains a NUL. */
const GLOB_LEVEL = '\0glob';

export function resolvePath(p: string, cwd: string | null, home: string | undefined): string | null {
  let rest = p;
  let start: string | null = cwd;
  if (p === '~' || p.startsWith('~/')) {
    start = home ?? null;
    rest = p.slice(1).replace(/^\/+/, '');
  } else if (p.startsWith('~')) return null;
  else if (path.isAbsolute(p)) {
    start = path.parse(p).root;
    rest = p.slice(start.length);
  }
  const segments = rest.split(/[\\/]+/);
  if (start === null) return null;
  // A pattern segment is one folder level (`**` perhaps none), and a `..` after it climbs back out:
  // `*/../../x` is beside the folder, not in it. The path stops at the first pattern still standing.
  const climbs = segments.slice(Math.max(0, segments.findIndex(hasGlob))).includes('..');
  const levels = climbs ? segments.filter((s) => s !== '**') : segments;
  const walked = path.resolve(start, ...levels.map((s) => (hasGlob(s) ? GLOB_LEVEL : s)));
  const cut = walked.indexOf(path.sep + GLOB_LEVEL);
  return cut === -1 ? walked : walked.slice(0, cut) || path.parse(walked).root;
}

function check(p: string, access: Access, cwd: string | null, ctx: PathContext): CheckedPath {
  const resolved = resolvePath(p, cwd, ctx.home);
  const inside = resolved !== null && ctx.workingDirs.some((d) => isInside(resolved, path.resolve(d)));
  return { path: p, access, resolved, inside };
}

function checkOne(c: SimpleCommand, cwd: string | null, ctx: PathContext): PathsCheck {
  const own = pathsOf(c);
  const found = own ?? redirectPaths(c);
  const paths = [...found.read.map((p) => check(p, 'read', cwd, ctx)), ...found.write.map((p) => check(p, 'write', cwd, ctx))];
  return { known: own !== null, paths, outside: paths.filter((p) => !p.inside) };
}

/** BA8: a command's paths, each placed against the working directories. */
export function checkPathsInside(c: SimpleCommand, ctx: PathContext): PathsCheck {
  return checkOne(c, ctx.cwd, ctx);
}

/**
 * A whole line: `cd x && cat y` reads x/y, so later parts are placed from where earlier `cd`s lead.
 * A `cd` inside a pipeline or sent to the background runs in a subshell and moves nothing.
 */
export function checkCommandLinePaths(cmds: readonly SimpleCommand[], separators: readonly Separator[], ctx: PathContext): LinePathsCheck {
  let cwd: string | null = ctx.cwd;
  const out: LinePathsCheck = { known: true, paths: [], outside: [], byCommand: [] };
  cmds.forEach((c, i) => {
    const r = checkOne(c, cwd, ctx);
    out.byCommand.push(r);
    out.known &&= r.known;
    out.paths.push(...r.paths);
    out.outside.push(...r.outside);
    const before = separators[i - 1];
    const after = separators[i];
    const inSubshell = [before, after].some((s) => s === '|' || s === '|&') || after === '&';
    if (programBase(c) === 'cd' && !inSubshell) {
      const target = pathsOf(c)?.read[0];
      cwd = target === undefined ? null : resolvePath(target, cwd, ctx.home);
    }
  });
  return out;
}
