// What a session is built from (its deps) and what one of its turns is asked (options) and answers
// (outcome): plain types shared by the session, its turn runners and the hosts that read outcomes.
import type { Budget } from '../../shared/budget';
import type { RequestOrigin } from '../../shared/permissions/request';
import type { ErrorInfo, SessionEvent } from '../../shared/session-events';
import type { ToolCallView } from '../../shared/tools/tool-call';
import type { ExtraUsage, Message, RunStop, Usage } from '../../shared/transcript';
import type { WorkingFolder } from '../../shared/working-folder';
import type { Logger } from '../base/log';
import type { ModelAccess } from '../model/access';
import type { RetryPolicy } from '../model/retry';
import type { SessionStore } from '../sessions/store';
import type { BudgetPolicy } from './budget/session-budget';
import type { CompactSettings } from './compact/settings';
import type { LoopOptions } from './loop';
import type { SessionRuntimeFactory } from './session-runtime';

export interface SessionDeps {
  store: SessionStore;
  model: ModelAccess;
  publish: (event: SessionEvent) => void;
  log: Logger;
  retry: RetryPolicy;
  /** Model turns a run may take; absent = no limit (interactive sessions, like Claude Code). */
  maxTurns?: number;
  /** The session's system prompt; built once per session so the cached prefix never changes. */
  systemPrompt: (projectDir: string) => string;
  now: () => number;
  newId: () => string;
  /** Tools and hooks per session; without it a session is plain chat. */
  runtime?: SessionRuntimeFactory;
  sleep?: LoopOptions['sleep'];
  /** When conversations are summarised (issue 20 item 2); absent = Claude Code's defaults. */
  compaction?: (projectDir: string) => CompactSettings;
  /** The settings' budget for a conversation or a task, and whether anyone can answer (issue 20 item 4); absent = none. */
  budget?: (projectDir: string, kind: RequestOrigin['kind']) => BudgetPolicy;
}

/** What a session starts from: a new one, or one read back from its file. */
export interface SessionInit {
  id: string;
  projectDir: string;
  createdAt: number;
  title?: string;
  messages?: Message[];
  calls?: ToolCallView[];
  persisted?: boolean;
  origin?: RequestOrigin;
  /** Its subagents' saved calls. */
  extraUsage?: ExtraUsage[];
  /** Its own budget (a background task's), over the settings'. */
  budget?: Budget;
  /** Where a reopened session last worked (a worktree); absent or null: the project folder. */
  workingFolder?: WorkingFolder | null;
}

export interface TurnOptions {
  /** A model for this turn only (the CLI's --model). */
  model?: string;
  maxTurns?: number;
}

export interface TurnOutcome {
  ok: boolean;
  aborted: boolean;
  error?: ErrorInfo;
  /** Messages appended by this turn, the user's first (none when a hook blocked the prompt). */
  messages: Message[];
  usage: Usage;
  /** This turn's cost in USD; null when a model's price is unknown. */
  costUsd: number | null;
  turns: number;
  stopReason: string | null;
  maxTurnsReached: boolean;
  /** A hook ended the turn (PostToolUse `continue: false`), or blocked the prompt. */
  hookStopped?: string;
  /** Why the run stopped short, when it did (also published, and saved on its last message). */
  stopped?: RunStop;
  /** The run ended at its budget (the person said stop, nobody answered in time, or nobody could). */
  budgetStopped?: boolean;
  durationMs: number;
}
