// Runs subagents for the Agent tool (AG7, AG8): each a second turn loop with its own messages, system
// prompt and tools (child-tools.ts), its own sidechain transcript, stopped with its caller (the Agent
// call's signal, or its background task's Stop). Its final text is its answer. Its requests pass its
// session's budget gate, and each of its model calls counts in the session's total (issue 20 item 3).
import { messageText, type ExtraUsage, type Message } from '../../../shared/transcript';
import type { Logger } from '../../base/log';
import type { HookRunner } from '../../hooks/types';
import type { RetryPolicy } from '../../model/retry';
import type { ModelClient } from '../../model/types';
import type { SubagentHost, SubagentOutcome, SubagentRunSpec } from '../../tools/core/subagents';
import type { AnyTool } from '../../tools/core/tool';
import { buildSystemBlocks } from '../../tools/core/tools-param';
import { addTotals, callTotals, tokensOf, ZERO_TOTALS } from '../../model/usage';
import { runLoop } from '../loop';
import { toApiMessages } from '../request';
import type { ChildTools, ChildToolsSpec } from '../tools/child-tools';
import { createSidechain } from './sidechain';

export type SubagentHooks = Pick<HookRunner, 'subagentStart' | 'subagentStop' | 'has'>;

/** What a subagent needs of the model: the parent's choice, a client for any model, the retry policy. */
export interface SubagentModels {
  parent(): string;
  /** Throws (a ModelError) when no credential is configured. */
  client(model: string): ModelClient;
  retry: RetryPolicy;
  /** The session's budget gate, passed before each of the subagent's requests. */
  gate?: (signal: AbortSignal) => Promise<'go' | 'stop'>;
  /** Each of its model calls, for the session's total (and its budget). */
  onUsage?: (call: ExtraUsage) => void;
}

export interface SubagentHostDeps {
  models: SubagentModels;
  projectDir: string;
  childTools: (spec: ChildToolsSpec) => ChildTools;
  projectTrusted: () => boolean;
  /** The engine's environment (HOME, ANTHROPIC_DEFAULT_*_MODEL). */
  env: Readonly<Record<string, string | undefined>>;
  /** Where the sidechain transcripts go (`<session>.agents`). */
  sidechainDir: string;
  /** The session's hooks: SubagentStart and SubagentStop (matched on the agent type). */
  hooks?: SubagentHooks;
  sessionId?: string;
  /** Hook output for the person (systemMessages, failures). */
  onHookMessages?: (messages: string[]) => void;
  log: Logger;
  newId: () => string;
  now: () => number;
}

function finalText(messages: readonly Message[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === 'assistant') {
      const text = messageText(m).trim();
      if (text) return text;
    }
  }
  return '';
}

export function createSubagentHost(deps: SubagentHostDeps): SubagentHost<AnyTool> {
  return {
    parentModel: () => deps.models.parent(),
    projectTrusted: () => deps.projectTrusted(),
    home: () => deps.env.HOME || deps.env.USERPROFILE || undefined,
    env: () => deps.env,
    async run(spec: SubagentRunSpec<AnyTool>): Promise<SubagentOutcome> {
      const sidechain = createSidechain(deps.sidechainDir, spec.agentId, { parentToolUseId: spec.parentToolUseId, model: spec.model, label: spec.label, cwd: spec.cwd }, deps.log);
      const tools = deps.childTools({
        tools: spec.tools,
        cwd: spec.cwd,
        isolated: spec.cwd !== deps.projectDir,
        ...(spec.permissionMode ? { permissionMode: spec.permissionMode } : {}),
        origin: { kind: 'subagent', label: spec.label },
        parentToolUseId: spec.parentToolUseId,
      });
      const messages: Message[] = [];
      let toolUses = 0;
      let spent = ZERO_TOTALS;
      const append = (m: Message) => {
        messages.push(m);
        sidechain.add(m);
        if (m.role === 'assistant' && m.usage) {
          spent = addTotals(spent, callTotals(m.model, m.usage));
          deps.models.onUsage?.({ at: m.createdAt, ...(m.model ? { model: m.model } : {}), usage: m.usage, toolUseId: spec.parentToolUseId, agentId: spec.agentId });
        }
        for (const b of m.content) {
          if (b.type === 'text' && m.role === 'assistant' && b.text.trim()) spec.onActivity?.({ type: 'text', text: b.text });
          if (b.type === 'tool_use') {
            toolUses++;
            const tool = spec.tools.find((t) => t.name === b.name);
            let summary = '';
            try {
              summary = tool?.summarize((b.input ?? {}) as never) ?? '';
            } catch {
              // A summary is a courtesy.
            }
            spec.onActivity?.({ type: 'tool_use', id: b.id, name: tool?.userFacingName(b.input as never) ?? b.name, summary });
          }
          if (b.type === 'tool_result') spec.onActivity?.({ type: 'tool_result', id: b.tool_use_id, isError: b.is_error === true });
        }
      };
      const hooks = subagentHooks(deps, spec);
      const context = await hooks.start();
      append({ id: deps.newId(), role: 'user', content: [{ type: 'text', text: context ? `${spec.prompt}\n\n${context}` : spec.prompt }], createdAt: deps.now() });
      const done = (o: Omit<SubagentOutcome, 'transcriptFile' | 'spend'>): Promise<SubagentOutcome> =>
        sidechain.settled().then(() => ({ ...o, transcriptFile: sidechain.file, spend: { tokens: tokensOf(spent), costUsd: spent.costUsd } }));
      let client: ModelClient;
      try {
        client = deps.models.client(spec.model);
      } catch (err) {
        return done({ text: '', turns: 0, toolUses: 0, aborted: false, maxTurnsReached: false, error: err instanceof Error ? err.message : String(err) });
      }
      try {
        const result = await runLoop(
          {
            client,
            model: spec.model,
            request: () => {
              const t = tools.request();
              return { messages: toApiMessages(messages), system: buildSystemBlocks(spec.systemPrompt, [t.systemAddendum]), ...(t.tools.length > 0 ? { tools: t.tools } : {}) };
            },
            toolRunner: tools,
            ...(spec.maxTurns ? { maxTurns: spec.maxTurns } : {}),
            retry: deps.models.retry,
            ...(deps.models.gate ? { gate: deps.models.gate } : {}),
            append,
            emit: () => undefined,
            onEnd: (active, signal) => hooks.stop(active, finalText(messages), sidechain.file, signal),
            newId: deps.newId,
            now: deps.now,
          },
          spec.signal,
        );
        return done({
          text: finalText(messages),
          turns: result.turns,
          toolUses,
          aborted: result.aborted,
          maxTurnsReached: result.maxTurnsReached,
          ...(result.error ? { error: result.error.message } : result.budgetStopped ? { error: 'Stopped at the budget: the conversation has used up its budget.' } : {}),
        });
      } catch (err) {
        deps.log.error(`subagent ${spec.agentId} failed`, err);
        return done({ text: finalText(messages), turns: 0, toolUses, aborted: spec.signal.aborted, maxTurnsReached: false, error: err instanceof Error ? err.message : String(err) });
      }
    },
  };
}

/** SubagentStart (context for its task) and SubagentStop (may send it back to work), as Claude Code runs them. */
function subagentHooks(deps: SubagentHostDeps, spec: SubagentRunSpec<AnyTool>) {
  const { hooks } = deps;
  const who = { sessionId: deps.sessionId ?? '', cwd: spec.cwd, agentId: spec.agentId, agentType: spec.agentType };
  const tell = (messages: string[]) => {
    if (messages.length > 0) deps.onHookMessages?.(messages);
  };
  return {
    async start(): Promise<string | null> {
      if (!hooks?.subagentStart || !hooks.has('SubagentStart', spec.agentType)) return null;
      const r = await hooks.subagentStart(who, spec.signal);
      tell(r.messages);
      return r.additionalContext ?? null;
    },
    async stop(active: boolean, lastAssistantMessage: string, agentTranscriptPath: string, signal: AbortSignal): Promise<string | null> {
      if (!hooks?.subagentStop || !hooks.has('SubagentStop', spec.agentType)) return null;
      const r = await hooks.subagentStop({ ...who, stopHookActive: active, agentTranscriptPath, lastAssistantMessage }, signal);
      tell(r.messages);
      return r.blocked ? `SubagentStop hook feedback:\n${r.blocked.message}` : null;
    },
  };
}
