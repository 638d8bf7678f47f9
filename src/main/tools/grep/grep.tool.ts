// The Grep tool (SPEC TL, TL3; issue 4 item 5): ripgrep's semantics with Claude Code's fields, through
// `rg` when it is on the machine and the built-in TypeScript search when it is not; read-only and
// concurrency-safe; outside the working directories the permission stage asks.
import { realpathSync, statSync } from 'node:fs';
import { GREP_TOOL_NAME, makeGrepInputSchema, type GrepInput, type GrepOutput } from '../../../shared/tools/grep';
import { warmLauncher, warmSessionLauncher } from '../../process/warm-launch';
import type { LauncherShells } from '../../process/launchers';
import { buildTool } from '../core/build-tool';
import { programQueuedNext } from '../core/upcoming';
import { lazySchema } from '../core/lazy-schema';
import type { Tool, ToolDef, ToolUseContext } from '../core/tool';
import { BAD_PATH_ERROR_CODE, badPathInput } from '../fs-common/path-input';
import { expandPath } from '../fs-common/paths';
import { filePermission } from '../fs-common/permission';
import { createBuiltinBackend } from './builtin-backend';
import { GrepError } from './errors';
import { grepGlobs } from './filters';
import { findRipgrep, searchEnv } from '../../process/ripgrep';
import { grepPrompt } from './prompt';
import { buildGrepOutput } from './result';
import { formatGrepResult } from './result-text';
import { createRipgrepBackend } from './rg-backend';
import { sharingCores } from '../../process/thread-share';
import type { SearchBackend, SearchRequest } from './search-types';

/** SPEC PL6: "Grep ~100K". */
export const GREP_MAX_RESULT_SIZE_CHARS = 100_000;
/** A search still running after this stops with what it found and says so. */
export const GREP_DEFAULT_TIMEOUT_MS = 60_000;
/** rg output (or built-in matches) kept at most; beyond it the search stops and says so. */
export const GREP_DEFAULT_MAX_OUTPUT_BYTES = 32 * 1024 * 1024;

export interface GrepToolDeps {
  /** `auto` (default): rg when found on PATH, else built-in. */
  backend?: 'auto' | 'ripgrep' | 'builtin';
  /** The rg binary for `ripgrep`/`auto` (default: found on PATH). */
  rgPath?: string;
  timeoutMs?: number;
  maxOutputBytes?: number;
  now?: () => number;
  /** Where rg is started: the app's launcher shells (default), given ones, or false = spawn. */
  launchers?: false | LauncherShells;
  /** The app's own environment, where rg is looked up and which it runs with (default: process.env; never settings `env`). */
  appEnv?: Readonly<Record<string, string | undefined>>;
}

function searchPathOf(input: Pick<GrepInput, 'path'>, ctx: ToolUseContext): string {
  return input.path ? expandPath(input.path, ctx) : ctx.state.cwd;
}

function abortError(): Error {
  const e = new Error('The search was aborted.');
  e.name = 'AbortError';
  return e;
}

const BUILTIN = createBuiltinBackend();

function chooseBackend(deps: GrepToolDeps, ctx: ToolUseContext): SearchBackend {
  if (deps.backend === 'builtin') return BUILTIN;
  const env = searchEnv(deps.appEnv);
  const rg = deps.rgPath ?? findRipgrep(env);
  if (rg) return createRipgrepBackend(rg, env, sharingCores(warmLauncher(deps.launchers, () => programQueuedNext(ctx))));
  if (deps.backend === 'ripgrep') throw new GrepError('ripgrep (rg) was not found on PATH', 'Grep: ripgrep not found');
  return BUILTIN;
}

export function createGrepToolDef(deps: GrepToolDeps = {}): ToolDef<GrepInput, GrepOutput> {
  const now = deps.now ?? (() => performance.now());
  return {
    name: GREP_TOOL_NAME,
    kind: 'read',
    target: { field: 'path', isDir: true, default: '.' },
    startsProgram: true,
    searchHint: 'search file contents with regular expressions (ripgrep)',
    maxResultSizeChars: GREP_MAX_RESULT_SIZE_CHARS,
    inputSchema: lazySchema(makeGrepInputSchema),
    description: (input) => (input.pattern ? `Search for ${input.pattern}` : 'Search file contents'),
    prompt: grepPrompt,
    userFacingName: () => GREP_TOOL_NAME,
    // rg starts in a shell forked while the model thinks, not in a fork of our process.
    warmUp: () => {
      if (deps.backend !== 'builtin') warmSessionLauncher(deps.launchers, 'helpers');
    },
    summarize: (input) => {
      let s = input.pattern ?? '';
      if (input.path) s += ` in ${input.path}`;
      if (input.glob) s += ` (${input.glob})`;
      else if (input.type) s += ` (type ${input.type})`;
      return s;
    },
    isConcurrencySafe: () => true,
    isReadOnly: () => true,
    toAutoClassifierInput: (input) => (input.path ? `${input.pattern} in ${input.path}` : input.pattern),
    backfillObservableInput: (input, ctx) => (input.path ? { ...input, path: expandPath(input.path, ctx) } : input),

    async validateInput(input, ctx) {
      // No program takes an argument with a NUL in it; the regex escape matches one.
      if (input.pattern.includes('\0')) return { result: false, message: 'The pattern contains a null character; write \\x00 to match one.', errorCode: BAD_PATH_ERROR_CODE };
      if (input.path === undefined) return { result: true };
      const bad = badPathInput(input.path, 'path');
      if (bad) return bad;
      try {
        statSync(searchPathOf(input, ctx));
      } catch {
        return { result: false, message: `Path does not exist: ${input.path}. Current working directory: ${ctx.state.cwd}.`, errorCode: 1 };
      }
      return { result: true };
    },

    checkPermissions: (input, ctx) => filePermission<GrepInput>(GREP_TOOL_NAME, searchPathOf(input, ctx), ctx, 'read'),

    async call(input, ctx) {
      const started = now();
      const searchPath = searchPathOf(input, ctx);
      let stat;
      let realSearchPath: string;
      try {
        // Sync, like the permission stage's working-directory check of the same path: one syscall
        // each, where an async call costs two turns of the event loop shared with the batch's calls.
        stat = statSync(searchPath);
        realSearchPath = realpathSync.native(searchPath);
      } catch {
        throw new GrepError(`Path does not exist: ${input.path ?? searchPath}. Current working directory: ${ctx.state.cwd}.`, 'Grep: path does not exist');
      }
      const mode = input.output_mode ?? 'files_with_matches';
      const content = mode === 'content';
      const before = content ? (input['-C'] ?? input['-B'] ?? 0) : 0;
      const after = content ? (input['-C'] ?? input['-A'] ?? 0) : 0;

      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), deps.timeoutMs ?? GREP_DEFAULT_TIMEOUT_MS);
      const req: SearchRequest = {
        pattern: input.pattern,
        root: realSearchPath,
        rootIsFile: !stat.isDirectory(),
        mode,
        caseInsensitive: input['-i'] ?? false,
        multiline: input.multiline ?? false,
        before,
        after,
        globs: grepGlobs(input.glob),
        ...(input.type ? { type: input.type } : {}),
        signal: AbortSignal.any([ctx.abortSignal, timeout.signal]),
        maxOutputBytes: deps.maxOutputBytes ?? GREP_DEFAULT_MAX_OUTPUT_BYTES,
      };
      const notes: string[] = [];
      let backend = chooseBackend(deps, ctx);
      let result;
      try {
        try {
          result = await backend.search(req);
        } catch (e) {
          // rg was found but would not start: the built-in search still answers.
          if (!(e instanceof GrepError && e.telemetryMessage === 'Grep: ripgrep failed to start') || deps.backend === 'ripgrep') throw e;
          notes.push(`${e.message}; used the built-in search instead`);
          backend = BUILTIN;
          result = await backend.search(req);
        }
      } finally {
        clearTimeout(timer);
      }
      if (ctx.abortSignal.aborted) throw abortError();
      notes.push(...result.notes);
      if (timeout.signal.aborted) notes.push(`The search timed out after ${Math.round((deps.timeoutMs ?? GREP_DEFAULT_TIMEOUT_MS) / 1000)}s; results are incomplete. Narrow the path, glob or pattern.`);
      else if (result.incomplete) notes.push(`The search stopped early (${result.incomplete}); results are incomplete. Narrow the path, glob or pattern.`);

      // A file a Read deny rule keeps from Read is not shown by a search either.
      const hits = ctx.readDenied ? result.hits.filter((h) => !ctx.readDenied!(h.path)) : result.hits;
      const data = await buildGrepOutput(hits, {
        mode,
        backend: backend.name,
        searchPath,
        realSearchPath,
        rootIsFile: req.rootIsFile,
        cwd: ctx.state.cwd,
        lineNumbers: input['-n'] ?? true,
        context: before > 0 || after > 0,
        headLimit: input.head_limit,
        offset: input.offset ?? 0,
        notes,
        durationMs: Math.round(now() - started),
      });
      return { data };
    },

    mapResult: (output) => ({ content: formatGrepResult(output) }),
  };
}

export function createGrepTool(deps: GrepToolDeps = {}): Tool<GrepInput, GrepOutput> {
  return buildTool(createGrepToolDef(deps));
}

export const GrepTool = createGrepTool();
