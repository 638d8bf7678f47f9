// The bundle's code cache: the first load compiles and the flush writes the cache; the next load uses
// it with the same exports and the same require(); a damaged cache is ignored (and rewritten); files
// outside the bundle are left to Node; the cache folder follows each platform's convention.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheKey, codeCacheDir, installCodeCache, type CodeCacheHook } from './code-cache';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

function bundle(): { dir: string; cache: string; outside: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-code-cache-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const dir = path.join(root, 'out', 'main');
  mkdirSync(path.join(dir, 'chunks'), { recursive: true });
  writeFileSync(path.join(dir, 'entry.js'), `const c = require('./chunks/core.js'); exports.answer = c.twice(21); exports.where = __filename; exports.resolved = require.resolve('./chunks/core.js'); exports.later = () => import('node:path').then((m) => typeof m.join); // ${root}`);
  writeFileSync(path.join(dir, 'chunks', 'core.js'), `exports.twice = (n) => n * 2; // ${root}`);
  const outside = path.join(root, 'plain.js');
  writeFileSync(outside, `exports.ok = true;`);
  return { dir, cache: path.join(root, 'cache'), outside };
}

function load(dir: string, file = 'entry.js'): Record<string, unknown> {
  const req = createRequire(path.join(dir, 'x.js'));
  const abs = path.join(dir, file);
  for (const k of Object.keys(req.cache)) if (k.startsWith(path.dirname(dir))) delete req.cache[k];
  return req(abs) as Record<string, unknown>;
}

function hook(dir: string, cache: string): CodeCacheHook {
  const h = installCodeCache(dir, cache);
  cleanups.push(() => h.uninstall());
  return h;
}

describe('code cache', () => {
  it('the first load compiles and writes; the next uses the cache, with the same module behaviour', async () => {
    const b = bundle();
    const first = hook(b.dir, b.cache);
    const m1 = load(b.dir);
    expect(m1).toMatchObject({ answer: 42, where: path.join(b.dir, 'entry.js'), resolved: path.join(b.dir, 'chunks', 'core.js') });
    expect(first.stats).toEqual({ hits: 0, misses: 2 });
    first.flush();
    expect(readdirSync(b.cache).filter((f) => f.endsWith('.bin'))).toHaveLength(2);
    first.uninstall();

    const second = hook(b.dir, b.cache);
    const m2 = load(b.dir);
    expect(second.stats).toEqual({ hits: 2, misses: 0 });
    expect(m2).toMatchObject({ answer: 42 });
    // import() inside a cached file still works (the main context's loader).
    expect(await (m2.later as () => Promise<string>)()).toBe('function');
  });

  it('a damaged cache file is rejected, the module still loads, and the flush replaces it', () => {
    const b = bundle();
    mkdirSync(b.cache, { recursive: true });
    const files = [path.join(b.dir, 'entry.js'), path.join(b.dir, 'chunks', 'core.js')];
    const bins = files.map((f) => path.join(b.cache, `${cacheKey(f, statSync(f))}.bin`));
    for (const bin of bins) writeFileSync(bin, 'not a code cache');
    const h = hook(b.dir, b.cache);
    expect(load(b.dir)).toMatchObject({ answer: 42 });
    expect(h.stats).toEqual({ hits: 0, misses: 2 });
    h.flush();
    for (const bin of bins) expect(readFileSync(bin).length).toBeGreaterThan(100);
  });

  it('a file changed to the same length gets a cache of its own, and loads its new code', () => {
    const b = bundle();
    const f = path.join(b.dir, 'chunks', 'core.js');
    const first = hook(b.dir, b.cache);
    expect(load(b.dir)).toMatchObject({ answer: 42 });
    first.flush();
    first.uninstall();
    const before = statSync(f);
    writeFileSync(f, readFileSync(f, 'utf8').replace('n * 2', 'n * 3'));
    utimesSync(f, before.atime, new Date(before.mtimeMs + 1000));
    expect(statSync(f).size).toBe(before.size);
    expect(cacheKey(f, statSync(f))).not.toBe(cacheKey(f, before));
    const second = hook(b.dir, b.cache);
    expect(load(b.dir)).toMatchObject({ answer: 63 });
    expect(second.stats).toEqual({ hits: 1, misses: 1 });
  });

  it('files outside the bundle folder are compiled by Node as usual', () => {
    const b = bundle();
    const h = hook(b.dir, b.cache);
    expect(createRequire(b.outside)(b.outside)).toEqual({ ok: true });
    expect(h.stats).toEqual({ hits: 0, misses: 0 });
  });

  it('lives in the platform cache folder, or where AGENT_DESK_CODE_CACHE_DIR says', () => {
    expect(codeCacheDir({}, 'linux', '/home/u')).toBe('/home/u/.cache/agent-desk/code-cache');
    expect(codeCacheDir({ XDG_CACHE_HOME: '/x' }, 'linux', '/home/u')).toBe('/x/agent-desk/code-cache');
    expect(codeCacheDir({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Caches/agent-desk/code-cache');
    expect(codeCacheDir({ LOCALAPPDATA: 'C:\\L' }, 'win32', 'C:\\U')).toBe(path.join('C:\\L', 'agent-desk', 'code-cache'));
    expect(codeCacheDir({ AGENT_DESK_CODE_CACHE_DIR: '/c' }, 'linux', '/h')).toBe('/c');
  });
});
