// A subagent's tools (AG5, AG8): its own pool, tool context (its own cwd and folder, a clone of what
// the parent has read, its own loaded deferred tools), its own permission mode, and the parent's
// permission prompter, session rules and hooks — so its asks reach the same approval window, marked
// with its name. Its calls are published as the parent's cards are, tagged with the Agent call's id.
import type { RequestOrigin } from '../../../shared/permissions/request';
import type { ToolCallView, ToolProgress } from '../../../shared/tools/tool-call';
import type { Logger } from '../../base/log';
import type { ApiTool } from '../../model/types';
import type { PermissionDecider } from '../../permissions/decision';
import type { PermissionMode } from '../../permissions/types';
import { createBackgroundRequests } from '../../tools/core/backgrounding';
import { createDeferredToolState } from '../../tools/core/deferred';
import type { AnyTool, ToolUseContext } from '../../tools/core/tool';
import { buildToolsParam } from '../../tools/core/tools-param';
import type { PipelineDeps } from '../../tools/pipeline/deps';
import { fsResultPersister } from '../../tools/pipeline/persist';
import { createRunToolUse, type PipelineRunToolUse } from '../../tools/pipeline/run-tool-use';
import type { ToolRunner } from '../tool-runner';
import { createToolBatch } from './batch';

export interface ChildToolsSpec {
  tools: readonly AnyTool[];
  cwd: string;
  /** The subagent's own folder (a worktree) replaces the project as its only working folder. */
  isolated: boolean;
  permissionMode?: PermissionMode;
  origin: RequestOrigin;
  parentToolUseId: string;
  /** A teammate's name (AG7): its SendMessage calls are signed with it. */
  teammateName?: string;
}

export interface ChildToolsKit {
  /** The parent's tool context now. */
  context: () => ToolUseContext;
  deps: PipelineDeps;
  /** A decider over the session's rules (shared "always allow" answers) with the given mode. */
  decider: (mode: (() => PermissionMode) | undefined) => PermissionDecider;
  /** A call's turn and origin, for its permission request (removed once the call ends). */
  track: (toolUseId: string, messageId: string, origin: RequestOrigin) => () => void;
  lastView: (id: string) => ToolCallView | undefined;
  publishView: (view: ToolCallView) => void;
  publishProgress: (callId: string, progress: ToolProgress) => void;
  onHookMessages: (messages: string[]) => void;
  toolResultsDir: string;
  env: Readonly<Record<string, string | undefined>>;
  log: Logger;
  now: () => number;
  stopGraceMs?: number;
}

export interface ChildTools extends ToolRunner {
  request(): { tools: ApiTool[]; systemAddendum: string | null };
}

export function createChildTools(kit: ChildToolsKit, spec: ChildToolsSpec): ChildTools {
  const deferred = createDeferredToolState();
  const state = { cwd: spec.cwd };
  // Its reads start from what the parent has read, and stay its own (AG8).
  const fileState = kit.context().fileState?.clone();
  const backgroundRequests = createBackgroundRequests();
  let modifiers: Array<(ctx: ToolUseContext) => ToolUseContext> = [];
  const context = (): ToolUseContext => {
    const parent = kit.context();
    const base: ToolUseContext = {
      ...parent,
      ...(spec.isolated ? { projectDir: spec.cwd, workingDirectories: [spec.cwd] } : {}),
      state,
      tools: spec.tools,
      deferredTools: deferred,
      backgroundRequests,
      ...(fileState ? { fileState } : {}),
      // What it starts in the background says who started it (TaskList, TaskGet).
      ...(spec.origin.kind === 'subagent' ? { agentLabel: spec.origin.label } : {}),
      ...(spec.teammateName ? { teammateName: spec.teammateName } : {}),
    };
    return modifiers.reduce((ctx, m) => {
      try {
        return m(ctx);
      } catch {
        return ctx;
      }
    }, base);
  };
  const tag = (view: ToolCallView): ToolCallView => ({ ...view, parentToolUseId: spec.parentToolUseId });
  const pipeline = createRunToolUse({
    ...kit.deps,
    context,
    ...(spec.permissionMode ? { permissions: kit.decider(() => spec.permissionMode!) } : {}),
    publish: (view) => kit.publishView(tag(view)),
  });
  const runToolUse: PipelineRunToolUse = async (...args) => {
    const use = args[0];
    const untrack = kit.track(use.id, use.messageId, spec.origin);
    try {
      return await pipeline(...args);
    } finally {
      untrack();
    }
  };
  return {
    request() {
      const param = buildToolsParam(spec.tools, deferred.loaded);
      return { tools: param.tools, systemAddendum: param.systemAddendum };
    },
    // A context change lasts the rest of the run: the whole run answers one message.
    begin(messageId, signal, recorder) {
      return createToolBatch({
        messageId,
        ...(recorder ? { recorder } : {}),
        tools: spec.tools,
        runToolUse,
        signal,
        toolResultsDir: kit.toolResultsDir,
        persister: fsResultPersister,
        lastView: kit.lastView,
        publishView: (view) => kit.publishView(tag(view)),
        publishProgress: kit.publishProgress,
        onHookMessages: kit.onHookMessages,
        onContextModifier: (m) => void modifiers.push(m),
        env: kit.env,
        log: kit.log,
        now: kit.now,
        ...(kit.stopGraceMs !== undefined ? { stopGraceMs: kit.stopGraceMs } : {}),
      });
    },
  };
}
