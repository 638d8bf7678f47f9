// buildTool (TC2): fills every optional safety method of a ToolDef with its fail-closed default.
// A tool that forgets a flag is treated as writing, not concurrency-safe and never classifier-approved.
import type { ToolProgress } from '../../../shared/tools/tool-call';
import type { PermissionResult, Tool, ToolDef } from './tool';

/** Names must be valid API tool names (the Messages API rejects anything else). */
const TOOL_NAME = /^[A-Za-z0-9_-]{1,128}$/;

/** The defaults of seed 4.1 `TOOL_DEFAULTS`, as plain functions (tests pin each one). */
export const TOOL_DEFAULTS = {
  isEnabled: (): boolean => true,
  isConcurrencySafe: (_input: unknown): boolean => false,
  isReadOnly: (_input: unknown): boolean => false,
  isDestructive: (_input: unknown): boolean => false,
  checkPermissions: <I>(input: I): PermissionResult<I> => ({ behavior: 'allow', updatedInput: input }),
  toAutoClassifierInput: (_input: unknown): string => '',
  backfillObservableInput: <I>(input: I): I => input,
  summarize: (_input: unknown): string => '',
} as const;

export function buildTool<Input, Output, P extends ToolProgress = ToolProgress>(
  def: ToolDef<Input, Output, P>,
): Tool<Input, Output, P> {
  if (!TOOL_NAME.test(def.name)) {
    throw new TypeError(`buildTool: invalid tool name ${JSON.stringify(def.name)} (expected ${TOOL_NAME.source})`);
  }
  if (!(def.maxResultSizeChars > 0)) {
    throw new TypeError(`buildTool: ${def.name}.maxResultSizeChars must be a positive number`);
  }
  // `??` rather than spread order: a def that sets a method to `undefined` still gets the default.
  return {
    ...def,
    isEnabled: def.isEnabled ?? TOOL_DEFAULTS.isEnabled,
    isConcurrencySafe: def.isConcurrencySafe ?? TOOL_DEFAULTS.isConcurrencySafe,
    isReadOnly: def.isReadOnly ?? TOOL_DEFAULTS.isReadOnly,
    isDestructive: def.isDestructive ?? TOOL_DEFAULTS.isDestructive,
    checkPermissions: def.checkPermissions ?? TOOL_DEFAULTS.checkPermissions,
    toAutoClassifierInput: def.toAutoClassifierInput ?? TOOL_DEFAULTS.toAutoClassifierInput,
    backfillObservableInput: def.backfillObservableInput ?? TOOL_DEFAULTS.backfillObservableInput,
    summarize: def.summarize ?? TOOL_DEFAULTS.summarize,
    userFacingName: def.userFacingName ?? (() => def.name),
  };
}
