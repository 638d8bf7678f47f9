// Loads tree-sitter-bash once (web-tree-sitter, wasm) and lends its one parser out synchronously (BA2).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { createLogger, type Logger } from '../base/log';

export type { SyntaxNode };

export const BASH_WASM = 'tree-sitter-bash.wasm';

/** The loaded parser. Trees never escape `withTree`, so their wasm memory is always given back. */
export interface BashParser {
  /** Parses `source` and hands its root to `fn`; null when tree-sitter returned no tree. */
  withTree<T>(source: string, fn: (root: SyntaxNode) => T): T | null;
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Where the grammar may be, first hit wins: AGENT_DESK_BASH_WASM (tests, odd layouts); a packaged app's
 * `<resources>/resources/` (electron-builder extraResources); a checkout's `resources/` beside the
 * package.json above the running bundle (out/main) or this source file (vitest); last, a checkout's
 * node_modules copy (tree-sitter-bash is a devDependency, so never in a packaged app).
 */
export function bashWasmCandidates(env: Env = process.env, here: string = __dirname): string[] {
  const out: string[] = [];
  if (env.AGENT_DESK_BASH_WASM) out.push(env.AGENT_DESK_BASH_WASM);
  const packaged = (process as { resourcesPath?: string }).resourcesPath;
  if (packaged) out.push(path.join(packaged, 'resources', BASH_WASM));
  let dir = here;
  for (let i = 0; i < 5; i++) {
    if (existsSync(path.join(dir, 'package.json'))) {
      out.push(path.join(dir, 'resources', BASH_WASM));
      out.push(path.join(dir, 'node_modules', 'tree-sitter-bash', BASH_WASM));
      break;
    }
    dir = path.dirname(dir);
  }
  return out;
}

/**
 * web-tree-sitter's own runtime wasm, found through module resolution from the running file: the
 * package is external to the bundle, so this is node_modules/web-tree-sitter/ in a checkout and inside
 * app.asar when packaged (read with Electron's asar-aware fs). Passing the bytes (`wasmBinary`) keeps
 * emscripten's own guess of its script folder out of it.
 */
function runtimeWasmPath(): string {
  return createRequire(__filename).resolve('web-tree-sitter/tree-sitter.wasm');
}

let loading: Promise<BashParser | null> | undefined;
let loaded: BashParser | null = null;

/** The parser if `loadBashParser` has finished and succeeded; never waits. */
export function loadedBashParser(): BashParser | null {
  return loaded;
}

/**
 * Loads the grammar once per process; later calls share the first promise. A failure is logged once
 * and resolves to null for good: the analysis then falls back to the legacy splitter
 * (`parse-unavailable`) rather than retrying a broken install on every command.
 */
export function loadBashParser(opts: { log?: Logger; env?: Env } = {}): Promise<BashParser | null> {
  loading ??= load(opts).then(
    (p) => (loaded = p),
    (err: unknown) => {
      const log = opts.log ?? createLogger({ level: process.env.AGENT_DESK_LOG });
      log.warn('tree-sitter-bash could not be loaded; Bash commands are split by the stricter legacy splitter', err);
      return null;
    },
  );
  return loading;
}

async function load(opts: { env?: Env }): Promise<BashParser> {
  const wasm = bashWasmCandidates(opts.env).find((p) => existsSync(p));
  if (!wasm) throw new Error(`${BASH_WASM} not found (looked in ${bashWasmCandidates(opts.env).join(', ')})`);
  // Lazy: the engine starts without paying for the wasm runtime until a Bash command needs it. Its
  // CommonJS build through require, not import(): the CLI's code-cached bundle runs in a vm.Script,
  // where a dynamic import() needs an experimental loader (and Node warns on stderr).
  const { Parser, Language } = createRequire(__filename)('web-tree-sitter') as typeof import('web-tree-sitter');
  const runtime = await readFile(runtimeWasmPath());
  await Parser.init({ wasmBinary: runtime });
  const language = await Language.load(new Uint8Array(await readFile(wasm)));
  const parser = new Parser();
  parser.setLanguage(language);
  return {
    withTree(source, fn) {
      const tree = parser.parse(source);
      if (!tree) return null;
      try {
        return fn(tree.rootNode);
      } finally {
        tree.delete();
      }
    },
  };
}

/** Tests only: forget the loaded parser so a failing load can be exercised. */
export function resetBashParserForTests(): void {
  loading = undefined;
  loaded = null;
}
