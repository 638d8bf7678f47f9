// Turns the executions of one event's hooks (config order) into that event's result, with Claude
// Code's semantics: exit 0 = JSON (or plain text) output, exit 2 = block with stderr, anything
// else = a non-blocking problem reported in `messages`. Pure functions.
import { formatDuration } from '../../shared/format-duration';
import type { HookEvent } from '../settings/hooks-config';
import type { HookExecution } from './exec';
import { parseHookStdout, type HookJsonOutput } from './output';
import type {
  PermissionDecision,
  PostToolResult,
  PreToolUseResult,
  SessionStartResult,
  PreCompactResult,
  StopResult,
  UserPromptSubmitResult,
} from './types';

const label = (event: HookEvent, ex: HookExecution) => {
  const cmd = ex.hook.command.length > 100 ? `${ex.hook.command.slice(0, 97)}...` : ex.hook.command;
  return `${event} hook "${cmd}"`;
};

const blockMessage = (event: HookEvent, ex: HookExecution) => ex.stderr.trim() || `Blocked by ${label(event, ex)}`;

/** What a hook that exited 0 said, with problems and systemMessages appended to `messages`. */
type Said = { json?: HookJsonOutput; text?: string };

/** Reports failures; returns what a successful hook printed, undefined for other outcomes. */
function inspect(event: HookEvent, ex: HookExecution, messages: string[]): Said | undefined {
  const stderr = ex.stderr.trim();
  switch (ex.outcome) {
    case 'timeout':
      messages.push(`${label(event, ex)} timed out after ${formatDuration(ex.timeoutMs)} and was stopped`);
      return undefined;
    case 'aborted':
      messages.push(`${label(event, ex)} was cancelled`);
      return undefined;
    case 'spawn-error':
      messages.push(`${label(event, ex)} could not run: ${ex.error ?? 'unknown error'}`);
      return undefined;
    case 'error':
      messages.push(
        `${label(event, ex)} failed with ${ex.exitCode === null ? (ex.error ?? 'no exit code') : `exit code ${ex.exitCode}`}` +
          (stderr ? `: ${stderr}` : ''),
      );
      return undefined;
    case 'blocking':
      return undefined;
    case 'success': {
      const parsed = parseHookStdout(ex.stdout);
      if (parsed.kind === 'invalid') {
        messages.push(`${label(event, ex)}: ${parsed.warning}`);
        return {};
      }
      if (parsed.kind === 'json') {
        if (parsed.output.systemMessage) messages.push(parsed.output.systemMessage);
        return { json: parsed.output };
      }
      return parsed.kind === 'text' ? { text: parsed.text } : {};
    }
  }
}

const contextOf = (json: HookJsonOutput | undefined) => json?.hookSpecificOutput?.additionalContext ?? json?.additionalContext;
const joined = (items: string[]) => (items.length > 0 ? items.join('\n') : undefined);

export function aggregatePreToolUse(execs: readonly HookExecution[]): PreToolUseResult {
  const messages: string[] = [];
  const votes: Array<{ decision: PermissionDecision; reason?: string }> = [];
  const updates: Array<{ decision?: PermissionDecision; updatedInput: unknown }> = [];
  const blocks: string[] = [];
  for (const ex of execs) {
    if (ex.outcome === 'blocking') {
      const message = blockMessage('PreToolUse', ex);
      votes.push({ decision: 'deny', reason: message });
      blocks.push(message);
      continue;
    }
    const said = inspect('PreToolUse', ex, messages);
    const json = said?.json;
    if (!json) continue;
    if (json.continue === false) {
      const message = json.stopReason ?? `Stopped by ${label('PreToolUse', ex)}`;
      votes.push({ decision: 'deny', reason: message });
      blocks.push(message);
      continue;
    }
    const hso = json.hookSpecificOutput;
    const decision: PermissionDecision | undefined =
      hso?.permissionDecision ?? (json.decision === 'approve' ? 'allow' : json.decision === 'block' ? 'deny' : undefined);
    const reason = hso?.permissionDecision ? hso.permissionDecisionReason : json.reason;
    if (decision) votes.push({ decision, ...(reason ? { reason } : {}) });
    // A rewrite alone is no approval: it rides along with whatever the permission stage decides.
    if (hso?.updatedInput) updates.push({ ...(decision ? { decision } : {}), updatedInput: hso.updatedInput });
  }
  const decision = (['deny', 'ask', 'allow'] as const).find((d) => votes.some((v) => v.decision === d));
  // An input rewrite only stands when the call may go ahead, from a hook that agreed or abstained.
  const updatedInput =
    decision === 'deny' ? undefined : updates.find((u) => u.decision === undefined || u.decision === decision)?.updatedInput;
  if (!decision) return { ...(updatedInput !== undefined ? { updatedInput } : {}), messages };
  const reason = joined(votes.filter((v) => v.decision === decision).flatMap((v) => (v.reason ? [v.reason] : [])));
  return {
    decision,
    ...(reason ? { reason } : {}),
    ...(updatedInput !== undefined ? { updatedInput } : {}),
    ...(decision === 'deny' ? { blocked: { message: joined(blocks) ?? reason ?? 'Blocked by a PreToolUse hook' } } : {}),
    messages,
  };
}

export function aggregatePostTool(event: 'PostToolUse' | 'PostToolUseFailure', execs: readonly HookExecution[]): PostToolResult {
  const messages: string[] = [];
  const feedback: string[] = [];
  let stop: { reason: string } | undefined;
  for (const ex of execs) {
    if (ex.outcome === 'blocking') {
      feedback.push(blockMessage(event, ex));
      continue;
    }
    const json = inspect(event, ex, messages)?.json;
    if (!json) continue;
    if (json.decision === 'block') feedback.push(json.reason ?? `Blocked by ${label(event, ex)}`);
    const context = contextOf(json);
    if (context) feedback.push(context);
    if (json.continue === false) stop ??= { reason: json.stopReason ?? `Stopped by ${label(event, ex)}` };
  }
  const text = joined(feedback);
  return { ...(text ? { feedback: text } : {}), ...(stop ? { stop } : {}), messages };
}

export function aggregateUserPromptSubmit(execs: readonly HookExecution[]): UserPromptSubmitResult {
  const messages: string[] = [];
  const blocks: string[] = [];
  const context: string[] = [];
  for (const ex of execs) {
    if (ex.outcome === 'blocking') {
      blocks.push(blockMessage('UserPromptSubmit', ex));
      continue;
    }
    const said = inspect('UserPromptSubmit', ex, messages);
    if (said?.text) context.push(said.text);
    const json = said?.json;
    if (!json) continue;
    if (json.continue === false) blocks.push(json.stopReason ?? `Stopped by ${label('UserPromptSubmit', ex)}`);
    else if (json.decision === 'block') blocks.push(json.reason ?? `Blocked by ${label('UserPromptSubmit', ex)}`);
    const extra = contextOf(json);
    if (extra) context.push(extra);
  }
  const blocked = joined(blocks);
  const additionalContext = joined(context);
  return {
    ...(blocked ? { blocked: { message: blocked } } : {}),
    ...(additionalContext && !blocked ? { additionalContext } : {}),
    messages,
  };
}

export function aggregateStop(execs: readonly HookExecution[], event: 'Stop' | 'SubagentStop' = 'Stop'): StopResult {
  const messages: string[] = [];
  const blocks: string[] = [];
  for (const ex of execs) {
    if (ex.outcome === 'blocking') {
      blocks.push(blockMessage(event, ex));
      continue;
    }
    const json = inspect(event, ex, messages)?.json;
    if (json?.decision === 'block') blocks.push(json.reason ?? `Blocked by ${label(event, ex)}`);
  }
  const blocked = joined(blocks);
  return { ...(blocked ? { blocked: { message: blocked } } : {}), messages };
}

/**
 * SessionStart and SubagentStart cannot block: exit 2 only shows stderr. SessionStart's plain stdout is
 * context for the model too; a subagent's context comes only from `additionalContext`.
 */
export function aggregateSessionStart(execs: readonly HookExecution[], event: 'SessionStart' | 'SubagentStart' = 'SessionStart'): SessionStartResult {
  const messages: string[] = [];
  const context: string[] = [];
  for (const ex of execs) {
    if (ex.outcome === 'blocking') {
      messages.push(`${label(event, ex)}: ${blockMessage(event, ex)}`);
      continue;
    }
    const said = inspect(event, ex, messages);
    if (said?.text && event === 'SessionStart') context.push(said.text);
    const extra = contextOf(said?.json);
    if (extra) context.push(extra);
  }
  const additionalContext = joined(context);
  return { ...(additionalContext ? { additionalContext } : {}), messages };
}

/** PreCompact: exit 2 or `decision: "block"` keeps the conversation as it is. */
export function aggregatePreCompact(execs: readonly HookExecution[]): PreCompactResult {
  const messages: string[] = [];
  const blocks: string[] = [];
  for (const ex of execs) {
    if (ex.outcome === 'blocking') {
      blocks.push(blockMessage('PreCompact', ex));
      continue;
    }
    const json = inspect('PreCompact', ex, messages)?.json;
    if (json?.decision === 'block') blocks.push(json.reason ?? `Blocked by ${label('PreCompact', ex)}`);
  }
  const blocked = joined(blocks);
  return { ...(blocked ? { blocked: { message: blocked } } : {}), messages };
}
