// Build of the three Electron targets; main also emits the Electron-free CLI entry (out/main/cli.js).
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { featureDefines } from './build/features';

export default defineConfig({
  main: {
    define: featureDefines(),
    build: {
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
    plugins: [react()],
    build: { rollupOptions: { input: { index: resolve('src/renderer/index.html') } } },
  },
});
