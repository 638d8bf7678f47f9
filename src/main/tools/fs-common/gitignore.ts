// Which files a search sees, decided the way ripgrep decides it: gitignore-style rules (.gitignore,
// .git/info/exclude, .ignore, .rgignore) layered per directory with rg's precedence, and the walk that
// applies them. Glob and Grep's built-in search share it, so both agree with `rg` on what is ignored.

// Why not the `ignore` package: it applies git's "a file under an ignored directory is ignored" to
// every path it is given, so a search started inside an ignored directory (node_modules/react) would
// find nothing; rg matches each path on its own and prunes while walking, which is what is done here.

export { globMatcher, IgnoreRules, parseIgnoreLine, type IgnoreMatch } from '../../fs/gitignore-glob';
export { loadAncestorLayers, loadIgnoreLayer, matchIgnoreLayers, type IgnoreLayer } from './ignore-layers';
export { createTimeSlicer, SLICE_MS, walkFiles, type WalkOptions } from './ignore-walk';
