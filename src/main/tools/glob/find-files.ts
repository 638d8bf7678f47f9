// Glob's search: the pattern's literal directory prefix is where the walk starts (so naming an ignored
// directory still searches it, as rg does with an explicit path), picomatch matches the rest, .gitignore
// rules prune the walk (through `rg --files` when rg is given, else the JS walk), and the matches come
// back newest first.
import { lstatSync, statSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { GREP_VCS_DIRECTORIES } from '../../../shared/tools/grep';
import type { Launcher } from '../../process/warm-launch';
import { createTimeSlicer, walkFiles, type IgnoreMatch } from '../fs-common/gitignore';
import { isDirectory } from '../../fs/is-directory';
import { rgListFiles } from './rg-files';

export interface GlobPlan {
  /** Where the walk starts: the search directory joined with the pattern's literal prefix. */
  walkRoot: string;
  /** The part of the pattern matched below walkRoot ('' for a pattern without wildcards). */
  glob: string;
  /** The pattern has no wildcard: it names one path. */
  literal: boolean;
}

/** Splits `pattern` (relative to `searchDir`, or absolute) into a walk root and the glob below it. */
export function planGlob(pattern: string, searchDir: string): GlobPlan {
  const scan = picomatch.scan(pattern);
  if (!scan.isGlob) {
    // Escapes in a wildcard-free pattern only protect characters: `a\*b` names the file `a*b`.
    return { walkRoot: path.resolve(searchDir, pattern.replace(/\\(.)/g, '$1')), glob: '', literal: true };
  }
  return { walkRoot: path.resolve(searchDir, scan.base), glob: scan.glob, literal: false };
}

const VCS = new Set<string>(GREP_VCS_DIRECTORIES);
const skipVcs = (rel: string, isDir: boolean): IgnoreMatch => (isDir && VCS.has(path.posix.basename(rel)) ? 'ignore' : undefined);

/** Path segments a glob can reach, or undefined when `**` lets it reach any depth. */
function reachableDepth(glob: string): number | undefined {
  return glob.includes('**') ? undefined : glob.split('/').length;
}

export interface FoundFiles {
  files: string[];
  truncated: boolean;
}

// Sync, like the permission stage's check of the same path: one syscall, no event-loop round trip.
function isFile(p: string): boolean {
  try {
    return lstatSync(p).isFile();
  } catch {
    return false;
  }
}

/** How the tree is listed: `rg --files` when `rgPath` is set (the JS walk if rg fails), else the JS walk. */
export interface ListingOptions {
  rgPath?: string;
  /** rg's environment. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Told when rg failed and the JS walk answered instead. */
  onRgFallback?: (err: unknown) => void;
  /** Starts rg (default: a spawn). */
  launch?: Launcher;
  /** Files a permission rule keeps out of reads: never listed (they do not count toward the limit). */
  hidden?: (abs: string) => boolean;
}

async function walkMatches(plan: GlobPlan, isMatch: (rel: string) => boolean, depth: number | undefined, signal: AbortSignal | undefined): Promise<string[]> {
  const matched: string[] = [];
  for await (const file of walkFiles(plan.walkRoot, { signal, overrides: skipVcs, ...(depth !== undefined ? { maxDepth: depth } : {}) })) {
    const rel = path.relative(plan.walkRoot, file).split(path.sep).join('/');
    if (isMatch(rel)) matched.push(file);
  }
  return matched;
}

/**
 * `picomatch(glob, { dot: true })` as a plain predicate: the same test (`picomatch.test`: the exact
 * string, else the regex) without the result objects picomatch's matcher builds per call, which cost
 * more than the match itself over a listing of thousands of paths.
 */
export function globMatcher(glob: string): (rel: string) => boolean {
  const re = picomatch.makeRe(glob, { dot: true, windows: process.platform === 'win32' });
  return (rel) => rel !== '' && (rel === glob || re.test(rel));
}

/**
 * A file-name glob every match of `glob` satisfies (`*.ts` for a glob whose last segment is `*.ts`),
 * which rg can filter its listing by, or undefined when the last segment is not that simple. rg applies
 * file types after its ignore rules (a type never brings back an ignored file); `--glob` would not.
 */
export function fileNameFilter(glob: string): string | undefined {
  if (glob.startsWith('!')) return undefined; // a negated pattern matches what the filter would drop
  const last = glob.slice(glob.lastIndexOf('/') + 1);
  return /^\*\.[\w.-]+$/.test(last) ? last : undefined;
}

let matcherPrimed = false;

/** Compiles a typical pattern once, so the first real Glob does not run picomatch's parser cold. */
export function primeGlobMatcher(): void {
  if (matcherPrimed) return;
  matcherPrimed = true;
  const plan = planGlob('**/*.ts', '/');
  globMatcher(plan.glob)('src/a/b.ts');
}

/** Every file matching `plan`, newest modification first (ties by path), cut at `limit`. */
export async function findFiles(plan: GlobPlan, limit: number, signal?: AbortSignal, listing: ListingOptions = {}): Promise<FoundFiles> {
  let matched: string[] = [];
  if (plan.literal) {
    if (isFile(plan.walkRoot)) matched = [plan.walkRoot];
  } else if (isDirectory(plan.walkRoot)) {
    const isMatch = globMatcher(plan.glob);
    const depth = reachableDepth(plan.glob);
    if (listing.rgPath) {
      const fileName = fileNameFilter(plan.glob);
      try {
        matched = await rgListFiles(plan.walkRoot, isMatch, {
          rgPath: listing.rgPath,
          env: listing.env ?? process.env,
          ...(depth !== undefined ? { maxDepth: depth } : {}),
          ...(fileName !== undefined ? { fileName } : {}),
          ...(signal ? { signal } : {}),
          ...(listing.launch ? { launch: listing.launch } : {}),
        });
      } catch (err) {
        listing.onRgFallback?.(err);
        matched = await walkMatches(plan, isMatch, depth, signal);
      }
    } else {
      matched = await walkMatches(plan, isMatch, depth, signal);
    }
  }
  const breathe = createTimeSlicer();
  const withTimes: Array<{ file: string; mtime: number }> = [];
  for (const file of matched) {
    let mtime = 0;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      // Gone since the walk: it sorts last.
    }
    withTimes.push({ file, mtime });
    await breathe();
  }
  withTimes.sort((a, b) => b.mtime - a.mtime || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  if (!listing.hidden) return { files: withTimes.slice(0, limit).map((x) => x.file), truncated: withTimes.length > limit };
  // Judged newest first and only until one past the limit: a rule check per listed file, not per file of the tree.
  const kept: string[] = [];
  for (const { file } of withTimes) {
    if (listing.hidden(file)) continue;
    kept.push(file);
    if (kept.length > limit) break;
  }
  return { files: kept.slice(0, limit), truncated: kept.length > limit };
}
