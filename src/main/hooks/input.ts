// The JSON a command hook reads on stdin, with Claude Code's field names (snake_case), so existing
// hook scripts work unchanged.
import type { HookEvent } from '../settings/hooks-config';
import type {
  PostToolUseEvent,
  PostToolUseFailureEvent,
  PreCompactEvent,
  PreToolUseEvent,
  SessionStartEvent,
  StopEvent,
  SubagentStartEvent,
  SubagentStopEvent,
  UserPromptSubmitEvent,
} from './types';

export interface HookInputBase {
  session_id: string;
  transcript_path: string;
  cwd: string;
  hook_event_name: HookEvent;
  permission_mode?: string;
}

type Common = { sessionId: string; cwd: string };

export interface HookInputContext {
  transcriptPath: string;
  permissionMode?: string;
}

function base(event: HookEvent, e: Common, c: HookInputContext): HookInputBase {
  return {
    session_id: e.sessionId,
    transcript_path: c.transcriptPath,
    cwd: e.cwd,
    hook_event_name: event,
    ...(c.permissionMode ? { permission_mode: c.permissionMode } : {}),
  };
}

export const hookInput = {
  PreToolUse: (e: PreToolUseEvent, c: HookInputContext) => ({
    ...base('PreToolUse', e, c),
    tool_name: e.toolName,
    tool_input: e.toolInput,
    tool_use_id: e.toolUseId,
  }),
  PostToolUse: (e: PostToolUseEvent, c: HookInputContext) => ({
    ...base('PostToolUse', e, c),
    tool_name: e.toolName,
    tool_input: e.toolInput,
    tool_response: e.toolResponse,
    tool_use_id: e.toolUseId,
  }),
  PostToolUseFailure: (e: PostToolUseFailureEvent, c: HookInputContext) => ({
    ...base('PostToolUseFailure', e, c),
    tool_name: e.toolName,
    tool_input: e.toolInput,
    tool_use_id: e.toolUseId,
    error: e.error,
    is_interrupt: e.isInterrupt ?? false,
  }),
  UserPromptSubmit: (e: UserPromptSubmitEvent, c: HookInputContext) => ({ ...base('UserPromptSubmit', e, c), prompt: e.prompt }),
  Stop: (e: StopEvent, c: HookInputContext) => ({ ...base('Stop', e, c), stop_hook_active: e.stopHookActive ?? false }),
  SessionStart: (e: SessionStartEvent, c: HookInputContext) => ({ ...base('SessionStart', e, c), source: e.source }),
  PreCompact: (e: PreCompactEvent, c: HookInputContext) => ({ ...base('PreCompact', e, c), trigger: e.trigger, custom_instructions: e.customInstructions }),
  SubagentStart: (e: SubagentStartEvent, c: HookInputContext) => ({ ...base('SubagentStart', e, c), agent_id: e.agentId, agent_type: e.agentType }),
  SubagentStop: (e: SubagentStopEvent, c: HookInputContext) => ({
    ...base('SubagentStop', e, c),
    stop_hook_active: e.stopHookActive,
    agent_id: e.agentId,
    agent_type: e.agentType,
    agent_transcript_path: e.agentTranscriptPath,
    last_assistant_message: e.lastAssistantMessage,
  }),
};
