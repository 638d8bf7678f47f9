// The public surface of src/main/shell: analysing a Bash command line into simple commands (BA2-BA4).
export { analyzeCommand, analyzeCommandAsync, MAX_ANALYZED_LENGTH } from './analyze';
export { ALLOWED_NODE_KINDS } from './walk';
export { readCatHeredoc } from './cat-heredoc';
export { effectiveCommand, type EffectiveCommand } from './effective';
export { withoutHarmlessRedirects } from './harmless-redirects';
export { programNames, type ProgramNames } from './program-names';
export { DANGEROUS_ENV_VARS, isDangerousEnvVar, isSafeEnvAssignment, SAFE_ENV_VARS, stripSafeEnv, type StrippedEnv } from './env-prefix';
export { legacySplit } from '../../shared/shell/legacy-split';
export { bashWasmCandidates, loadBashParser, loadedBashParser, type BashParser } from './parser';
export { MAX_SUBCOMMANDS_FOR_SECURITY_CHECK, type CommandAnalysis, type Redirect, type Separator, type SimpleCommand, type Trailing } from './types';
export { normalizeProgram, quoteWord, unwrap, type Unwrapped } from './wrappers';
