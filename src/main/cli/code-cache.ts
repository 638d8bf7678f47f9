// V8 code cache for the app's own bundle: a run compiles the bundle's functions as it first calls
// them, and a later run loads that machine-independent bytecode from disk instead of compiling again
// (start-up, and the first tool calls of a turn). Node ≥ 22.1 does this itself (module.enableCompileCache);
// on older Node the CommonJS compile step of files in the bundle's folder is done here through
// vm.Script with cachedData, and the cache is written at exit — after the run, so it holds every
// function the run compiled, not only the top level. A rejected or unreadable cache is ignored.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';

type Env = Readonly<Record<string, string | undefined>>;

/** Where the cache lives: the platform's per-user cache folder. */
export function codeCacheDir(env: Env = process.env, platform: NodeJS.Platform = process.platform, home = os.homedir()): string {
  if (env.AGENT_DESK_CODE_CACHE_DIR) return env.AGENT_DESK_CODE_CACHE_DIR;
  if (platform === 'win32') return path.join(env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'), 'agent-desk', 'code-cache');
  if (platform === 'darwin') return path.join(home, 'Library', 'Caches', 'agent-desk', 'code-cache');
  return path.join(env.XDG_CACHE_HOME || path.join(home, '.cache'), 'agent-desk', 'code-cache');
}

interface CompiledFile {
  script: vm.Script;
  cacheFile: string;
  /** A cache was used: nothing to write. */
  hit: boolean;
}

type CompileFn = (this: NodeJS.Module, content: string, filename: string) => unknown;
interface InternalModule {
  prototype: { _compile: CompileFn };
  wrap(content: string): string;
  _resolveFilename(request: string, parent: NodeJS.Module, isMain: boolean, options?: { paths?: string[] }): string;
  _cache: NodeJS.Dict<NodeJS.Module>;
  _extensions: NodeJS.RequireExtensions;
}

/** Caches of builds nobody ran for this long are deleted when a new one is written. */
const STALE_MS = 14 * 24 * 3600 * 1000;

function pruneStale(dir: string, now: number): void {
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.bin') && !name.endsWith('.tmp')) continue;
    const file = path.join(dir, name);
    try {
      const st = statSync(file);
      if (now - Math.max(st.atimeMs, st.mtimeMs) > STALE_MS) rmSync(file, { force: true });
    } catch {
      // Gone already.
    }
  }
}

/** What tells one version of a bundle file from another without reading it all: its inode, size and mtime. */
export interface FileStamp {
  ino: number;
  size: number;
  mtimeMs: number;
}

/**
 * The cache file's name for a file: its path, its stamp and this Node build (V8 itself checks only the
 * source's length, so a changed file of the same length must not find the old cache). A build writes
 * new files, so the stamp changes with the content; hashing the content instead cost ~5 ms of every
 * start-up (1.3 MB of bundle).
 */
export function cacheKey(filename: string, stamp: FileStamp): string {
  return createHash('sha1').update(`${process.version} ${process.arch}\0${filename}\0${stamp.ino}\0${stamp.size}\0${stamp.mtimeMs}`).digest('hex');
}

function stampOf(filename: string): FileStamp | null {
  try {
    const { ino, size, mtimeMs } = statSync(filename);
    return { ino, size, mtimeMs };
  } catch {
    return null;
  }
}

export interface CodeCacheHook {
  readonly stats: { hits: number; misses: number };
  /** Writes the cache of every file compiled without one (what the exit handler does). */
  flush(): void;
  /** Puts Node's own compile step back. */
  uninstall(): void;
}

/** Compiles the .js files below `bundleDir` through vm.Script with a code cache kept in `cacheDir`. */
export function installCodeCache(bundleDir: string, cacheDir: string): CodeCacheHook {
  const M = Module as unknown as InternalModule;
  const original = M.prototype._compile;
  const compiled: CompiledFile[] = [];
  const stats = { hits: 0, misses: 0 };
  const root = bundleDir.endsWith(path.sep) ? bundleDir : bundleDir + path.sep;

  M.prototype._compile = function compileWithCache(this: NodeJS.Module, content: string, filename: string): unknown {
    const stamp = filename.startsWith(root) && filename.endsWith('.js') ? stampOf(filename) : null;
    if (!stamp) return original.call(this, content, filename);
    const cacheFile = path.join(cacheDir, `${cacheKey(filename, stamp)}.bin`);
    let cachedData: Buffer | undefined;
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      // First run of this build.
    }
    const script = new vm.Script(M.wrap(content), {
      filename,
      ...(cachedData ? { cachedData } : {}),
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    const hit = cachedData !== undefined && !script.cachedDataRejected;
    if (hit) stats.hits++;
    else stats.misses++;
    compiled.push({ script, cacheFile, hit });
    const fn = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    const mod = this;
    const require = ((id: string) => mod.require(id)) as NodeJS.Require;
    require.resolve = ((request: string, options?: { paths?: string[] }) => M._resolveFilename(request, mod, false, options)) as NodeJS.RequireResolve;
    require.main = process.mainModule;
    require.cache = M._cache;
    require.extensions = M._extensions;
    return fn.call(mod.exports, mod.exports, require, mod, filename, path.dirname(filename));
  };

  return {
    stats,
    flush() {
      const missing = compiled.filter((c) => !c.hit);
      if (missing.length === 0) return;
      try {
        mkdirSync(cacheDir, { recursive: true });
        for (const c of missing) {
          // Another run may write the same file: each writes its own and renames it into place.
          const tmp = `${c.cacheFile}.${process.pid}.tmp`;
          writeFileSync(tmp, c.script.createCachedData());
          renameSync(tmp, c.cacheFile);
          c.hit = true;
        }
        pruneStale(cacheDir, Date.now());
      } catch {
        // A read-only or full disk: the next run compiles, as this one did.
      }
    },
    uninstall() {
      M.prototype._compile = original;
    },
  };
}

let enabled = false;

/**
 * Turns the cache on for the files below `bundleDir` (the folder of the running bundle), written at
 * exit. Off with AGENT_DESK_CODE_CACHE=0. Returns how: 'node' (Node's own), 'vm' (installCodeCache), or 'off'.
 */
export function enableCodeCache(bundleDir: string, env: Env = process.env): 'node' | 'vm' | 'off' {
  if (enabled || env.AGENT_DESK_CODE_CACHE === '0') return 'off';
  enabled = true;
  const dir = codeCacheDir(env);
  const native = (Module as unknown as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache;
  if (typeof native === 'function') {
    try {
      native(dir);
      return 'node';
    } catch {
      return 'off';
    }
  }
  const hook = installCodeCache(bundleDir, dir);
  process.once('exit', () => hook.flush());
  return 'vm';
}
