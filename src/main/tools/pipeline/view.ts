// Publishes one call's ToolCallView on every state change (validating → awaiting_permission? →
// running → terminal) and builds the final outcome; a throwing tool method or publisher is contained.
import type { ToolCallState, ToolCallView } from '../../../shared/tools/tool-call';
import type { ToolErrorCode } from '../core/errors';
import type { AnyTool, ToolResultContent, ToolUseContext } from '../core/tool';
import type { ExecutorToolUse } from '../executor/types';
import { contentText } from './content';
import type { PipelineDeps, PipelineOutcome } from './deps';

export interface Finish extends Omit<PipelineOutcome, 'toolUseId' | 'isError'> {
  isError?: boolean;
  code?: ToolErrorCode;
  /** The tool's structured output, for its view in the renderer. */
  data?: unknown;
  /** The short error text for the card (the model gets `content`). */
  errorMessage?: string;
}

export interface ViewTracker {
  setTool(tool: AnyTool, observableInput: unknown): void;
  setInput(observableInput: unknown): void;
  update(state: ToolCallState): void;
  finish(f: Finish): PipelineOutcome;
}

function attempt<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

/** TC5: the UI's copy of the input; the model's input object is never touched. */
export function observableInput(tool: AnyTool, input: unknown, ctx: ToolUseContext): unknown {
  return attempt(() => tool.backfillObservableInput(structuredClone(input), ctx), input);
}

export function createViewTracker(use: ExecutorToolUse, deps: Pick<PipelineDeps, 'publish' | 'clock'>, log?: { warn(m: string, x?: unknown): void }): ViewTracker {
  let tool: AnyTool | undefined;
  let view: ToolCallView = {
    id: use.id,
    name: use.name,
    userFacingName: use.name,
    messageId: use.messageId,
    input: use.input,
    state: 'validating',
    startedAt: deps.clock(),
  };
  const publish = () => {
    try {
      deps.publish(view);
    } catch (e) {
      log?.warn('publishing a tool call view failed', String(e));
    }
  };
  const describe = (input: unknown) => {
    if (!tool) return;
    const t = tool;
    view = {
      ...view,
      name: t.name,
      kind: t.kind ?? 'other',
      userFacingName: attempt(() => t.userFacingName(input as never), t.name) || t.name,
      input,
    };
    const summary = attempt(() => t.summarize(input as never), '');
    if (summary) view.summary = summary;
  };
  publish();
  return {
    setTool(t, input) {
      tool = t;
      describe(input);
    },
    setInput: describe,
    update(state) {
      view = { ...view, state };
      publish();
    },
    finish(f) {
      const { code, data, errorMessage, ...rest } = f;
      const isError = f.isError ?? f.state !== 'succeeded';
      const outcome: PipelineOutcome = { ...rest, toolUseId: use.id, isError };
      const text = contentText(f.content as ToolResultContent);
      const result: NonNullable<ToolCallView['result']> = { text, isError };
      if (f.persistedPath) result.persistedPath = f.persistedPath;
      if (data !== undefined) result.data = data;
      view = { ...view, state: f.state, endedAt: deps.clock(), result };
      if (isError) view.error = code ? { message: errorMessage ?? text, code } : { message: errorMessage ?? text };
      publish();
      return outcome;
    },
  };
}
