// How an engine offers tools: the host's choices (headless or prompting, the CLI's flags) and the
// test seams. Plain options; the runtime reads them per session.
import type { PermissionMode, RuleEntry, RuleSet } from '../../permissions/types';
import type { AnyTool } from '../../tools/core/tool';
import type { ExecutorEvent } from '../../tools/executor/types';

export interface ToolsConfig {
  /** Nobody can answer a prompt (the CLI): an ask becomes a denial that names the flag to allow it. */
  headless?: boolean;
  /** `--permission-mode`: wins over the settings' `permissions.defaultMode`. */
  permissionMode?: PermissionMode;
  /** `--allowedTools` / `--disallowedTools`, as rules of source `cliArg`. */
  allowedTools?: readonly string[];
  disallowedTools?: readonly string[];
  /**
   * Assistant mode (BA10, `--assistant`): nobody waits on a command, so one that blocks longer than
   * 15 s moves itself to the background and the turn goes on; the model reads it with TaskOutput.
   */
  assistantMode?: boolean;
  /** `--bare`: only Bash, Read and Edit (AGENT_DESK_SIMPLE=1 turns it on too). */
  simple?: boolean;
  /** Test seam: the built-in tools instead of getAllBaseTools(). */
  baseTools?: () => readonly AnyTool[];
  /** Test and benchmark seam: the executor's order log, per session. */
  onExecutorEvent?: (sessionId: string, e: ExecutorEvent) => void;
  /** After Stop, how long a running tool may take to hand back its own result (default 5 s). */
  stopGraceMs?: number;
  /** `--mcp-config` (files or JSON strings) and `--strict-mcp-config` (only those servers). */
  mcpConfigs?: readonly string[];
  strictMcpConfig?: boolean;
}

/** The CLI's rule lists as a RuleSet of source cliArg. */
export function cliRules(config: ToolsConfig): RuleSet {
  const entries = (list: readonly string[] | undefined): RuleEntry[] => (list ?? []).map((rule) => ({ rule, source: 'cliArg' }));
  return { allow: entries(config.allowedTools), deny: entries(config.disallowedTools), ask: [] };
}
