// The Glob tool (SPEC TL, TL3; issue 4 item 4): files whose path matches a glob, newest first, capped
// at 100 with a note; .gitignore respected; read-only and concurrency-safe; outside the working
// directories the permission stage asks. The tree is listed by `rg --files` when rg is found (as Grep
// finds it, same env overrides), else walked in JS.
import { statSync } from 'node:fs';
import {
  GLOB_MAX_RESULTS,
  GLOB_NO_FILES,
  GLOB_TOOL_NAME,
  GLOB_TRUNCATED_NOTE,
  makeGlobInputSchema,
  type GlobInput,
  type GlobOutput,
} from '../../../shared/tools/glob';
import { warmLauncher, warmSessionLauncher } from '../../process/warm-launch';
import type { LauncherShells } from '../../process/launchers';
import { buildTool } from '../core/build-tool';
import { programQueuedNext } from '../core/upcoming';
import { lazySchema } from '../core/lazy-schema';
import type { Tool, ToolDef, ToolUseContext } from '../core/tool';
import { badPathInput } from '../fs-common/path-input';
import { expandPath } from '../fs-common/paths';
import { filePermission } from '../fs-common/permission';
import { findRipgrep, searchEnv } from '../../process/ripgrep';
import { sharingCores } from '../../process/thread-share';
import { findFiles, planGlob, primeGlobMatcher, type ListingOptions } from './find-files';
import { globPrompt } from './prompt';

/** SPEC PL6: a Glob result is at most 100 paths; 100K characters is never reached in practice. */
export const GLOB_MAX_RESULT_SIZE_CHARS = 100_000;

function searchDir(input: Pick<GlobInput, 'path'>, ctx: ToolUseContext): string {
  return input.path ? expandPath(input.path, ctx) : ctx.state.cwd;
}

function abortError(): Error {
  const e = new Error('The search was aborted.');
  e.name = 'AbortError';
  return e;
}

export interface GlobToolDeps {
  /** Results per call (tests lower it). */
  maxResults?: number;
  now?: () => number;
  /** Where rg is started: the app's launcher shells (default), given ones, or false = spawn. */
  launchers?: false | LauncherShells;
  /** `auto` (default): `rg --files` when rg is found, else the JS walk; `builtin`: always the JS walk. */
  backend?: 'auto' | 'builtin';
  /** The rg binary (default: found on PATH, honouring AGENT_DESK_GREP_BACKEND / AGENT_DESK_RG_PATH). */
  rgPath?: string;
  /** The app's own environment, where rg is looked up and which it runs with (default: process.env; never settings `env`). */
  appEnv?: Readonly<Record<string, string | undefined>>;
}

function listingFor(deps: GlobToolDeps, ctx: ToolUseContext): ListingOptions {
  if (deps.backend === 'builtin') return {};
  const env = searchEnv(deps.appEnv);
  const rgPath = deps.rgPath ?? findRipgrep(env);
  return rgPath ? { rgPath, env, launch: sharingCores(warmLauncher(deps.launchers, () => programQueuedNext(ctx))) } : {};
}

export function createGlobToolDef(deps: GlobToolDeps = {}): ToolDef<GlobInput, GlobOutput> {
  const limit = deps.maxResults ?? GLOB_MAX_RESULTS;
  const now = deps.now ?? (() => performance.now());
  return {
    name: GLOB_TOOL_NAME,
    kind: 'read',
    target: { field: 'path', isDir: true, default: '.' },
    startsProgram: true,
    searchHint: 'find files by name or wildcard pattern',
    maxResultSizeChars: GLOB_MAX_RESULT_SIZE_CHARS,
    inputSchema: lazySchema(makeGlobInputSchema),
    description: (input) => (input.pattern ? `Find files matching ${input.pattern}` : 'Find files by pattern'),
    prompt: globPrompt,
    // `rg --files` starts in a shell forked while the model thinks, not in a fork of our process.
    warmUp: () => {
      primeGlobMatcher();
      if (deps.backend !== 'builtin') warmSessionLauncher(deps.launchers, 'helpers');
    },
    userFacingName: () => GLOB_TOOL_NAME,
    summarize: (input) => (input.path ? `${input.pattern ?? ''} in ${input.path}` : (input.pattern ?? '')),
    isConcurrencySafe: () => true,
    isReadOnly: () => true,
    toAutoClassifierInput: (input) => (input.path ? `${input.pattern} in ${input.path}` : input.pattern),
    backfillObservableInput: (input, ctx) => (input.path ? { ...input, path: expandPath(input.path, ctx) } : input),

    async validateInput(input, ctx) {
      if (input.pattern.trim() === '') return { result: false, message: 'The pattern is empty.', errorCode: 3 };
      const bad = badPathInput(input.pattern, 'pattern', { glob: true }) ?? (input.path === undefined ? null : badPathInput(input.path, 'path'));
      if (bad) return bad;
      if (input.path === undefined) return { result: true };
      const dir = searchDir(input, ctx);
      let stat;
      try {
        stat = statSync(dir);
      } catch {
        return { result: false, message: `Directory does not exist: ${input.path}. Current working directory: ${ctx.state.cwd}.`, errorCode: 1 };
      }
      if (!stat.isDirectory()) return { result: false, message: `Path is not a directory: ${input.path}`, errorCode: 2 };
      return { result: true };
    },

    // The walk starts where the pattern's literal prefix points (`../other/**` leaves the project).
    checkPermissions: (input, ctx) => filePermission<GlobInput>(GLOB_TOOL_NAME, planGlob(input.pattern, searchDir(input, ctx)).walkRoot, ctx, 'read'),

    async call(input, ctx) {
      const started = now();
      const dir = searchDir(input, ctx);
      const listing = listingFor(deps, ctx);
      const found = await findFiles(planGlob(input.pattern, dir), limit, ctx.abortSignal, ctx.readDenied ? { ...listing, hidden: ctx.readDenied } : listing);
      if (ctx.abortSignal.aborted) throw abortError();
      const data: GlobOutput = {
        filenames: found.files,
        numFiles: found.files.length,
        truncated: found.truncated,
        searchPath: dir,
        durationMs: Math.round(now() - started),
      };
      return { data };
    },

    mapResult(output) {
      if (output.filenames.length === 0) return { content: GLOB_NO_FILES };
      const lines = output.truncated ? [...output.filenames, GLOB_TRUNCATED_NOTE] : output.filenames;
      return { content: lines.join('\n') };
    },
  };
}

export function createGlobTool(deps: GlobToolDeps = {}): Tool<GlobInput, GlobOutput> {
  return buildTool(createGlobToolDef(deps));
}

export const GlobTool = createGlobTool();
