// A permission request and its reply as plain data: sent to the renderer as an event, answered by
// the `permission:reply` invoke (PL4e). No callbacks cross the boundary.
import { z } from 'zod';
import { CommandExplanation, CommandWarning } from './command-explanation';
import { PermissionExplanation } from './explanation';
import { RequestDescription } from './request-description';
import { RuleDestination } from './rule-store';
import { ToolKind, ToolTarget } from '../tools/traits';

/** A file-change preview carries at most this many characters of old + new content. */
export const FILE_PREVIEW_MAX_CHARS = 200_000;

/**
 * Diff-first approval (DK4): what an editing call would write, computed before the file is touched.
 * Contents are "\n"-normalised. When the whole file would not fit, unchanged lines around the change
 * are left out (`firstLine` numbers the first line kept) and, if still too large, the text is cut
 * (`truncated`).
 */
export const FileChangePreview = z.object({
  kind: z.literal('file_change'),
  path: z.string(),
  changeKind: z.enum(['create', 'update', 'delete']),
  oldContent: z.string().nullable(),
  newContent: z.string(),
  /** 1-based number, in both old and new file, of the first line the contents start at (default 1). */
  firstLine: z.number().int().positive().optional(),
  /** Set when the contents were cut to FILE_PREVIEW_MAX_CHARS: the change goes on past what is shown. */
  truncated: z.boolean().optional(),
});
export type FileChangePreview = z.infer<typeof FileChangePreview>;

/**
 * Who is waiting on a request: a conversation, a subagent of one, a background task (DK3), or a
 * connected tool that asked while none of its calls ran (its question waits in the project's inbox).
 */
export const RequestOrigin = z.object({
  kind: z.enum(['session', 'subagent', 'task', 'tool']),
  /** What a person calls it: the conversation's title, "Explore agent", the task's name, the server's name. */
  label: z.string(),
  /** A background task's folder in short ("~/proj"), so the inbox says where it runs. */
  where: z.string().max(4096).optional(),
});
export type RequestOrigin = z.infer<typeof RequestOrigin>;

/**
 * One thing "Always allow" may cover (issue 13 item 3), in words: a rule (saved where the person
 * chooses) or, for edits, every edit until the conversation ends (the acceptEdits mode for this
 * session). `warning` marks a broad or risky choice, never the recommended one.
 */
export const AllowScope = z.object({
  kind: z.enum(['rule', 'session-edits']),
  label: z.string(),
  rule: z.string().optional(),
  warning: z.string().optional(),
  recommended: z.boolean().optional(),
});
export type AllowScope = z.infer<typeof AllowScope>;

export const PermissionRequestView = z.object({
  requestId: z.string(),
  sessionId: z.string(),
  toolUseId: z.string(),
  toolName: z.string(),
  /** What the tool is (its ToolDef.kind): the dialog's and the inbox's kind of request. */
  kind: ToolKind.optional(),
  /** The file, folder or address the call acts on, as written (from the tool's declared target field). */
  target: ToolTarget.optional(),
  input: z.unknown(),
  /** Why the person is asked, in plain words. */
  message: z.string(),
  reason: z.string().optional(),
  /** Rules "Always allow" may save, best first (`Bash(npm test)`). */
  suggestions: z.array(z.string()),
  /** What "Always allow" may cover, in words, the recommended one marked (absent from older hosts). */
  scopes: z.array(AllowScope).optional(),
  destructive: z.boolean(),
  /** What it may destroy or expose, specifically ("Deletes files git does not track…"); the generic warning when absent. */
  warnings: z.array(CommandWarning).optional(),
  /** A command's explanation, part by part (Bash). */
  command: CommandExplanation.optional(),
  /** The proposed file change, for Edit/Write/NotebookEdit (absent when it could not be computed). */
  preview: FileChangePreview.optional(),
  /** The tool's own question, summary and facts for this approval (ToolDef.describeRequest). */
  described: RequestDescription.optional(),
  /** "Why was I asked?": the rule and file, the part no rule covered, or the check that asked. */
  explanation: PermissionExplanation.optional(),
  /** When the request was raised (ms since the epoch): the inbox lists oldest first. */
  createdAt: z.number().optional(),
  /** The assistant message whose tool_use asks: the inbox groups one turn's requests together. */
  turn: z.string().optional(),
  /** Absent = the session itself. */
  origin: RequestOrigin.optional(),
  /** Background tasks only: unanswered by then (ms since the epoch), the request becomes a denial — never an allow. */
  expiresAt: z.number().optional(),
});
export type PermissionRequestView = z.infer<typeof PermissionRequestView>;

export const PermissionDecision = z.enum(['allow_once', 'allow_always', 'deny']);
export type PermissionDecision = z.infer<typeof PermissionDecision>;

export const PermissionReplyInput = z.strictObject({
  requestId: z.string().min(1).max(200),
  decision: PermissionDecision,
  feedback: z.string().max(10_000).optional(),
  rule: z.string().min(1).max(2_000).optional(),
  /** Where "Always allow" saves the rule (default: this session only). */
  destination: RuleDestination.optional(),
  /** "Every edit in this project until this conversation ends": the session switches to acceptEdits instead of saving a rule. */
  sessionMode: z.enum(['acceptEdits']).optional(),
  /**
   * The person's answer as the call's new input, with allow_once (AskUserQuestion's `answers`): honoured
   * only by tools whose answer is the person's (ToolDef.requiresUserInteraction), re-checked by the tool's schema.
   */
  updatedInput: z.record(z.string(), z.unknown()).optional(),
  /** With allow_once, for a request that ends plan mode (ExitPlanMode's plan approved): the mode the session goes on in. */
  nextMode: z.enum(['default', 'acceptEdits']).optional(),
});
export type PermissionReplyInput = z.infer<typeof PermissionReplyInput>;

/** The inbox answers a whole group at once: one reply per request, applied in order. */
export const PermissionReplyManyInput = z.strictObject({
  replies: z.array(PermissionReplyInput).min(1).max(500),
});
export type PermissionReplyManyInput = z.infer<typeof PermissionReplyManyInput>;

export const PermissionReplyManyResult = z.object({
  /** Per request, in the order given: false when it was unknown or already settled. */
  results: z.array(z.object({ requestId: z.string(), accepted: z.boolean() })),
});
export type PermissionReplyManyResult = z.infer<typeof PermissionReplyManyResult>;
