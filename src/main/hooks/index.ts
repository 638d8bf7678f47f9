// The hooks module's public surface: config loading (Claude Code's settings format) and the runner.
export { HOOK_EVENTS, HooksBlockSchema, emptyHooksConfig, mergeHookSources, parseHooksBlock } from '../settings/hooks-config';
export type { CommandHook, HookEvent, HookMatcherGroup, HooksConfig, HooksLoadResult } from '../settings/hooks-config';
export { DEFAULT_HOOK_TIMEOUT_MS } from './exec';
export { compileMatcher, matcherMatches } from './matcher';
export { createHookRunner, type HookRunnerOptions } from './runner';
export type * from './types';
