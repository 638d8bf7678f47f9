// BA1: the 23 security checks a Bash command passes before any permission rule is consulted.
import { checkBackslashOperators, checkBackslashWhitespace } from './backslash';
import { checkBraceExpansion } from './braces';
import { checkControlCharacters, checkUnicodeWhitespace } from './characters';
import { buildContext } from './context';
import { checkObfuscatedFlags } from './flags';
import { checkGitCommit } from './git';
import { checkCommentQuoteDesync, checkMidWordHash, checkQuotedNewline } from './hash';
import { isSafeHeredocSubstitution } from './heredoc';
import { checkIncomplete } from './incomplete';
import { checkJq } from './jq';
import { checkShellMetacharacters } from './metacharacters';
import { checkCarriageReturn, checkNewlines } from './newlines';
import { checkRedirections } from './redirection';
import { checkCommandSubstitution } from './substitution';
import { checkMalformedTokens, checkSingleQuotedBackslash } from './tokens';
import { CHECK_IDS, type CheckContext, type Hit, type SecurityCheckName, type SecurityFinding } from './types';
import { checkDangerousVariables, checkIfsInjection, checkProcEnviron } from './variables';
import { checkZshDangerous } from './zsh';

// `runSecurityChecks` lists every finding; `securityVerdict` also picks the one to show first.
export { CHECK_IDS, type SecurityCheckName, type SecurityFinding } from './types';

export interface SecurityCheck {
  id: number;
  name: SecurityCheckName;
  /** One line a person who does not program can read in the approval modal. */
  description: string;
}

const DESCRIPTIONS: Record<SecurityCheckName, string> = {
  INCOMPLETE_COMMANDS:
    'The command starts with a tab, a dash or an operator, so it looks like the tail end of another command.',
  JQ_SYSTEM_FUNCTION: 'The jq filter calls system(), which would run another program.',
  JQ_FILE_ARGUMENTS: 'jq is told to load its program or extra data from a file, which can read files you did not mean to share.',
  OBFUSCATED_FLAGS: 'An option is hidden behind quotes or escape codes, so it may be something other than it looks.',
  SHELL_METACHARACTERS: 'A quoted argument contains ; | or &, characters that chain commands if the quoting is misread.',
  DANGEROUS_VARIABLES: 'A variable sits next to a pipe or a redirection, so where data goes depends on a value nobody can see yet.',
  NEWLINES: 'The command spans several lines, so it may really be several commands.',
  DANGEROUS_PATTERNS_COMMAND_SUBSTITUTION:
    "The command runs another command inside itself, so its real effect can't be checked in advance.",
  DANGEROUS_PATTERNS_INPUT_REDIRECTION: 'The command reads input from a file with <, which may be a sensitive file.',
  DANGEROUS_PATTERNS_OUTPUT_REDIRECTION: 'The command writes its output into a file with >, which may overwrite something important.',
  IFS_INJECTION: 'The command uses the shell variable that controls how words are split (IFS), a known trick to disguise what runs.',
  GIT_COMMIT_SUBSTITUTION: 'The commit message contains $(…), ${…} or backticks, which would run a command while committing.',
  PROC_ENVIRON_ACCESS: "The command reads a program's environment under /proc, where secrets such as API keys are kept.",
  MALFORMED_TOKEN_INJECTION: 'Quotes or brackets do not pair up while the line also chains commands, so the parts may not be what they seem.',
  BACKSLASH_ESCAPED_WHITESPACE: 'A backslash glues words together across a space, so a program name or path may not be what it looks.',
  BRACE_EXPANSION: 'Braces such as {a,b} make the shell turn one word into several, which can slip in extra options.',
  CONTROL_CHARACTERS: 'The command contains invisible control characters that the shell may skip or treat specially.',
  UNICODE_WHITESPACE: 'The command contains invisible or unusual space characters, so it reads differently from how it runs.',
  MID_WORD_HASH: 'A # sits inside a word; some tools take it for the start of a comment and ignore what follows.',
  ZSH_DANGEROUS_COMMANDS: 'The command uses a zsh built-in (such as zmodload, emulate, sysopen or zf_rm) that can get around the usual checks.',
  BACKSLASH_ESCAPED_OPERATORS: 'A backslash stands before ; | & < or >, which hides where one command ends and the next begins.',
  COMMENT_QUOTE_DESYNC: 'A comment contains quote characters, which can make the rest of the command look quoted when it is not.',
  QUOTED_NEWLINE: 'Quoted text spans lines and one of them starts with #, which can hide arguments from line-by-line checks.',
};

/** The 23 checks, by id. */
export const CHECKS: readonly SecurityCheck[] = (Object.keys(CHECK_IDS) as SecurityCheckName[]).map((name) => ({
  id: CHECK_IDS[name],
  name,
  description: DESCRIPTIONS[name],
}));

interface Step {
  run: (ctx: CheckContext) => Hit | Hit[] | null;
  /** False only where Claude Code lets the splitter and path checks settle the question (see SecurityFinding). */
  misparsing: boolean;
}

const asked = (run: Step['run']): Step => ({ run, misparsing: true });

/** Before anything else, as in Claude Code: bytes that confuse every later reader. */
const FIRST: readonly Step[] = [asked(checkControlCharacters), asked(checkSingleQuotedBackslash)];

/** Before the early allows: a fragment is never allowed early. */
const INCOMPLETE: readonly Step[] = [asked(checkIncomplete)];

/** Claude Code's main validators, in its order (the order decides which finding is shown first). */
const MAIN: readonly Step[] = [
  asked(checkJq),
  asked(checkObfuscatedFlags),
  asked(checkShellMetacharacters),
  asked(checkDangerousVariables),
  // Before the newline check: both catch newlines that quote tracking would otherwise hide.
  asked(checkCommentQuoteDesync),
  asked(checkQuotedNewline),
  asked(checkCarriageReturn),
  { run: checkNewlines, misparsing: false },
  asked(checkIfsInjection),
  asked(checkProcEnviron),
  asked(checkCommandSubstitution),
  { run: checkRedirections, misparsing: false },
  asked(checkBackslashWhitespace),
  asked(checkBackslashOperators),
  asked(checkUnicodeWhitespace),
  asked(checkMidWordHash),
  asked(checkBraceExpansion),
  asked(checkZshDangerous),
  // Last: the more specific checks above explain the same commands better.
  asked(checkMalformedTokens),
];

function collect(steps: readonly Step[], ctx: CheckContext, into: SecurityFinding[]): void {
  for (const step of steps) {
    const out = step.run(ctx);
    for (const h of out === null ? [] : Array.isArray(out) ? out : [out]) {
      into.push({ ...h, behavior: 'ask', misparsing: step.misparsing });
    }
  }
}

/** Why a command passed: nothing found, or one of Claude Code's two early-allowed shapes. */
export type PassReason = 'no finding' | 'empty command' | 'plain git commit message' | 'literal heredoc in an argument';

function evaluate(command: string): { findings: SecurityFinding[]; reason: PassReason } {
  const ctx = buildContext(command);
  const found: SecurityFinding[] = [];
  collect(FIRST, ctx, found);
  if (command.trim() === '') return { findings: found, reason: 'empty command' };
  collect(INCOMPLETE, ctx, found);
  if (found.length === 0) {
    if (isSafeHeredocSubstitution(command, (rest) => runSecurityChecks(rest).length === 0)) {
      return { findings: [], reason: 'literal heredoc in an argument' };
    }
    const git = checkGitCommit(ctx);
    if (git.kind === 'allow') return { findings: [], reason: 'plain git commit message' };
    if (git.kind === 'ask') found.push({ ...git.hit, behavior: 'ask', misparsing: true });
  }
  collect(MAIN, ctx, found);
  return { findings: found, reason: 'no finding' };
}

/**
 * Every finding for a command, in Claude Code's order; empty means nothing was found (passthrough:
 * the permission rules decide). Two shapes pass early and skip the main checks, as in Claude Code: a
 * `git commit -m "<plain message>"` and a `$(cat <<'EOF' … EOF)` argument around plain words.
 */
export function runSecurityChecks(command: string): SecurityFinding[] {
  return evaluate(command).findings;
}

export type SecurityVerdict =
  | { behavior: 'passthrough'; reason: PassReason; findings: [] }
  | { behavior: 'ask'; finding: SecurityFinding; findings: SecurityFinding[] };

/**
 * The finding Claude Code would show: the first misparsing one, else the first at all (a newline or
 * redirection finding waits, so a later misparsing finding is not hidden behind it).
 */
export function securityVerdict(command: string): SecurityVerdict {
  const { findings, reason } = evaluate(command);
  const first = findings.find((f) => f.misparsing) ?? findings[0];
  return first ? { behavior: 'ask', finding: first, findings } : { behavior: 'passthrough', reason, findings: [] };
}
