// Which ignore files apply to a path: each directory's .gitignore, .git/info/exclude, .ignore and
// .rgignore, linked to its parent's, and rg's precedence among them.

import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { IgnoreRules, type IgnoreMatch } from '../../fs/gitignore-glob';

/** The ignore files of one directory, linked to its parent's. */
export interface IgnoreLayer {
  dir: string;
  /** `.git` exists here: the repository root, where .gitignore lookups stop. */
  hasGit: boolean;
  /** This directory or an ancestor is in a git repository (rg applies .gitignore only then). */
  anyGit: boolean;
  gitignore?: IgnoreRules;
  gitExclude?: IgnoreRules;
  dotIgnore?: IgnoreRules;
  rgIgnore?: IgnoreRules;
  parent?: IgnoreLayer;
}

function readRules(file: string): IgnoreRules | undefined {
  try {
    const rules = IgnoreRules.parse(readFileSync(file, 'utf8'));
    return rules.isEmpty ? undefined : rules;
  } catch {
    return undefined;
  }
}

function exists(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/** Loads `dir`'s ignore files. `names` (the directory's listing, when known) saves the lookups. */
export function loadIgnoreLayer(dir: string, parent: IgnoreLayer | undefined, names?: ReadonlySet<string>): IgnoreLayer {
  const has = (name: string) => (names ? names.has(name) : exists(path.join(dir, name)));
  const hasGit = has('.git');
  const layer: IgnoreLayer = { dir, hasGit, anyGit: hasGit || Boolean(parent?.anyGit) };
  const gitignore = has('.gitignore') ? readRules(path.join(dir, '.gitignore')) : undefined;
  const gitExclude = hasGit ? readRules(path.join(dir, '.git', 'info', 'exclude')) : undefined;
  const dotIgnore = has('.ignore') ? readRules(path.join(dir, '.ignore')) : undefined;
  const rgIgnore = has('.rgignore') ? readRules(path.join(dir, '.rgignore')) : undefined;
  if (gitignore) layer.gitignore = gitignore;
  if (gitExclude) layer.gitExclude = gitExclude;
  if (dotIgnore) layer.dotIgnore = dotIgnore;
  if (rgIgnore) layer.rgIgnore = rgIgnore;
  if (parent) layer.parent = parent;
  return layer;
}

/** The layers of every ancestor of `dir` (not `dir` itself), root first: rg reads parents' ignore files too. */
export function loadAncestorLayers(dir: string): IgnoreLayer | undefined {
  const chain: string[] = [];
  for (let cur = path.dirname(path.resolve(dir)); ; cur = path.dirname(cur)) {
    chain.unshift(cur);
    if (path.dirname(cur) === cur) break;
  }
  if (path.resolve(dir) === chain[0]) return undefined;
  let layer: IgnoreLayer | undefined;
  for (const d of chain) layer = loadIgnoreLayer(d, layer);
  return layer;
}

export function toSlash(rel: string): string {
  return path.sep === '/' ? rel : rel.split(path.sep).join('/');
}

/**
 * ripgrep's precedence (ignore crate, `matched_ignore`): .rgignore beats .ignore beats .gitignore beats
 * .git/info/exclude; within each kind the deepest directory with a matching rule wins; .gitignore and
 * exclude count only inside a repository and not above its root.
 */
export function matchIgnoreLayers(layer: IgnoreLayer, absPath: string, isDir: boolean): IgnoreMatch {
  let rg: IgnoreMatch;
  let dot: IgnoreMatch;
  let gi: IgnoreMatch;
  let ex: IgnoreMatch;
  const anyGit = layer.anyGit;
  let sawGit = false;
  for (let l: IgnoreLayer | undefined = layer; l; l = l.parent) {
    const needGit = anyGit && !sawGit && ((gi === undefined && l.gitignore) || (ex === undefined && l.gitExclude));
    if ((rg === undefined && l.rgIgnore) || (dot === undefined && l.dotIgnore) || needGit) {
      const rel = toSlash(path.relative(l.dir, absPath));
      if (rg === undefined && l.rgIgnore) rg = l.rgIgnore.match(rel, isDir);
      if (dot === undefined && l.dotIgnore) dot = l.dotIgnore.match(rel, isDir);
      if (anyGit && !sawGit) {
        if (gi === undefined && l.gitignore) gi = l.gitignore.match(rel, isDir);
        if (ex === undefined && l.gitExclude) ex = l.gitExclude.match(rel, isDir);
      }
    }
    sawGit = sawGit || l.hasGit;
  }
  return rg ?? dot ?? gi ?? ex;
}
