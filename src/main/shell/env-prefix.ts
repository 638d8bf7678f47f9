// BA4: which leading `NAME=value` assignments are stripped before rule matching, and which never are.
//
// `GOOS=linux go build` should match `Bash(go build:*)`; `PATH=./evil git status` must not match
// `Bash(git status)`. The safe list is Claude Code's (2.1.332, the set behind its env-prefix stripping),
// with the same value checks: a value that looks like a path is not stripped (a locale or colour
// setting never needs one), and LANG / LC_ALL / LC_CTYPE must name a plain locale.
import type { SimpleCommand } from './types';

/** Variables that only change how a program formats or reports, never what runs. */
export const SAFE_ENV_VARS: ReadonlySet<string> = new Set([
  'GOEXPERIMENT',
  'GOOS',
  'GOARCH',
  'CGO_ENABLED',
  'GO111MODULE',
  'RUST_BACKTRACE',
  'RUST_LOG',
  'NODE_ENV',
  'PYTHONUNBUFFERED',
  'PYTHONDONTWRITEBYTECODE',
  'PYTEST_DISABLE_PLUGIN_AUTOLOAD',
  'PYTEST_DEBUG',
  'ANTHROPIC_API_KEY',
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_CTYPE',
  'LC_TIME',
  'CHARSET',
  'TERM',
  'COLORTERM',
  'NO_COLOR',
  'FORCE_COLOR',
  'TZ',
  'LS_COLORS',
  'LSCOLORS',
  'GREP_COLOR',
  'GREP_COLORS',
  'GCC_COLORS',
  'TIME_STYLE',
  'BLOCK_SIZE',
  'BLOCKSIZE',
  'COLUMNS',
  'LINES',
  'CLICOLOR',
  'CLICOLOR_FORCE',
  'CI',
  'DEBIAN_FRONTEND',
  'GIT_TERMINAL_PROMPT',
]);

/**
 * Variables that choose what code runs, where it is loaded from, or how a shell behaves: never
 * stripped, and reported as `dangerous` so the permission layer asks even when a rule would match the
 * full text. Not exhaustive (any variable not in SAFE_ENV_VARS is already left in place); these are the
 * ones worth naming in a prompt. Claude Code's own lists of program-steering variables were the source.
 */
export const DANGEROUS_ENV_VARS: ReadonlySet<string> = new Set([
  'PATH',
  'PYTHONPATH',
  'PYTHONHOME',
  'PYTHONSTARTUP',
  'PYTHONUSERBASE',
  'PYTHONWARNINGS',
  'PYTHONBREAKPOINT',
  'NODE_PATH',
  'NODE_OPTIONS',
  'NODE_REPL_EXTERNAL_MODULE',
  'npm_config_node_options',
  'NPM_CONFIG_NODE_OPTIONS',
  'npm_config_script_shell',
  'NPM_CONFIG_SCRIPT_SHELL',
  'BUN_OPTIONS',
  'RUBYLIB',
  'RUBYOPT',
  'GEM_HOME',
  'GEM_PATH',
  'BUNDLE_GEMFILE',
  'PERL5LIB',
  'PERLLIB',
  'PERL5OPT',
  'PERL5DB',
  'CLASSPATH',
  'JAVA_TOOL_OPTIONS',
  '_JAVA_OPTIONS',
  'JDK_JAVA_OPTIONS',
  'GOFLAGS',
  'GOROOT',
  'GOTOOLCHAIN',
  'RUSTFLAGS',
  'RUSTC',
  'RUSTC_WRAPPER',
  'CARGO_BUILD_RUSTC_WRAPPER',
  'CC',
  'CXX',
  'LD',
  'MAKEFLAGS',
  'MAKEFILES',
  'BASH_ENV',
  'ENV',
  'IFS',
  'PS4',
  'PROMPT_COMMAND',
  'SHELLOPTS',
  'BASHOPTS',
  'CDPATH',
  'HOME',
  'ZDOTDIR',
  'GCONV_PATH',
  'NLSPATH',
  'OPENSSL_CONF',
  'OPENSSL_MODULES',
  'OPENSSL_ENGINES',
  'GIT_SSH',
  'GIT_SSH_COMMAND',
  'GIT_EXEC_PATH',
  'GIT_ASKPASS',
  'SSH_ASKPASS',
  'SUDO_ASKPASS',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'GIT_EXTERNAL_DIFF',
  'GIT_PROXY_COMMAND',
  'GIT_PAGER',
  'GIT_DIR',
  'GIT_WORK_TREE',
  'PAGER',
  'EDITOR',
  'VISUAL',
  'BROWSER',
  'LESSOPEN',
  'LESSCLOSE',
  'MANPAGER',
  'DOTNET_STARTUP_HOOKS',
]);

/** Families matched by prefix: the dynamic loaders' knobs, git's config injection, exported functions. */
const DANGEROUS_PREFIXES = ['LD_', 'DYLD_', 'GIT_CONFIG', 'BASH_FUNC_'];

/** A value that reads as a path: Claude Code refuses these for safe names too (`TERM=../x`). */
const PATH_LIKE = /^[.~]*[/\\]|[/\\][/\\]|:[/\\.]|(?:^|[/\\])\.\.(?:[/\\]|$)/;
const LOCALE_NAMES = new Set(['LANG', 'LC_ALL', 'LC_CTYPE']);
const PLAIN_LOCALE = /^(C|POSIX|UTF-?8|[\w-]+\.UTF-?8(@\w+)?)$/i;

export function isDangerousEnvVar(name: string): boolean {
  return DANGEROUS_ENV_VARS.has(name) || DANGEROUS_PREFIXES.some((p) => name.startsWith(p));
}

/** Whether `NAME=value` in front of a command may be dropped before rules are matched. */
export function isSafeEnvAssignment(name: string, value: string): boolean {
  if (!SAFE_ENV_VARS.has(name)) return false;
  if (LOCALE_NAMES.has(name) && !PLAIN_LOCALE.test(value) && !(name === 'LANG' && value === '')) return false;
  return !PATH_LIKE.test(value);
}

export interface StrippedEnv {
  /** The command without its assignments when all were safe; else the command unchanged. */
  command: SimpleCommand;
  /**
   * Assignments that steer what runs (PATH, LD_PRELOAD, NODE_OPTIONS, …; `isDangerousEnvVar`): the
   * command must ask whatever the rules say.
   */
  unsafe: string[];
  /**
   * Every assignment left in place (unsafe ones included): nothing is stripped when one is not safe,
   * so `FOO=1 npm test` keeps its prefix and only a rule written with it can match.
   */
  kept: string[];
}

/**
 * Drops the leading assignments when every one is safe. All or nothing: `GOOS=linux FOO=1 go build`
 * keeps both, so a rule written for the full text still sees the whole prefix.
 */
export function stripSafeEnv(cmd: SimpleCommand): StrippedEnv {
  const kept = cmd.env.some((e) => !isSafeEnvAssignment(e.name, e.value)) ? cmd.env.map((e) => e.name) : [];
  const unsafe = cmd.env.filter((e) => isDangerousEnvVar(e.name)).map((e) => e.name);
  if (kept.length > 0 || cmd.env.length === 0) return { command: cmd, unsafe, kept };
  return { command: { ...withoutPrefix(cmd), env: [] }, unsafe, kept };
}

/**
 * The text from the program name on, when what comes before it is only the assignments (a redirection
 * written before the name keeps the text whole: stricter, the rule then sees the assignments too).
 */
function withoutPrefix(cmd: SimpleCommand): SimpleCommand {
  const at = cmd.argvOffsets?.[0];
  if (at === undefined || at <= 0) return cmd;
  if (cmd.redirects.some((r) => r.offset === undefined || (r.offset >= 0 && r.offset < at))) return cmd;
  return {
    ...cmd,
    text: cmd.text.slice(at),
    argvOffsets: cmd.argvOffsets!.map((o) => o - at),
    redirects: cmd.redirects.map((r) => ({ ...r, offset: r.offset! - at })),
  };
}
