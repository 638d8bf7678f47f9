// The per-command analysis of parsed Bash commands (BA5, BA7, BA8, BA12, TC2): read-only verdicts,
// the files a command touches, sed's verdict, rule suggestions and the UI's search/read/list kind.
export { isReadOnlyCommand, isReadOnlyPipeline, checkAgainstSpec, lookupSpec, type ReadOnlyVerdict } from './read-only';
export { READ_ONLY_TABLE, EXACT_READ_ONLY } from './read-only-table';
export type { ReadOnlySpec, ValueKind, FlagTable } from './read-only-spec';
export { pathsOf, type Access, type CommandPaths } from './paths';
export {
  checkPathsInside, checkCommandLinePaths, resolvePath, isInside,
  type PathContext, type CheckedPath, type PathsCheck, type LinePathsCheck,
} from './paths-inside';
export { isDangerousRemoval, type DangerousRemoval } from './paths-removal';
export { sedVerdict, parseSed, type SedVerdict, type SedParse } from './sed';
export {
  suggestRule, suggestRules, commandPrefix, aggregate, MAX_SUGGESTED_RULES_FOR_COMPOUND, BARE_SHELL_PREFIXES,
  type RuleSuggestions, type Behavior, type PartDecision, type AggregateDecision,
} from './suggest';
export { classifyCommands, SEARCH_COMMANDS, READ_COMMANDS, LIST_COMMANDS, NEUTRAL_COMMANDS, type Classification, type CommandKind } from '../../../shared/shell/classify';
export { programBase, trustedProgram, parseArgs, redirectPaths, type OptionSpec, type ParsedArgs } from './argv';
