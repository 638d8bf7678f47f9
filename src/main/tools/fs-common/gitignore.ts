// Which files a search sees, decided the way ripgrep decides it: gitignore-style rules (.gitignore,
// .git/info/exclude, .ignore, .rgignore) layered per directory with rg's precedence, and the walk that
// applies them. Glob and Grep's built-in search share it, so both agree with `rg` on what is ignored.
//
// Why not the `ignore` package: it applies git's "a file under an ignored directory is ignored" to
// every path it is given, so a search started inside an ignored directory (node_modules/react) would
// find nothing; rg matches each path on its own and prunes while walking, which is what is done here.
import { lstatSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import path from 'node:path';

/** A rule's verdict on one path: ignored, re-included (`!rule`), or no rule matched. */
export type IgnoreMatch = 'ignore' | 'whitelist' | undefined;

const REGEX_SYNTAX = /[\\^$.*+?()[\]{}|/]/;

function literal(ch: string): string {
  return REGEX_SYNTAX.test(ch) ? `\\${ch}` : ch;
}

/** Inside `[...]`: everything a class could misread is escaped. */
function classLiteral(ch: string): string {
  return /[\\\]^[-]/.test(ch) ? `\\${ch}` : ch;
}

/**
 * One glob as ripgrep's globset reads it (literal_separator, backslash escapes): `*` and `?` never
 * cross `/`, `**` spans directories only as a whole path component, `[...]`/`[!...]` classes, `{a,b}`
 * alternates. Returns an anchored regular expression source; throws on a malformed glob.
 */
export function globToRegExpSource(glob: string): string {
  return `^${compileGlob([...glob], false)}$`;
}

function compileGlob(chars: string[], inAlternate: boolean): string {
  let out = '';
  let i = 0;
  const n = chars.length;
  while (i < n) {
    const c = chars[i]!;
    if (c === '\\') {
      out += i + 1 < n ? literal(chars[i + 1]!) : '\\\\';
      i += 2;
    } else if (c === '*') {
      if (chars[i + 1] === '*') {
        const atStart = i === 0 || chars[i - 1] === '/';
        const after = i + 2;
        const atEnd = after === n || chars[after] === '/';
        if (atStart && atEnd) {
          if (after === n) {
            out += '.*';
            i = after;
          } else {
            // `**/`: zero or more whole directories.
            out += '(?:.*/)?';
            i = after + 1;
          }
          continue;
        }
        // `**` inside a component is an ordinary star.
        out += '[^/]*';
        i = after;
      } else {
        out += '[^/]*';
        i += 1;
      }
    } else if (c === '?') {
      out += '[^/]';
      i += 1;
    } else if (c === '[') {
      const end = classEnd(chars, i);
      if (end < 0) throw new SyntaxError(`unclosed character class in glob ${JSON.stringify(chars.join(''))}`);
      out += compileClass(chars.slice(i + 1, end));
      i = end + 1;
    } else if (c === '{') {
      if (inAlternate) throw new SyntaxError(`nested alternate groups are not allowed in glob ${JSON.stringify(chars.join(''))}`);
      const { alternatives, end } = splitAlternates(chars, i);
      out += `(?:${alternatives.map((a) => compileGlob(a, true)).join('|')})`;
      i = end + 1;
    } else {
      out += literal(c);
      i += 1;
    }
  }
  return out;
}

/** Index of the `]` closing the class opened at `start` (a `]` first in the class is literal). */
function classEnd(chars: string[], start: number): number {
  let j = start + 1;
  if (chars[j] === '!' || chars[j] === '^') j++;
  if (chars[j] === ']') j++;
  for (; j < chars.length; j++) {
    if (chars[j] === ']') return j;
  }
  return -1;
}

function compileClass(body: string[]): string {
  let negated = false;
  let k = 0;
  if (body[0] === '!' || body[0] === '^') {
    negated = true;
    k = 1;
  }
  let inner = '';
  for (; k < body.length; k++) {
    const ch = body[k]!;
    const isRange = ch !== undefined && body[k + 1] === '-' && k + 2 < body.length;
    if (isRange) {
      inner += `${classLiteral(ch)}-${classLiteral(body[k + 2]!)}`;
      k += 2;
    } else {
      inner += classLiteral(ch);
    }
  }
  // A negated class never matches the separator (git's FNM_PATHNAME).
  return negated ? `[^/${inner}]` : `[${inner}]`;
}

function splitAlternates(chars: string[], start: number): { alternatives: string[][]; end: number } {
  const alternatives: string[][] = [[]];
  for (let j = start + 1; j < chars.length; j++) {
    const ch = chars[j]!;
    if (ch === '\\' && j + 1 < chars.length) {
      alternatives[alternatives.length - 1]!.push(ch, chars[j + 1]!);
      j++;
    } else if (ch === '[') {
      const end = classEnd(chars, j);
      if (end < 0) break;
      alternatives[alternatives.length - 1]!.push(...chars.slice(j, end + 1));
      j = end;
    } else if (ch === '{') {
      throw new SyntaxError(`nested alternate groups are not allowed in glob ${JSON.stringify(chars.join(''))}`);
    } else if (ch === ',') {
      alternatives.push([]);
    } else if (ch === '}') {
      return { alternatives, end: j };
    } else {
      alternatives[alternatives.length - 1]!.push(ch);
    }
  }
  throw new SyntaxError(`unclosed alternate group in glob ${JSON.stringify(chars.join(''))}`);
}

interface Rule {
  re: RegExp;
  whitelist: boolean;
  dirOnly: boolean;
}

/** One gitignore-syntax line as ripgrep's ignore crate reads it, or undefined for blanks/comments. */
export function parseIgnoreLine(raw: string): Rule | undefined {
  let line = raw;
  if (line.startsWith('#')) return undefined;
  if (!line.endsWith('\\ ')) line = line.trimEnd();
  if (line === '') return undefined;
  let whitelist = false;
  let anchored = false;
  if (line.startsWith('\\!') || line.startsWith('\\#')) {
    // The escaped first character is a literal; the glob compiler reads `\!` as `!`.
  } else {
    if (line.startsWith('!')) {
      whitelist = true;
      line = line.slice(1);
    }
    if (line.startsWith('/')) {
      anchored = true;
      line = line.slice(1);
    }
  }
  let dirOnly = false;
  if (line.endsWith('/')) {
    dirOnly = true;
    line = line.slice(0, -1);
    if (line.endsWith('\\')) line = line.slice(0, -1);
  }
  let glob = line;
  // No slash (besides a trailing one): the rule matches a name at any depth.
  if (!anchored && !line.includes('/') && !(glob.startsWith('**/') || glob === '**')) glob = `**/${glob}`;
  // `dir/**` matches what is inside the directory, not the directory itself.
  if (glob.endsWith('/**')) glob = `${glob}/*`;
  try {
    return { re: new RegExp(globToRegExpSource(glob), 's'), whitelist, dirOnly };
  } catch {
    // rg skips a malformed line (and warns); so do we.
    return undefined;
  }
}

/** The rules of one ignore file (or one list of globs), matched against paths relative to its directory. */
export class IgnoreRules {
  private constructor(private readonly rules: readonly Rule[]) {}

  static parse(text: string): IgnoreRules {
    const rules: Rule[] = [];
    for (const line of text.split(/\r?\n/)) {
      const rule = parseIgnoreLine(line);
      if (rule) rules.push(rule);
    }
    return new IgnoreRules(rules);
  }

  static fromLines(lines: readonly string[]): IgnoreRules {
    return IgnoreRules.parse(lines.join('\n'));
  }

  get isEmpty(): boolean {
    return this.rules.length === 0;
  }

  /** Rules without `!`: ripgrep's overrides count these as the whitelist globs. */
  get ignoreCount(): number {
    return this.rules.filter((r) => !r.whitelist).length;
  }

  /** `rel`: '/'-separated, relative to the rules' directory. The last matching rule decides. */
  match(rel: string, isDir: boolean): IgnoreMatch {
    for (let i = this.rules.length - 1; i >= 0; i--) {
      const rule = this.rules[i]!;
      if (rule.dirOnly && !isDir) continue;
      if (rule.re.test(rel)) return rule.whitelist ? 'whitelist' : 'ignore';
    }
    return undefined;
  }
}

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

/**
 * Synchronous file system calls are several times faster than their promise forms for thousands of
 * small files; this keeps them from holding the event loop: work runs in slices of SLICE_MS.
 */
export const SLICE_MS = 10;

export function createTimeSlicer(sliceMs = SLICE_MS): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
}

function toSlash(rel: string): string {
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

export interface WalkOptions {
  signal?: AbortSignal;
  /** rg's `--glob` overrides, given the path relative to the walk root; consulted before any ignore file. */
  overrides?: (rel: string, isDir: boolean) => IgnoreMatch;
  /** rg's `--type` selection, given a file's name; consulted after the ignore files. */
  fileType?: (name: string) => IgnoreMatch;
  /** A directory that could not be listed (permissions): the walk goes on without it. */
  onError?: (p: string, err: unknown) => void;
  /** 1 = only the root's own entries; unset = no limit. */
  maxDepth?: number;
}

/**
 * Every regular file under `root` a search should see, depth first in name order. Symbolic links are
 * not followed (rg's default); ignored directories are pruned, never listed. `root` itself is never
 * matched against the rules: naming a directory searches it even when it is ignored.
 */
export async function* walkFiles(root: string, opts: WalkOptions = {}): AsyncGenerator<string> {
  const absRoot = path.resolve(root);
  const ancestors = loadAncestorLayers(absRoot);
  const breathe = createTimeSlicer();
  const stack: Array<{ dir: string; parent: IgnoreLayer | undefined; depth: number }> = [{ dir: absRoot, parent: ancestors, depth: 1 }];
  while (stack.length > 0) {
    await breathe();
    if (opts.signal?.aborted) return;
    const { dir, parent, depth } = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      opts.onError?.(dir, err);
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const layer = loadIgnoreLayer(dir, parent, new Set(entries.map((e) => e.name)));
    const subdirs: string[] = [];
    for (const entry of entries) {
      const isDir = entry.isDirectory();
      if (!isDir && !entry.isFile()) continue;
      const abs = path.join(dir, entry.name);
      if (!included(abs, isDir, entry.name, absRoot, layer, opts)) continue;
      if (isDir) {
        if (opts.maxDepth === undefined || depth < opts.maxDepth) subdirs.push(abs);
      } else {
        yield abs;
      }
    }
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push({ dir: subdirs[i]!, parent: layer, depth: depth + 1 });
  }
}

/** rg's order (ignore crate, `Ignore::matched`): overrides, then ignore files, then file types. */
function included(abs: string, isDir: boolean, name: string, root: string, layer: IgnoreLayer, opts: WalkOptions): boolean {
  if (opts.overrides) {
    const o = opts.overrides(toSlash(path.relative(root, abs)), isDir);
    if (o === 'ignore') return false;
    if (o === 'whitelist') return true;
  }
  if (matchIgnoreLayers(layer, abs, isDir) === 'ignore') return false;
  if (!isDir && opts.fileType && opts.fileType(name) === 'ignore') return false;
  return true;
}
