// What the permission mode says about a call: plan mode refuses edits and asks before anything else
// that is not read-only, bypassPermissions allows what no rule stopped, acceptEdits allows edits
// inside the working directories (a policy the file tools supply). Policy can take bypassPermissions away.
import type { ToolCatalog } from './tool-catalog';
import type { PermissionMode } from './types';

/**
 * Plan mode (docs: permission-modes, "Analyze before you edit with plan mode"): Claude reads and
 * explores but does not edit — an editing tool is refused, even with an allow rule; any other call
 * that is not read-only (a shell command, a fetch, an MCP tool) asks, whatever rule or hook allows it.
 */
export function planModeVerdict(mode: PermissionMode, readOnly: boolean, isEdit: boolean): 'deny' | 'ask' | undefined {
  if (mode !== 'plan' || readOnly) return undefined;
  return isEdit ? 'deny' : 'ask';
}

export function planModeDenial(toolName: string): string {
  return `${toolName} was not run: the session is in plan mode, where nothing is edited until the plan is approved. Finish the plan and present it to the user first.`;
}

/** Decides whether acceptEdits covers a call (file edits inside the working directories). */
export type AcceptEditsPolicy = (toolName: string, input: unknown, catalog: ToolCatalog) => boolean;

/** Without the file tools' policy nothing is an "edit", so acceptEdits behaves like default. */
export const NO_ACCEPT_EDITS: AcceptEditsPolicy = () => false;

export function modeAllows(
  mode: PermissionMode,
  toolName: string,
  input: unknown,
  catalog: ToolCatalog,
  acceptEdits: AcceptEditsPolicy = NO_ACCEPT_EDITS,
): boolean {
  if (mode === 'bypassPermissions') return true;
  if (mode === 'acceptEdits') return acceptEdits(toolName, input, catalog);
  return false;
}

export const BYPASS_DISABLED_MESSAGE =
  'bypassPermissions mode is disabled by policy (permissions.disableBypassPermissionsMode is "disable"); using default mode instead.';

/**
 * The mode a session really runs in: the requested one (flag, then settings' defaultMode, then
 * default), except that bypassPermissions falls back to default when a settings file disables it.
 */
export function effectiveMode(requested: PermissionMode | undefined, bypassDisabled: boolean): { mode: PermissionMode; refused?: string } {
  const mode = requested ?? 'default';
  if (mode === 'bypassPermissions' && bypassDisabled) return { mode: 'default', refused: BYPASS_DISABLED_MESSAGE };
  return { mode };
}
