// The one Tool contract (TC1) every tool implements — built-in, MCP, future REPL — and its context.
import type { SandboxPolicy } from '../../sandbox/policy';
import type { z } from 'zod';
import type { ProposedFileChange } from '../../../shared/tools/edit';
import type { CommandExplanation, CommandWarning } from '../../../shared/permissions/command-explanation';
import type { RequestDescription } from '../../../shared/permissions/request-description';
import type { SessionFeature, TargetSpec, ToolKind } from '../../../shared/tools/traits';
import type { WorkingFolder } from '../../../shared/working-folder';
import type { ToolProgress } from '../../../shared/tools/tool-call';
import type { Logger } from '../../base/log';
import type { FileStateCache } from '../file-state/file-state';
import type { DecisionReason, PermissionMode, PermissionResult, RuleEntry } from '../../permissions/types';
import type { WorkListStore } from '../../tasks/work-list';
import type { Team } from '../../tasks/team';
import type { AgentTeamPort } from '../../tasks/agent-team';
import type { BackgroundRequests } from './backgrounding';
import type { DeferredToolState } from './deferred';
import type { SubagentHost } from './subagents';
import type { SideQuery } from './side-query';
import type { SettingsPort } from './settings-port';
import type { LanguageServers } from '../../lsp/manager';

/** JSON Schema as sent to the API (`input_schema`). */
export type ToolInputJSONSchema = { type: 'object'; properties?: Record<string, unknown>; required?: string[]; [k: string]: unknown };

export type ValidationResult =
  | { result: true }
  | { result: false; message: string; errorCode: number }
  /** PL2: hand the decision to the user instead of rejecting. */
  | { result: false; message: string; behavior: 'ask' };

export type { DecisionReason, PermissionResult } from '../../permissions/types';

/** A block of a tool_result's content as the API takes it. */
export type ToolResultContent =
  | string
  | Array<{ type: 'text'; text: string } | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } }>;

export interface ToolResult<Output> {
  data: Output;
  /** Extra messages injected into the conversation after the result. */
  newMessages?: Array<{ role: 'user' | 'assistant'; content: string }>;
  /** Changes the context for the calls that follow (e.g. a new cwd, allowed tools). */
  contextModifier?: (ctx: ToolUseContext) => ToolUseContext;
}

/** Per-session mutable state tools share (cwd persists between Bash calls). */
export interface SessionToolState {
  cwd: string;
}

export interface ToolUseContext {
  sessionId: string;
  /** The project folder (first working directory). */
  projectDir: string;
  /** Working directories the tools may touch without asking (project + additionalDirectories). */
  workingDirectories: readonly string[];
  state: SessionToolState;
  abortSignal: AbortSignal;
  /** Where results over their limit are saved whole (PL6). */
  toolResultsDir: string;
  env: Readonly<Record<string, string | undefined>>;
  log: Logger;
  /** The tools of this turn (for ToolSearch and subagents). */
  tools: readonly AnyTool[];
  /** Set by the executor: aborts this call's siblings (CC4). */
  siblingAbort?: AbortController;
  /** The session's loaded deferred tools (AS4): ToolSearch adds to it, the next request sends them. */
  deferredTools?: DeferredToolState;
  /** The session's read cache (what was read, when, whole or in part); absent = nothing was read. */
  fileState?: FileStateCache;
  /** Set by the executor: the calls of this message still to come, so a tool can prepare for them. */
  upcoming?: () => UpcomingCalls;
  /** What the sandbox allows this session (BA6), from its settings now; absent = no sandbox. */
  sandbox?: () => SandboxPolicy;
  /** Set by the pipeline: the tool_use id of this call. */
  toolUseId?: string;
  /** The session's "keep running in background" requests (BA10); absent = calls cannot move. */
  backgroundRequests?: BackgroundRequests;
  /** A request of the tool's own to the model (WebFetch, WebSearch); absent = no model is reachable. */
  sideQuery?: SideQuery;
  /** Assistant mode (BA10): a blocking command moves itself to the background after this long. */
  blockingBudgetMs?: number;
  /** Runs subagents for the Agent tool (AG7); absent = this context cannot start one. */
  subagents?: SubagentHost<AnyTool>;
  /** Whether the project folder's own configuration counts now (PX4); absent = it does not. */
  folderTrusted?: () => boolean;
  /** The person's home folder (the engine's HOME), for their own ~/.claude files. */
  home?: string;
  /** Allow rules a context change added for the rest of this message (a skill's allowed-tools). */
  extraAllow?: readonly RuleEntry[];
  /** The session's permission mode, which a tool may change for the calls that follow (EnterPlanMode); absent = fixed. */
  permissionMode?: SessionModePort;
  /** Where the session works, which a tool may move for the calls that follow (EnterWorktree); absent = fixed. */
  workingFolder?: WorkingFolderPort;
  /** The conversation's task list (TaskCreate, TaskGet, TaskUpdate, TaskList); its subagents share it. Absent = none. */
  workList?: WorkListStore;
  /** Who makes these calls when it is not the conversation itself: the subagent's name ("Explore agent"). */
  agentLabel?: string;
  /** The conversation's teammates (AG7): SendMessage reaches them and the conversation through it. Absent = none. */
  team?: Team;
  /** Set for a teammate's own calls: the name it was given (SendMessage signs with it). */
  teammateName?: string;
  /** Agent teams are on: the team the conversation leads (TeamCreate, TeamDelete, ListPeers, Agent's team_name). Absent = off. */
  agentTeam?: AgentTeamPort;
  /** Settings a tool may read and change (Config); absent = none. */
  settings?: SettingsPort;
  /**
   * Set by the pipeline for a reading tool's call: whether a permission rule keeps this absolute path
   * out of reads (a `Read(...)` deny rule, or an ask rule that did not ask about this call). Grep and
   * Glob leave such files out of their results. Absent = no rule keeps anything out.
   */
  readDenied?: (abs: string) => boolean;
  /** The project's language servers (the LSP tool); absent = none is configured. */
  languageServers?: LanguageServers;
}

/**
 * The folder the session works in: the project folder, or one a tool moved it to. Moving it moves
 * Bash's working directory, the base of relative paths and the working directories permission rules
 * trust (the project folder is then outside them, like any other), and the header shows its branch.
 */
export interface WorkingFolderPort {
  /** The folder it works in now, and what a tool said of it; null = the project folder. */
  get(): WorkingFolder | null;
  /** From the next call on it works in `to` (an absolute, existing folder); null = back in the project folder. */
  move(to: WorkingFolder | null): void;
}

/** Claude Code's to-do systems: TodoWrite's list (headless runs), or the Task tools' list (interactive). */
export type Checklist = 'todos' | 'tasks';

/** The session's permission mode as a port: read now, or changed for every call from now on. */
export interface SessionModePort {
  get(): PermissionMode;
  set(mode: PermissionMode): void;
}

/** What follows the running call in its assistant message. */
export interface UpcomingCalls {
  /** Tool names of the calls queued behind it, in order. */
  queued: readonly string[];
  /** The model is still streaming: more calls may arrive. */
  streamOpen: boolean;
}

/** Decide whether a nested call may run (subagents use it); the pipeline's permission stage. */
export type CanUseTool = (tool: AnyTool, input: unknown, ctx: ToolUseContext) => Promise<PermissionResult>;

export interface ToolDef<Input = unknown, Output = unknown, P extends ToolProgress = ToolProgress> {
  name: string;
  aliases?: readonly string[];
  /** Old names still accepted; a call through one gets a deprecation note (PL1). */
  deprecatedAliases?: readonly string[];
  searchHint?: string;
  maxResultSizeChars: number;
  shouldDefer?: boolean;
  /** Set by the MCP adapter: MCP tools form the pool's suffix, after the cached built-in prefix (AS3, AS5). */
  isMcp?: boolean;
  // ── Traits (issue 11 item 1): what the rest of the app knows of a tool comes from here, not from
  //    lists of names. Permission families, acceptEdits, approval words, the inbox's grouping, the
  //    Changes pane and the launcher's warm-up all follow them.
  /** What it does: read, edit (files), exec (programs), fetch (network), mcp, agent, other (default). */
  kind?: ToolKind;
  /** Where its input names the file, folder or address it acts on (path rules match against it). */
  target?: TargetSpec;
  /** A call starts a program (Bash; rg for Grep and Glob): a launcher is kept ready for it. */
  startsProgram?: boolean;
  /** CC4: its failure cancels the other running calls of its batch (Bash). */
  abortsSiblingsOnFailure?: boolean;
  /** AS2: offered in simple mode (`--bare`). */
  simpleMode?: boolean;
  /**
   * Which of Claude Code's two to-do systems it belongs to: `todos` (TodoWrite) or `tasks` (TaskCreate,
   * TaskGet, TaskUpdate, TaskList). A session offers one, never both (getTools).
   */
  checklist?: Checklist;
  /** Offered only where the session has this on: `agentTeams` (TeamCreate, TeamDelete, ListPeers), `languageServers` (LSP). */
  requires?: SessionFeature;
  /**
   * The person's answer is part of the call (AskUserQuestion's answers, ExitPlanMode's plan): the
   * approval may carry it back as `updatedInput`, re-checked by this tool's schema. Other tools'
   * approvals never change their input.
   */
  requiresUserInteraction?: boolean;
  /** Approving a call ends plan mode (ExitPlanMode): the person's reply names the mode that follows. */
  endsPlanMode?: boolean;
  /** Built lazily (TC4) so loading tool modules costs nothing. */
  inputSchema: () => z.ZodType<Input>;
  /** For tools that arrive as JSON Schema (MCP). */
  inputJSONSchema?: ToolInputJSONSchema;
  description(input: Partial<Input>): string;
  prompt(): string;
  call(
    input: Input,
    ctx: ToolUseContext,
    canUseTool: CanUseTool,
    parentMessageId: string,
    onProgress: (p: P) => void,
  ): Promise<ToolResult<Output>>;
  mapResult(output: Output, toolUseId: string): { content: ToolResultContent; isError?: boolean };
  isEnabled?(): boolean;
  isConcurrencySafe?(input: Input): boolean;
  /**
   * The call does its work in this thread (Read's synchronous file read) rather than waiting on a
   * process or the network: when calls arrive together, the executor starts the others first, so
   * their programs run on the other cores while this thread reads.
   */
  worksInThread?: boolean;
  isReadOnly?(input: Input): boolean;
  isDestructive?(input: Input): boolean;
  /**
   * The parts a compound input runs, each as an input of this tool (Bash: a line's subcommands, BA3):
   * permission rules judge each part too. Absent or null: the input is one thing.
   */
  ruleParts?(input: Input): Input[] | null;
  validateInput?(input: Input, ctx: ToolUseContext): Promise<ValidationResult> | ValidationResult;
  checkPermissions?(input: Input, ctx: ToolUseContext): Promise<PermissionResult<Input>> | PermissionResult<Input>;
  userFacingName?(input?: Partial<Input>): string;
  /** TC5: enrich a COPY of the input for the UI (absolute paths); never the model's input. */
  backfillObservableInput?(input: Input, ctx: ToolUseContext): Input;
  /** Text a safety classifier sees; '' = never auto-approved by a classifier (TC2). */
  toAutoClassifierInput?(input: Input): string;
  /** A one-line summary for the UI card. */
  summarize?(input: Partial<Input>): string;
  /** Diff-first approval: the change a file-editing call would make, computed without touching the
   *  file (null when it cannot be computed, e.g. the edit would fail validation). */
  describeChange?(input: Input, ctx: ToolUseContext): Promise<ProposedFileChange | null>;
  /** What a command-running call would do, part by part, for the approval window (BA9, DK4). */
  describeCommand?(input: Input, ctx: ToolUseContext): Promise<CommandExplanation | null>;
  /**
   * The approval in the tool's own words (its question, summary and facts: Config's setting, old and new
   * value and file), in place of its request kind's; null = the kind's words.
   */
  describeRequest?(input: Input, ctx: ToolUseContext): Promise<RequestDescription | null>;
  /** Specific warnings of what the call may destroy or expose (BA9); a tool with any is destructive. */
  warnings?(input: Input): CommandWarning[];
  /**
   * Prepare for a likely next call while the process only waits for the model (Bash forks a shell),
   * so no call pays for it. Must be cheap when there is nothing to do, and never throw.
   */
  warmUp?(ctx: ToolUseContext): void;
  /**
   * A note for the system blocks after the cached prefix, read at each request (Skill: the skills'
   * names and descriptions, AG9); its prompt() stays fixed so the tools array keeps its bytes.
   */
  systemNote?(ctx: ToolUseContext): string | null;
  /**
   * A message the person typed as a command ("/fmt src/a.ts"): what the model reads instead (their words,
   * then the command's instructions marked with its name); null when it is not one of this tool's.
   */
  expandCommand?(text: string, ctx: ToolUseContext): Array<{ type: 'text'; text: string; command?: string }> | null;
  /** While the message that ran command `name` is answered: its context change (a skill's allowed-tools). */
  commandContext?(name: string, ctx: ToolUseContext): ((ctx: ToolUseContext) => ToolUseContext) | null;
}

/** A tool after buildTool: every optional safety method filled with its fail-closed default. */
export type Tool<Input = unknown, Output = unknown, P extends ToolProgress = ToolProgress> = ToolDef<Input, Output, P> &
  Required<
    Pick<
      ToolDef<Input, Output, P>,
      | 'isEnabled'
      | 'isConcurrencySafe'
      | 'isReadOnly'
      | 'isDestructive'
      | 'checkPermissions'
      | 'userFacingName'
      | 'toAutoClassifierInput'
      | 'backfillObservableInput'
      | 'summarize'
    >
  >;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = Tool<any, any, any>;
