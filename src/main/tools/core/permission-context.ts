// The slice of permission state the tool pool needs (AS2). Kept small; the permissions module extends it.
export type PermissionMode = 'default' | 'acceptEdits' | 'plan' | 'bypassPermissions';

export interface ToolPermissionContext {
  mode: PermissionMode;
  /** Simple mode (`--bare` or AGENT_DESK_SIMPLE=1, set by the caller): only Bash, Read and Edit. */
  simple?: boolean;
  /** Deny rules in the rule grammar (`Bash`, `Bash(rm:*)`, `mcp__server`); content-less ones hide tools. */
  alwaysDenyRules: readonly string[];
}

/** AGENT_DESK_SIMPLE=1 (or true/yes/on) asks for simple mode, like `--bare`; the caller sets `simple`. */
export function simpleModeFromEnv(env: Readonly<Record<string, string | undefined>>): boolean {
  return /^(1|true|yes|on)$/i.test(env.AGENT_DESK_SIMPLE?.trim() ?? '');
}
