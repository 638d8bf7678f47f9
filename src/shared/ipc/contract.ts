// The one IPC contract: every channel between renderer and main, with zod schemas for both directions.
// Channel names exist only here; hosts (desktop, web) and the preload derive everything from it.
import { z } from 'zod';
import { PermissionReplyInput, PermissionReplyManyInput, PermissionReplyManyResult, PermissionRequestView } from '../permissions/request';
import {
  RecentCommandsInput,
  RecentCommandsResult,
  RuleEditInput,
  RuleListing,
  RuleTestInput,
  RuleTestResult,
  RuleUpdateInput,
  UndoAlwaysInput,
  UndoAlwaysResult,
} from '../permissions/rule-store';
import { BudgetStatus } from '../budget';
import { SessionEvent, UsageTotals } from '../session-events';
import { ToolCallView } from '../tools/tool-call';
import { Message, SessionStatus, SessionSummary } from '../transcript';
import { TrustStatus } from '../trust';
import { WorkingFolder } from '../working-folder';
import { sandboxEvents, sandboxInvoke } from './sandbox-contract';
import { mcpEvents, mcpInvoke } from './mcp-contract';
import { tasksEvents, tasksInvoke } from './tasks-contract';
import { taskListInvoke } from './task-list-contract';
import { backgroundEvents, backgroundInvoke } from './background-contract';
import { terminalEvents, terminalInvoke } from './terminal-contract';

const empty = z.strictObject({});
const sessionId = z.string().min(1).max(200);

export const HostKind = z.enum(['desktop', 'web']);
export type HostKind = z.infer<typeof HostKind>;

export const ProjectInfo = z.object({ dir: z.string(), name: z.string() });
export type ProjectInfo = z.infer<typeof ProjectInfo>;

export const AuthStatus = z.object({
  configured: z.boolean(),
  /** Where the credential comes from, when configured. */
  source: z.enum(['env:ANTHROPIC_API_KEY', 'env:ANTHROPIC_AUTH_TOKEN', 'stored', 'settings']).nullable(),
  /** Whether this host can store a key typed into the app (desktop: yes, web: no). */
  canStoreKey: z.boolean(),
});
export type AuthStatus = z.infer<typeof AuthStatus>;

export const AppInit = z.object({
  host: HostKind,
  version: z.string(),
  project: ProjectInfo.nullable(),
  auth: AuthStatus,
  model: z.string(),
  recentProjects: z.array(ProjectInfo),
});
export type AppInit = z.infer<typeof AppInit>;

/** A file the conversation changed (absolute, as its tool call recorded it). */
const changedPath = z.string().min(1).max(4096);

/** What `changes:revert` did to one file (PX6). */
export const RevertFileResult = z.object({
  path: z.string(),
  /** restored = back to its content before the conversation; deleted = the conversation had created it; already = nothing to do. */
  outcome: z.enum(['restored', 'deleted', 'already', 'refused', 'failed']),
  /** Why a file was refused. */
  reason: z.enum(['changed_since', 'deleted_since', 'unknown_content', 'outside_project', 'not_changed', 'notebook']).optional(),
  /** What happened, in plain words. */
  message: z.string(),
  /** A refusal the person may override by asking again with `overwriteLaterChanges` (their later changes are lost). */
  canOverwrite: z.boolean().default(false),
  /** changed_since: how the file now differs from the assistant's last write, in lines. */
  laterChanges: z.object({ added: z.number().int(), removed: z.number().int() }).optional(),
});
export type RevertFileResult = z.infer<typeof RevertFileResult>;

/** Request/response channels (renderer → main → renderer). */
export const invokeContract = {
  'app:init': { request: empty, response: AppInit },
  'auth:set-api-key': {
    request: z.strictObject({ apiKey: z.string().trim().min(10).max(500) }),
    response: AuthStatus,
  },
  'project:choose': { request: empty, response: z.object({ project: ProjectInfo.nullable() }) },
  'project:open': {
    request: z.strictObject({ dir: z.string().min(1).max(4096) }),
    response: z.object({ project: ProjectInfo }),
  },
  /** PX4: what the open folder configures for itself and whether the person trusted exactly that. */
  'project:trust-status': { request: empty, response: TrustStatus },
  /** Trusts exactly the configuration `fingerprint` names (refused when the folder changed meanwhile). */
  'project:trust': { request: z.strictObject({ fingerprint: z.string().min(1).max(200) }), response: TrustStatus },
  'session:list': { request: empty, response: z.object({ sessions: z.array(SessionSummary) }) },
  /** What the person may run as "/name" in the message box: the app's own commands, then the skills (the project's only once it is trusted). */
  'skills:list': {
    request: empty,
    response: z.object({ skills: z.array(z.object({ name: z.string(), description: z.string(), argumentHint: z.string().optional(), source: z.enum(['project', 'user', 'app']) })) }),
  },
  'session:create': { request: empty, response: z.object({ session: SessionSummary }) },
  'session:open': {
    request: z.strictObject({ sessionId }),
    response: z.object({
      session: SessionSummary,
      messages: z.array(Message),
      status: SessionStatus,
      /** Snapshots of this session's tool calls: live ones, and the saved final state of file-changing calls of past runs (others are rebuilt from messages). */
      toolCalls: z.array(ToolCallView).default([]),
      /** Requests still waiting for an answer. */
      pendingPermissions: z.array(PermissionRequestView).default([]),
      usage: UsageTotals.nullable().default(null),
      /** Tokens the model reads at once, as this session counts them (a configured window wins; issue 20). */
      contextWindow: z.number().int().positive().optional(),
      /** Its budget now (issue 20 item 4): share used and phase; null when it has none. */
      budget: BudgetStatus.nullable().default(null),
      /** Messages before the ones sent, for session:earlier (a long conversation comes a page at a time). */
      earlier: z.number().int().min(0).default(0),
      /** Messages on earlier pages whose file changes came along (for the Changes pane), not shown yet. */
      earlierIds: z.array(z.string()).default([]),
      /** How the assistant works in it now: 'default' (asks), 'acceptEdits', 'plan', 'bypassPermissions'. */
      mode: z.string().default('default'),
      /** Where it works when a tool moved it out of the project folder (a worktree); null = the project folder. */
      workingFolder: WorkingFolder.nullable().default(null),
      /** Replies being written now (a background task's conversation, followed live); present, they replace the window's. */
      drafts: z.array(z.object({ messageId: z.string(), model: z.string(), text: z.string() })).optional(),
    }),
  },
  /** The person picks how the assistant works from the next call on (the message box's choice). */
  'session:set-mode': {
    request: z.strictObject({ sessionId, mode: z.enum(['default', 'acceptEdits', 'plan']) }),
    response: z.object({ mode: z.string() }),
  },
  /** The page of a conversation's messages before the first `before` (the last answer's `earlier`). */
  'session:earlier': {
    request: z.strictObject({ sessionId, before: z.number().int().min(0).max(100_000_000) }),
    response: z.object({ messages: z.array(Message), toolCalls: z.array(ToolCallView), earlier: z.number().int().min(0), earlierIds: z.array(z.string()).default([]) }),
  },
  'session:send': {
    request: z.strictObject({ sessionId, text: z.string().trim().min(1).max(1_000_000) }),
    response: z.object({ accepted: z.literal(true) }),
  },
  /** Send the conversation again after a turn that ended on an error, adding no message (the notice's Retry). */
  'session:retry': {
    request: z.strictObject({ sessionId }),
    response: z.object({ accepted: z.literal(true) }),
  },
  'session:stop': {
    request: z.strictObject({ sessionId }),
    response: z.object({ stopped: z.boolean() }),
  },
  /** "Keep running in background" (BA10): a running command becomes a background task and its call returns now; false when it cannot move (it ended). */
  'session:background-call': {
    request: z.strictObject({ sessionId, toolUseId: z.string().min(1).max(200) }),
    response: z.object({ moved: z.boolean() }),
  },
  /** A conversation's new name, as the person typed it. */
  'session:rename': {
    request: z.strictObject({ sessionId, title: z.string().trim().min(1).max(200) }),
    response: z.object({ session: SessionSummary }),
  },
  /** Moves a conversation to the trash (refused while it works); `session:restore` undoes it. */
  'session:delete': {
    request: z.strictObject({ sessionId }),
    response: z.object({ removed: z.boolean() }),
  },
  'session:restore': {
    request: z.strictObject({ sessionId }),
    response: z.object({ session: SessionSummary.nullable() }),
  },
  /** The answer to a `permission_request` event (PL4e). */
  'permission:reply': {
    request: PermissionReplyInput,
    response: z.object({ accepted: z.boolean() }),
  },
  /** The approval inbox answers a group of requests at once (issue 5 item 6). */
  'permission:reply-many': { request: PermissionReplyManyInput, response: PermissionReplyManyResult },
  /**
   * Undo of an "Always allow" answer (issue 13 item 3): the session stops allowing by the rule at once,
   * and a rule saved to a settings file is taken out of it. Unknown session: not_found, nothing changed.
   */
  'permission:undo-always': { request: UndoAlwaysInput, response: UndoAlwaysResult },
  /** Every request of this project's sessions, subagents and tasks still waiting, oldest first. */
  'permission:pending': { request: empty, response: z.object({ requests: z.array(PermissionRequestView) }) },
  /** Rule workbench (issue 5): every rule by source with its file, and whether the source is writable. */
  'permissions:list': { request: empty, response: RuleListing },
  /** Edits to .claude/settings.local.json, .claude/settings.json or ~/.claude/settings.json; answer the new listing. */
  'permissions:add': { request: RuleEditInput, response: RuleListing },
  'permissions:remove': { request: RuleEditInput, response: RuleListing },
  'permissions:update': { request: RuleUpdateInput, response: RuleListing },
  /** A rule tested against a call before it is saved: match / no match, in plain words. */
  'permissions:test': { request: RuleTestInput, response: RuleTestResult },
  /** Which of this project's recent Bash commands the rule would have covered. */
  'permissions:recent': { request: RecentCommandsInput, response: RecentCommandsResult },
  /**
   * PX6: put files this conversation changed back as they were before it (a file it created is deleted).
   * The contents come from the session's own record, never from the caller; the answer is per file.
   */
  'changes:revert': {
    request: z.strictObject({
      sessionId,
      /** 'all' = every file the conversation changed; a list = those of them (an empty list reverts nothing). */
      paths: z.union([z.literal('all'), z.array(changedPath).max(10_000)]),
      /** The explicit second choice: revert files changed after the assistant's last write too. */
      overwriteLaterChanges: z.boolean().default(false),
    }),
    response: z.object({ files: z.array(RevertFileResult) }),
  },
  /** A file this conversation changed, opened in the system's editor (desktop only); a file that could run is shown in its folder instead. */
  'changes:open': {
    request: z.strictObject({ sessionId, path: changedPath }),
    response: z.object({ shown: z.enum(['file', 'folder']) }),
  },
  ...tasksInvoke,
  ...taskListInvoke,
  ...backgroundInvoke,
  ...terminalInvoke,
  ...sandboxInvoke,
  ...mcpInvoke,
} as const satisfies Record<string, { request: z.ZodType; response: z.ZodType }>;

/** Fire-and-forget channels (renderer → main). */
export const sendContract = {
  'log:write': z.strictObject({
    level: z.enum(['debug', 'info', 'warn', 'error']),
    message: z.string().max(10_000),
  }),
} as const satisfies Record<string, z.ZodType>;

/** Event channels (main → renderer). */
export const eventContract = {
  'session:event': SessionEvent,
  'app:notice': z.object({ level: z.enum(['info', 'warn', 'error']), message: z.string() }),
  /** The model the next message uses changed (a tool changed Agent Desk's settings): the header follows. */
  'app:model': z.object({ model: z.string() }),
  /** The open folder's configuration is not (or no longer) trusted: the trust dialog asks. */
  'project:trust': TrustStatus,
  ...tasksEvents,
  ...backgroundEvents,
  ...terminalEvents,
  ...sandboxEvents,
  ...mcpEvents,
} as const satisfies Record<string, z.ZodType>;

export type InvokeChannel = keyof typeof invokeContract;
export type SendChannel = keyof typeof sendContract;
export type EventChannel = keyof typeof eventContract;

/** What a caller passes (before zod defaults/transforms). */
export type InvokeRequest<C extends InvokeChannel> = z.input<(typeof invokeContract)[C]['request']>;
/** What a handler receives (after parsing). */
export type InvokeParsed<C extends InvokeChannel> = z.output<(typeof invokeContract)[C]['request']>;
export type InvokeResponse<C extends InvokeChannel> = z.output<(typeof invokeContract)[C]['response']>;
/** What a handler may return (before the response schema fills defaults). */
export type InvokeResponseInput<C extends InvokeChannel> = z.input<(typeof invokeContract)[C]['response']>;
export type SendPayload<C extends SendChannel> = z.output<(typeof sendContract)[C]>;
export type EventPayload<C extends EventChannel> = z.output<(typeof eventContract)[C]>;

export const invokeChannels = Object.keys(invokeContract) as InvokeChannel[];
export const sendChannels = Object.keys(sendContract) as SendChannel[];
export const eventChannels = Object.keys(eventContract) as EventChannel[];

export function isInvokeChannel(x: unknown): x is InvokeChannel {
  return typeof x === 'string' && Object.hasOwn(invokeContract, x);
}
export function isSendChannel(x: unknown): x is SendChannel {
  return typeof x === 'string' && Object.hasOwn(sendContract, x);
}
export function isEventChannel(x: unknown): x is EventChannel {
  return typeof x === 'string' && Object.hasOwn(eventContract, x);
}
