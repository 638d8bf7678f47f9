// The path part of a `Read(...)` / `Edit(...)` rule, read as Claude Code documents it: gitignore-style
// globs with four anchors — `//abs` (filesystem root), `~/x` (home), `/x` (the rule's settings source;
// the project root for project settings), and `x` or `./x` (the current directory). Allow rules and
// deny/ask rules read a relative single-folder pattern at different depths. Pure: the caller supplies
// the anchor directories.
import path from 'node:path';
import type { Matcher } from '../base/automaton';
import { globMatcher } from '../fs/gitignore-glob';
import type { RuleBehavior } from './types';

export type PathAnchor = 'root' | 'home' | 'project' | 'cwd';

/** One reading of the glob below the anchor: the allow rules' or the deny and ask rules'. */
export interface PathGlob {
  /** gitignore: a pattern with no `/` (other than a trailing one) matches at any depth below its anchor. */
  anyDepth: boolean;
  /** Linear-time: a rule is user input and must never freeze the app (PX8). */
  regex: Matcher;
  /** Case-insensitive twin, for deny/ask rules on case-insensitive file systems. */
  regexI: Matcher;
}

export interface PathPattern {
  anchor: PathAnchor;
  /** The glob below the anchor, without leading or trailing `/`. */
  glob: string;
  /** A trailing `/`: only directories (so only what lies inside them, for a file). */
  dirOnly: boolean;
  /** How allow rules read it. */
  allow: PathGlob;
  /** How deny and ask rules read it (they may reach deeper; docs: permissions, "Read and Edit"). */
  denyOrAsk: PathGlob;
}

export type PathPatternResult = { ok: true; pattern: PathPattern } | { ok: false; error: string };

/**
 * A relative pattern with a single directory segment (`secrets/**`, and — our reading — `secrets/*`):
 * deny and ask rules match that folder name at any depth (docs: "Read(secrets/**) matches a directory
 * named secrets at any depth under the current directory"); allow rules only at the anchor.
 */
function singleDirSegment(glob: string): boolean {
  const parts = glob.split('/');
  return parts.length === 2 && parts[0] !== '' && !parts[0]!.includes('**') && /^\*+$/.test(parts[1]!);
}

function compile(glob: string, anyDepth: boolean): PathGlob {
  const full = anyDepth && !glob.startsWith('**/') ? `**/${glob}` : glob;
  return { anyDepth, regex: globMatcher(full), regexI: globMatcher(full, true) };
}

/** Parses once; the caller caches (rules are re-evaluated on every call). */
export function parsePathPattern(content: string): PathPatternResult {
  let rest = content.trim();
  if (rest === '') return { ok: false, error: 'an empty path pattern' };
  let anchor: PathAnchor = 'cwd';
  // `./x` names a path below the current directory: allow rules read it anchored there.
  let dotSlash = false;
  if (rest.startsWith('//')) {
    anchor = 'root';
    rest = rest.slice(2);
  } else if (rest === '~' || rest.startsWith('~/')) {
    anchor = 'home';
    rest = rest.slice(2);
  } else if (rest.startsWith('/')) {
    anchor = 'project';
    rest = rest.slice(1);
  } else if (rest.startsWith('./')) {
    dotSlash = true;
    rest = rest.replace(/^(\.\/)+/, '');
  }
  const dirOnly = rest.endsWith('/');
  rest = rest.replace(/\/+$/, '').replace(/\/{2,}/g, '/');
  if (rest === '') rest = '**';
  // gitignore: a separator at the start or in the middle anchors the pattern.
  const relative = anchor === 'cwd';
  const noSlash = !rest.includes('/');
  try {
    return {
      ok: true,
      pattern: {
        anchor,
        glob: rest,
        dirOnly,
        allow: compile(rest, relative && !dotSlash && noSlash),
        // Our reading: in deny and ask rules `./x` is the same rule as `x` (the docs list both as one form).
        denyOrAsk: compile(rest, relative && (noSlash || singleDirSegment(rest))),
      },
    };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
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
export function pathPatternCovers(p: PathPattern, anchorDir: string, target: PathTarget, caseInsensitive = false, behavior: RuleBehavior = 'allow'): boolean {
  // On a case-insensitive file system `/Work/Proj` is `/work/proj`: the anchor compares without case too.
  const rel = caseInsensitive ? relativeInside(anchorDir.toLowerCase(), target.abs.toLowerCase()) : relativeInside(anchorDir, target.abs);
  if (rel === null) return false;
  const g = behavior === 'allow' ? p.allow : p.denyOrAsk;
  const re = caseInsensitive ? g.regexI : g.regex;
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
