// Build of the three Electron targets; main also emits the Electron-free CLI entry (out/main/cli.js).
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { featureDefines } from './build/features';

/**
 * Dev only: the React plugin's Fast Refresh preamble is an inline script, which the strict meta CSP
 * blocks; relax script-src in the served HTML (never in a build).
 */
function devCspForFastRefresh(): Plugin {
  return {
    name: 'agent-desk:dev-csp',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"),
  };
}

export default defineConfig({
  main: {
    define: featureDefines(),
    build: {
      // Bundled, the SDK and zod load in ~25 ms instead of ~320 ms as hundreds of node_modules files:
      // start-up is the CLI's and the peer bench's first figure. Native or wasm-backed packages
      // (sharp, pdfjs-dist) stay external and are imported lazily where used.
      externalizeDeps: { exclude: ['@anthropic-ai/sdk', 'zod', 'ws', 'diff', 'picomatch', 'tinyglobby', 'ignore'] },
      minify: true,
      rollupOptions: {
        input: { index: resolve('src/main/index.ts'), cli: resolve('src/main/cli/index.ts') },
      },
    },
  },
  preload: {
    // A sandboxed preload cannot require node_modules: bundle zod and the contract into it.
    build: { externalizeDeps: false, rollupOptions: { input: { index: resolve('src/preload/index.ts') } } },
  },
  renderer: {
    root: 'src/renderer',
    plugins: [react(), devCspForFastRefresh()],
    // Served over HTTP by the web host too: ship it minified.
    build: { minify: true, rollupOptions: { input: { index: resolve('src/renderer/index.html') } } },
  },
});
