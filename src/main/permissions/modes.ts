// What the permission mode says about a call: plan mode refuses anything that is not read-only,
// bypassPermissions allows what no rule stopped, acceptEdits allows edits inside the working
// directories (a policy the file tools supply). Policy can take bypassPermissions away.
import type { ToolCatalog } from './tool-catalog';
import type { PermissionMode } from './types';

export function planModeDenial(mode: PermissionMode, toolName: string, readOnly: boolean): string | undefined {
  if (mode !== 'plan' || readOnly) return undefined;
  return (
    `${toolName} was not run: the session is in plan mode, where only read-only tools may run. ` +
    `Finish the plan and present it to the user first.`
  );
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
