// The real pipeline wired for benches: real stages, no hooks, null classifier, the real permission
// decider with one cliArg allow rule, an in-memory persister and a publisher that only counts views.
import { z } from 'zod';
import type { Logger } from '../../src/main/base/log';
import { createHeadlessPrompter } from '../../src/main/permissions/headless-prompter';
import type { RuleSet } from '../../src/main/permissions/types';
import { buildTool } from '../../src/main/tools/core/build-tool';
import { lazySchema } from '../../src/main/tools/core/lazy-schema';
import type { AnyTool, ToolDef, ToolUseContext } from '../../src/main/tools/core/tool';
import { StreamingToolExecutor } from '../../src/main/tools/executor/streaming-executor';
import type { ExecutorOptions } from '../../src/main/tools/executor/types';
import { NO_HOOKS, NULL_CLASSIFIER, type PipelineDeps } from '../../src/main/tools/pipeline/deps';
import { createPermissionDecider } from '../../src/main/permissions/decider';
import { createRunToolUse, type PipelineRunToolUse } from '../../src/main/tools/pipeline/run-tool-use';
import { abortsSiblingsOnError, isConcurrencySafeUse } from '../../src/main/tools/pipeline/traits';

export const quietLog: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * A read-only, concurrency-safe tool with Read's input shape. `checkPermissions` passes, so the call
 * is allowed by the allow rule (PL4 step 8), not by the tool's own default allow.
 */
export function benchTool(name: string, call: ToolDef<{ file_path: string }, string>['call']): AnyTool {
  return buildTool<{ file_path: string }, string>({
    name,
    maxResultSizeChars: 50_000,
    // Built once, like every real tool's schema (TC4 lazySchema).
    inputSchema: lazySchema(() => z.object({ file_path: z.string() })),
    description: () => 'bench tool',
    prompt: () => 'bench tool',
    isConcurrencySafe: () => true,
    isReadOnly: () => true,
    checkPermissions: () => ({ behavior: 'passthrough' }),
    call,
    mapResult: (out) => ({ content: out }),
  });
}

export function benchContext(tools: readonly AnyTool[]): ToolUseContext {
  return {
    sessionId: 'bench',
    projectDir: '/bench',
    workingDirectories: ['/bench'],
    state: { cwd: '/bench' },
    abortSignal: new AbortController().signal,
    toolResultsDir: '/bench/tool-results',
    env: {},
    log: quietLog,
    tools,
  };
}

export interface BenchPipeline {
  deps: PipelineDeps;
  runToolUse: PipelineRunToolUse;
  ctx: ToolUseContext;
  /** ToolCallViews published so far (the pipeline publishes one per state change). */
  published: () => number;
  executor: (signal: AbortSignal, onEvent?: ExecutorOptions['onEvent']) => StreamingToolExecutor;
}

export function benchPipeline(tools: AnyTool[], allow: string[]): BenchPipeline {
  const ctx = benchContext(tools);
  const rules: RuleSet = { allow: allow.map((rule) => ({ rule, source: 'cliArg' as const })), deny: [], ask: [] };
  let views = 0;
  let ids = 0;
  const deps: PipelineDeps = {
    context: () => ctx,
    hooks: NO_HOOKS,
    classifier: NULL_CLASSIFIER,
    permissions: createPermissionDecider({ mode: () => 'default', rules: () => rules }),
    // Never asked in these benches (the rule allows); headless so a mistake shows up as a denial.
    prompter: createHeadlessPrompter(),
    persister: { save: async () => {} },
    clock: () => Date.now(),
    newId: () => `req${++ids}`,
    publish: () => void views++,
  };
  const runToolUse = createRunToolUse(deps);
  return {
    deps,
    runToolUse,
    ctx,
    published: () => views,
    executor: (signal, onEvent) =>
      new StreamingToolExecutor({
        runToolUse,
        isConcurrencySafe: (u) => isConcurrencySafeUse(tools, u),
        abortsSiblingsOnError: (u) => abortsSiblingsOnError(tools, u),
        signal,
        env: {},
        log: quietLog,
        ...(onEvent ? { onEvent } : {}),
      }),
  };
}
