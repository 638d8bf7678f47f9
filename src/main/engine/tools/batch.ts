// One assistant message's tool calls on a StreamingToolExecutor: started as their blocks complete
// (each once its recorder has it on disk, PX5), progress published at once, each result handed to the
// recorder when its call finishes, results gathered in call order under the per-message budget (PL6),
// and every call's card closed even when the executor answered for it (cancelled before it ran).
import { isTerminal, type ToolCallView, type ToolProgress } from '../../../shared/tools/tool-call';
import type { ContentBlock } from '../../../shared/transcript';
import type { Logger } from '../../base/log';
import type { ToolResultBlock, ToolUseBlock } from '../../model/types';
import { toolUseError } from '../../tools/core/errors';
import type { AnyTool, ToolResultContent, ToolUseContext } from '../../tools/core/tool';
import { StreamingToolExecutor } from '../../tools/executor/streaming-executor';
import { checkedOutcome } from '../../tools/executor/outcomes';
import type { ExecutorEvent, ExecutorToolUse, ToolCallOutcome } from '../../tools/executor/types';
import { contentText } from '../../tools/pipeline/content';
import type { PipelineOutcome, ResultPersister } from '../../tools/pipeline/deps';
import { applyMessageBudget } from '../../tools/pipeline/message-budget';
import type { PipelineRunToolUse } from '../../tools/pipeline/run-tool-use';
import { abortsSiblingsOnError, isConcurrencySafeUse, worksInThreadUse } from '../../tools/pipeline/traits';
import type { CallRecorder, ToolBatch, ToolBatchResult } from '../tool-runner';

export interface BatchOptions {
  messageId: string;
  /** The pool this message's request offered. */
  tools: readonly AnyTool[];
  runToolUse: PipelineRunToolUse;
  /** Writes each call down before it runs and its result when it finishes. */
  recorder?: CallRecorder;
  /** The turn's Stop. */
  signal: AbortSignal;
  toolResultsDir: string;
  persister: ResultPersister;
  /** The call's last published card, to close those the pipeline did not finish. */
  lastView: (id: string) => ToolCallView | undefined;
  publishView: (view: ToolCallView) => void;
  publishProgress: (callId: string, progress: ToolProgress) => void;
  /** Hook problems and systemMessages: for the user, never the model. */
  onHookMessages: (messages: string[]) => void;
  /** A tool's contextModifier, for the calls that start after it finished. */
  onContextModifier: (modifier: (ctx: ToolUseContext) => ToolUseContext) => void;
  env: Readonly<Record<string, string | undefined>>;
  log: Logger;
  now: () => number;
  stopGraceMs?: number;
  onExecutorEvent?: (e: ExecutorEvent) => void;
}

/** The transcript holds the API's own tool_result content: text and base64 images (Read's pictures). */
function transcriptContent(content: ToolResultContent): ToolResultBlock['content'] {
  return content;
}

function resultBlock(o: ToolCallOutcome): ToolResultBlock {
  return { type: 'tool_result', tool_use_id: o.toolUseId, content: transcriptContent(o.content), ...(o.isError ? { is_error: true } : {}) };
}

export function createToolBatch(opts: BatchOptions): ToolBatch {
  const stop = new AbortController();
  const onTurnAbort = () => stop.abort();
  if (opts.signal.aborted) stop.abort();
  else opts.signal.addEventListener('abort', onTurnAbort, { once: true });
  const uses: ExecutorToolUse[] = [];
  const badInput = new Map<string, string>();
  const extras = new Map<string, PipelineOutcome>();
  const outcomes: ToolCallOutcome[] = [];
  let executor: StreamingToolExecutor | null = null;
  let consuming: Promise<void> = Promise.resolve();
  let finished: Promise<ToolBatchResult> | null = null;

  const run: PipelineRunToolUse = async (use, signal, onProgress, upcoming) => {
    const out = await runOnceRecorded(use, signal, onProgress, upcoming);
    opts.recorder?.finished(resultBlock(checkedOutcome(use, out)));
    return out;
  };

  const runOnceRecorded: PipelineRunToolUse = async (use, signal, onProgress, upcoming) => {
    const bad = badInput.get(use.id);
    if (bad !== undefined) return failedUnrun(use, bad, 'invalid_input');
    if (opts.recorder) {
      try {
        await opts.recorder.recorded(use.id);
      } catch (err) {
        const why = `Agent Desk could not save this call to the conversation, so it did not run it: ${err instanceof Error ? err.message : String(err)}`;
        return failedUnrun(use, why, 'not_saved');
      }
    }
    const out = await opts.runToolUse(
      use,
      signal,
      (p) => {
        // CC5: progress goes out at once, not when the executor's consumer next looks.
        opts.publishProgress(use.id, p);
        onProgress(p);
      },
      upcoming,
    );
    extras.set(use.id, out);
    if (out.hookMessages?.length) opts.onHookMessages(out.hookMessages);
    // Before the executor hears of the result: the call it starts next (a non-safe call waits for
    // this one) already sees the change. Parallel safe calls apply theirs as each finishes.
    if (out.contextModifier && out.state === 'succeeded') opts.onContextModifier(out.contextModifier);
    return out;
  };

  function failedUnrun(use: ExecutorToolUse, why: string, code: string): PipelineOutcome {
    const content = toolUseError(why);
    const at = opts.now();
    opts.publishView({
      id: use.id, name: use.name, userFacingName: use.name, messageId: use.messageId, input: use.input,
      state: 'failed', result: { text: content, isError: true }, error: { message: why, code }, startedAt: at, endedAt: at,
    });
    return { toolUseId: use.id, content, isError: true, state: 'failed' };
  }

  function ensureExecutor(): StreamingToolExecutor {
    if (executor) return executor;
    const ex = new StreamingToolExecutor({
      runToolUse: run,
      isConcurrencySafe: (u) => isConcurrencySafeUse(opts.tools, u),
      abortsSiblingsOnError: (u) => abortsSiblingsOnError(opts.tools, u),
      worksInThread: (u) => worksInThreadUse(opts.tools, u),
      signal: stop.signal,
      env: opts.env,
      log: opts.log,
      ...(opts.stopGraceMs !== undefined ? { stopGraceMs: opts.stopGraceMs } : {}),
      ...(opts.onExecutorEvent ? { onEvent: opts.onExecutorEvent } : {}),
    });
    executor = ex;
    // Consumed from the start so results are taken in call order as they are ready (CC6: woken, no polling).
    consuming = (async () => {
      for await (const item of ex.results()) if (item.kind === 'result') outcomes.push(item.outcome);
    })();
    return ex;
  }

  /** Publishes a final card for calls whose last card is not the outcome the model gets. */
  function closeCard(use: ExecutorToolUse, outcome: ToolCallOutcome): void {
    const last = opts.lastView(use.id);
    if (last && isTerminal(last.state) && last.state === outcome.state) return;
    const text = contentText(outcome.content);
    opts.publishView({
      ...(last ?? { id: use.id, name: use.name, userFacingName: use.name, messageId: use.messageId, input: use.input, startedAt: opts.now() }),
      state: outcome.state,
      result: { text, isError: outcome.isError },
      ...(outcome.isError ? { error: { message: text, code: outcome.state } } : {}),
      endedAt: opts.now(),
    });
  }

  async function collect(): Promise<ToolBatchResult> {
    executor?.finishedAdding();
    await consuming;
    opts.signal.removeEventListener('abort', onTurnAbort);
    const byId = new Map(outcomes.map((o) => [o.toolUseId, o]));
    const items = uses.map((use) => {
      const outcome = byId.get(use.id) ?? { toolUseId: use.id, content: 'Error: the call ended without a result.', isError: true, state: 'failed' as const };
      closeCard(use, outcome);
      const extra = extras.get(use.id);
      // The pipeline's saved file still stands for this content only if the executor did not rewrite it.
      const persistedPath = extra && extra.content === outcome.content ? extra.persistedPath : undefined;
      return { ...outcome, ...(persistedPath ? { persistedPath } : {}) };
    });
    const budgeted = await applyMessageBudget(items, { dir: opts.toolResultsDir, persister: opts.persister });
    const results = budgeted.map(resultBlock);
    const extra: ContentBlock[] = [];
    let stopTurn: { reason: string } | undefined;
    for (const use of uses) {
      const x = extras.get(use.id);
      for (const m of x?.newMessages ?? []) {
        // Tools add context for the model; an assistant-role message cannot sit among tool results.
        if (m.role === 'user') extra.push({ type: 'text', text: m.content });
        else opts.log.warn(`tool ${use.name} returned an assistant message; it was not added to the conversation`);
      }
      stopTurn ??= x?.stopTurn;
    }
    return { results, extra, ...(stopTurn ? { stopTurn } : {}) };
  }

  return {
    add(block: ToolUseBlock, inputError?: string) {
      if (finished) {
        opts.log.warn(`tool_use ${block.id} arrived after its batch finished; ignored`);
        return;
      }
      if (uses.some((u) => u.id === block.id)) return;
      const use: ExecutorToolUse = { id: block.id, name: block.name, input: block.input, messageId: opts.messageId };
      if (inputError !== undefined) badInput.set(use.id, inputError);
      uses.push(use);
      ensureExecutor().addTool(use);
    },
    finish() {
      finished ??= collect();
      return finished;
    },
    cancel(reason) {
      if (executor) executor.cancelAll(reason);
      stop.abort();
    },
  };
}
