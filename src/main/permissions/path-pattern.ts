// The path part of a `Read(...)` / `Edit(...)` rule, read as Claude Code documents it: gitignore-style
// globs with four anchors — `//abs` (filesystem root), `~/x` (home), `/x` (project root), and `x` or
// `./x` (the current directory). Pure: the caller supplies the anchor directories.
import path from 'node:path';
import { globToRegExpSource } from '../fs/gitignore-glob';

export type PathAnchor = 'root' | 'home' | 'project' | 'cwd';

export interface PathPattern {
  anchor: PathAnchor;
  /** The glob below the anchor, without leading or trailing `/`. */
  glob: string;
  /** gitignore: a pattern with no `/` (other than a trailing one) matches at any depth below its anchor. */
  anyDepth: boolean;
  /** A trailing `/`: only directories (so only what lies inside them, for a file). */
  dirOnly: boolean;
  regex: RegExp;
  /** Case-insensitive twin, for deny/ask rules on case-insensitive file systems. */
  regexI: RegExp;
}

export type PathPatternResult = { ok: true; pattern: PathPattern } | { ok: false; error: string };

/** Parses once; the caller caches (rules are re-evaluated on every call). */
export function parsePathPattern(content: string): PathPatternResult {
  let rest = content.trim();
  if (rest === '') return { ok: false, error: 'an empty path pattern' };
  let anchor: PathAnchor;
  let anchored: boolean;
  if (rest.startsWith('//')) {
    anchor = 'root';
    rest = rest.slice(2);
    anchored = true;
  } else if (rest === '~' || rest.startsWith('~/')) {
    anchor = 'home';
    rest = rest.slice(2);
    anchored = true;
  } else if (rest.startsWith('/')) {
    anchor = 'project';
    rest = rest.slice(1);
    anchored = true;
  } else if (rest.startsWith('./')) {
    // `./x` names a path below the current directory, as a path would; never "x at any depth".
    anchor = 'cwd';
    rest = rest.replace(/^(\.\/)+/, '');
    anchored = true;
  } else {
    anchor = 'cwd';
    anchored = false;
  }
  const dirOnly = rest.endsWith('/');
  rest = rest.replace(/\/+$/, '');
  // gitignore: a separator at the start or in the middle anchors the pattern.
  const anyDepth = !anchored && !rest.includes('/');
  if (rest === '') rest = '**';
  let source: string;
  try {
    source = globToRegExpSource(anyDepth ? `**/${rest}` : rest);
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  return {
    ok: true,
    pattern: { anchor, glob: rest, anyDepth, dirOnly, regex: new RegExp(source, 's'), regexI: new RegExp(source, 'si') },
  };
}

/** `rel` below `base` with `/` separators, or null when `abs` is not inside `base`. */
export function relativeInside(base: string, abs: string): string | null {
  const rel = path.relative(base, abs);
  if (rel === '') return '';
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep).join('/');
}

export interface PathTarget {
  /** Absolute, normalised. */
  abs: string;
  /** A folder (Glob/Grep's search root): the rule must speak for what lies inside it. */
  isDir: boolean;
}

/** A file name no glob is written for: probes "everything inside this folder". */
const PROBE = '\u0000agent-desk-probe';

/**
 * Whether the pattern covers `target` below `anchorDir`. gitignore's "a matched folder covers all it
 * contains" applies, so the path itself or any folder above it may match. A folder target is covered
 * when the folder (or one above it) matches, or when any file and any sub-folder file inside it would.
 */
export function pathPatternCovers(p: PathPattern, anchorDir: string, target: PathTarget, caseInsensitive = false): boolean {
  const rel = relativeInside(anchorDir, target.abs);
  if (rel === null) return false;
  const re = caseInsensitive ? p.regexI : p.regex;
  const parts = rel === '' ? [] : rel.split('/');
  // Ancestors (folders) first, then the path itself.
  for (let i = 1; i < parts.length; i++) if (re.test(parts.slice(0, i).join('/'))) return true;
  if (parts.length > 0 && (!p.dirOnly || target.isDir) && re.test(rel)) return true;
  if (target.isDir) {
    const inside = rel === '' ? PROBE : `${rel}/${PROBE}`;
    return re.test(inside) && re.test(`${inside}/${PROBE}`);
  }
  return false;
}
