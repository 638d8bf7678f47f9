// Bundles the TypeScript benches (bench/*.bench.ts) into plain ESM under bench/results/build/ with
// vite's own build API, so they run on bare Node 20 with no new dependency (no tsx/vite-node here).
import { readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
export const REPO = resolve(BENCH_DIR, '..');
export const BUILD_DIR = join(BENCH_DIR, 'results', 'build');

/** All bench entry names (`pipeline-overhead` for bench/pipeline-overhead.bench.ts). */
export function benchNames() {
  return readdirSync(BENCH_DIR)
    .filter((f) => f.endsWith('.bench.ts'))
    .map((f) => basename(f, '.bench.ts'))
    .sort();
}

/** Builds the given benches (default: all) and returns { name: absolute path of the .mjs }. */
export async function buildBenches(names = benchNames()) {
  const { build } = await import('vite');
  const input = Object.fromEntries(names.map((n) => [n, join(BENCH_DIR, `${n}.bench.ts`)]));
  await build({
    configFile: false,
    root: REPO,
    logLevel: 'warn',
    // Same compile-time gates as a release build (build/features.ts): every gate off.
    define: { __FEATURE_EXAMPLE__: 'false' },
    build: {
      ssr: true,
      target: 'node20',
      outDir: BUILD_DIR,
      emptyOutDir: true,
      minify: false,
      sourcemap: false,
      rollupOptions: {
        input,
        output: {
          format: 'es',
          entryFileNames: '[name].mjs',
          chunkFileNames: 'chunks/[name]-[hash].mjs',
          // The app's main bundle is CommonJS; code that finds its resources by __dirname runs here too.
          banner:
            "import { fileURLToPath as __benchFileUrl } from 'node:url'; import { dirname as __benchDirname } from 'node:path';" +
            ' const __filename = __benchFileUrl(import.meta.url); const __dirname = __benchDirname(__filename);',
        },
      },
    },
  });
  return Object.fromEntries(names.map((n) => [n, join(BUILD_DIR, `${n}.mjs`)]));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await buildBenches(process.argv.slice(2).length ? process.argv.slice(2) : undefined);
  for (const [n, p] of Object.entries(out)) console.log(`${n}: ${p}`);
}
