// The orchestrator: sequences PL1–PL8 for one tool_use and publishes the call's state at each step.
// It holds no policy of its own; every failure at every stage comes back as a tool_result (is_error).
import type { ToolProgress } from '../../../shared/tools/tool-call';
import { classifyToolError, toolUseError } from '../core/errors';
import type { ToolResultContent, ToolUseContext, UpcomingCalls } from '../core/tool';
import type { ExecutorToolUse, RunToolUse } from '../executor/types';
import { appendText, contentText } from './content';
import type { PipelineDeps, PipelineOutcome } from './deps';
import { cancelled, executeTool } from './execute';
import { lookupTool } from './lookup';
import { mapToolResult } from './map-result';
import { runPostHooks } from './post-hooks';
import { startPreChecks } from './pre-checks';
import { makeCanUseTool, resolvePermission } from './resolve-permission';
import { parseInput, validateToolInput } from './validate';
import { createViewTracker, observableInput, type Finish, type ViewTracker } from './view';

function asCancelled(r: { content: string }): Finish {
  return { state: 'cancelled', content: r.content, code: 'cancelled' };
}

/** Failure text handed to PostToolUseFailure hooks: enough to act on, bounded in size. */
const MAX_HOOK_ERROR_CHARS = 10_000;

/** A RunToolUse (what the executor takes) whose outcome also carries the pipeline's extras. */
export type PipelineRunToolUse = (...args: Parameters<RunToolUse>) => Promise<PipelineOutcome>;

export function createRunToolUse(deps: PipelineDeps): PipelineRunToolUse {
  return async (use, signal, onProgress, upcoming) => {
    let view: ViewTracker | undefined;
    try {
      view = createViewTracker(use, deps, deps.context().log);
      return await runStages(deps, use, signal, onProgress, view, upcoming);
    } catch (e) {
      // PL8: a bug in a stage is still a result, never a rejection out of the pipeline.
      const errorClass = classifyToolError(e);
      const f: Finish = { state: 'failed', content: toolUseError(`Error: the tool pipeline failed (${errorClass})`), code: 'execution_failed', errorClass };
      if (view) return view.finish(f);
      return { toolUseId: use.id, content: f.content, isError: true, state: 'failed', errorClass };
    }
  };
}

async function runStages(
  deps: PipelineDeps,
  use: ExecutorToolUse,
  signal: AbortSignal,
  onProgress: (p: ToolProgress) => void,
  view: ViewTracker,
  upcoming?: () => UpcomingCalls,
): Promise<PipelineOutcome> {
  const ctx: ToolUseContext = { ...deps.context(), abortSignal: signal, toolUseId: use.id, ...(upcoming ? { upcoming } : {}) };
  const log = ctx.log;

  // PL1 lookup
  const found = lookupTool(ctx.tools, use.name);
  if (!found.ok) return view.finish({ state: 'failed', content: found.content, code: found.code });
  const { tool } = found;
  // The deprecation note goes to the model; hook messages go to the user.
  const hookMessages: string[] = [];
  const end = (f: Finish) => {
    const done: Finish = { ...f, content: appendText(f.content, found.note) };
    if (hookMessages.length > 0) done.hookMessages = hookMessages;
    return view.finish(done);
  };
  view.setTool(tool, observableInput(tool, use.input, ctx));

  // PL2 validation
  const valid = await validateToolInput(tool, use.input, ctx);
  if (!valid.ok) return end({ state: valid.state, content: valid.content, code: valid.code });
  if (signal.aborted) return end(asCancelled(cancelled(signal)));
  let input = valid.input;
  let shown = observableInput(tool, input, ctx);
  view.setInput(shown);

  // PL3 pre-tool hook ∥ classifier
  const pre = startPreChecks({ tool, input, hookInput: shown, toolUseId: use.id, ctx, hooks: deps.hooks, classifier: deps.classifier, log });
  const hook = await pre.hook;
  hookMessages.push(...hook.messages);
  if (hook.updatedInput !== undefined && !hook.blocked && hook.decision !== 'deny') {
    const reparsed = parseInput(tool, hook.updatedInput);
    if (!reparsed.ok) {
      pre.cancel();
      return end({ state: reparsed.state, content: reparsed.content, code: reparsed.code });
    }
    input = reparsed.input;
    shown = observableInput(tool, input, ctx);
    view.setInput(shown);
  }

  // PL4 permission (may prompt)
  const permission = await resolvePermission({
    check: { tool, input, ctx, hook, classifier: () => pre.classifier, forcedAsk: valid.ask },
    toolUseId: use.id,
    displayInput: shown,
    signal,
    deps,
    onAsk: () => view.update('awaiting_permission'),
  }).finally(() => pre.cancel());
  if (permission.behavior === 'cancelled') return end(asCancelled(cancelled(signal)));
  if (permission.behavior === 'deny') {
    return end({ state: 'rejected', content: permission.message, code: permission.code, decisionReason: permission.reason });
  }
  if (permission.input !== input) view.setInput(observableInput(tool, permission.input, ctx));
  input = permission.input;
  const decisionReason = permission.reason;

  // PL5 execute
  view.update('running');
  // A search must not show what a Read deny rule keeps from Read (docs: Read rules apply to Grep and Glob).
  const readDenied = tool.kind === 'read' ? deps.permissions.readFilter?.(tool.name, input, ctx) : null;
  const exec = await executeTool({ tool, input, ctx: readDenied ? { ...ctx, readDenied } : ctx, canUseTool: makeCanUseTool(deps, use.id), parentMessageId: use.messageId, onProgress });
  if (!exec.ok) {
    if (exec.state === 'cancelled') return end({ ...asCancelled(exec), decisionReason });
    const post = await runPostHooks({ hooks: deps.hooks, tool, input: shown, toolUseId: use.id, ctx, log, outcome: 'failure', error: exec.message });
    hookMessages.push(...post.messages);
    log.warn(`tool ${tool.name} failed`, { errorClass: exec.errorClass });
    const f: Finish = { state: 'failed', content: appendText(exec.content, post.feedback), code: exec.code, errorClass: exec.errorClass, errorMessage: exec.message, decisionReason };
    if (post.stop) f.stopTurn = post.stop;
    return end(f);
  }
  const { data, newMessages, contextModifier } = exec.result;

  // PL6 map result (+ persist if too large)
  const mapped = await mapToolResult({ tool, output: data, toolUseId: use.id, dir: ctx.toolResultsDir, persister: deps.persister });
  const content: ToolResultContent = mapped.content;
  const failed = !mapped.ok || mapped.isError;

  // PL7 post hooks
  const post = failed
    ? await runPostHooks({ hooks: deps.hooks, tool, input: shown, toolUseId: use.id, ctx, log, outcome: 'failure', error: contentText(content).slice(0, MAX_HOOK_ERROR_CHARS) })
    : await runPostHooks({ hooks: deps.hooks, tool, input: shown, toolUseId: use.id, ctx, log, outcome: 'success', output: data });

  // PL8 the result
  hookMessages.push(...post.messages);
  const f: Finish = { state: failed ? 'failed' : 'succeeded', content: appendText(content, post.feedback), data, decisionReason };
  if (post.stop) f.stopTurn = post.stop;
  if (mapped.ok && mapped.persistedPath) f.persistedPath = mapped.persistedPath;
  if (!mapped.ok) f.code = 'execution_failed';
  if (newMessages) f.newMessages = newMessages;
  if (contextModifier) f.contextModifier = contextModifier;
  return end(f);
}
