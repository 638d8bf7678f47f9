// Layering rules (docs/architecture.md "Layers"), checked by scripts/check-layers.mjs inside `npm test`.
// DOM use in src/shared is caught separately: shared compiles under tsconfig.node.json, which has no DOM lib.

/**
 * The layers inside src/main, lowest first: a folder imports only its own layer and those below it.
 * Tests may reach across (they live beside the code but are not part of it).
 */
const MAIN_LAYERS = [
  ['base'],
  ['fs', 'process', 'shell', 'git'],
  ['permissions'],
  ['settings'],
  ['hooks', 'sandbox', 'tasks', 'model', 'sessions', 'terminal', 'mcp', 'skills', 'lsp'],
  ['tools'],
  ['engine', 'workbench', 'ipc'],
  ['app'],
  ['cli', 'web', 'electron'],
];

/**
 * Inside src/main/tools: the read cache the contract names, the contract, what file tools share, the
 * executor, then each tool, then the registry and the pipeline.
 */
const TOOLS_LAYERS = [['file-state'], ['core'], ['fs-common'], ['executor'], ['*tool folders*'], ['builtin.ts', 'pipeline']];
const TOOL_SUPPORT = ['core', 'file-state', 'fs-common', 'executor', 'pipeline', 'builtin.ts'];

const NOT_TESTS = '\\.test\\.tsx?$|/test-[a-z-]+\\.ts$|/fake-[a-z-]+\\.ts$';

function layerRules(root, layers, comment) {
  const rules = [];
  layers.forEach((layer, i) => {
    const higher = layers.slice(i + 1).flat().filter((f) => !f.startsWith('*'));
    if (higher.length === 0 || layer[0].startsWith('*')) return;
    for (const folder of layer) {
      rules.push({
        name: `layer:${root.replace(/^src\//, '')}/${folder}`,
        comment: `${comment} ${folder} must not import ${higher.join(', ')}.`,
        severity: 'error',
        from: { path: `^${root}/${folder.replace('.', '\\.')}(/|$)`, pathNot: NOT_TESTS },
        to: { path: `^${root}/(${higher.map((h) => h.replace('.', '\\.')).join('|')})(/|$)` },
      });
    }
  });
  return rules;
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules('src/main', MAIN_LAYERS, 'Layers inside src/main:'),
    ...layerRules('src/main/tools', TOOLS_LAYERS, 'Layers inside src/main/tools:'),
    {
      name: 'tools-do-not-import-each-other',
      comment: 'A tool folder imports the tools layer (core, fs-common, file-state) but never another tool: shared code goes down a layer.',
      severity: 'error',
      from: { path: `^src/main/tools/([^/]+)/`, pathNot: `^src/main/tools/(${TOOL_SUPPORT.join('|')})/|${NOT_TESTS}` },
      to: { path: '^src/main/tools/([^/]+)/', pathNot: [`^src/main/tools/(${TOOL_SUPPORT.join('|')})/`, '^src/main/tools/$1/'] },
    },
    {
      name: 'only-the-registry-knows-a-tool',
      comment: 'Outside src/main/tools a tool is reached through the registry (tools/builtin.ts) and the pipeline, never by importing its folder.',
      severity: 'error',
      from: { pathNot: `^src/main/tools/|${NOT_TESTS}` },
      to: { path: '^src/main/tools/([^/]+)/', pathNot: `^src/main/tools/(${TOOL_SUPPORT.join('|')})/` },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
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
