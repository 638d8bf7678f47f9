// Layering rules (DESIGN.md §2), checked by `npm run lint:layers` inside `npm test`.
// DOM use in src/shared is caught separately: shared compiles under tsconfig.node.json, which has no DOM lib.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-pure',
      comment: 'src/shared is plain TypeScript + zod: no node:* builtins.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-no-ui-or-electron',
      comment: 'src/shared imports no electron, React or DOM libraries.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: 'node_modules/(electron|react|react-dom|zustand|react-markdown|remark-gfm|ws)/' },
    },
    {
      name: 'shared-imports-only-shared',
      comment: 'src/shared imports nothing of main, preload or renderer.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(main|preload|renderer)/' },
    },
    {
      name: 'preload-imports-only-shared',
      severity: 'error',
      from: { path: '^src/preload/' },
      to: { path: '^src/(main|renderer)/' },
    },
    {
      name: 'renderer-imports-only-shared',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: { path: '^src/(main|preload)/' },
    },
    {
      name: 'renderer-no-node',
      comment: 'The renderer runs sandboxed in a browser: no node:* builtins.',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'main-not-into-renderer',
      severity: 'error',
      from: { path: '^src/main/' },
      to: { path: '^src/(renderer|preload)/' },
    },
    {
      name: 'electron-only-in-desktop-host',
      comment: 'Only src/main/electron (and the preload) may import electron: the engine must run in plain Node.',
      severity: 'error',
      from: { pathNot: '^src/(main/electron|preload)/' },
      to: { path: '(^|/)node_modules/electron/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(out|dist)/' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
