// Bash's own permission opinion (BA1–BA5, BA8, TC2), from what src/main/shell says the command is:
// a security finding, a command too complex to follow, a removal of a home or system folder, or a path
// outside the working folders asks before any rule or mode can allow it (a safety check); a line made
// only of read-only commands inside the working folders is allowed with no rule; anything else leaves
// the decision to rules and mode. Rules see each subcommand too (`bashRuleParts`).
import os from 'node:os';
import { securityVerdict } from '../../shell/checks/index';
import { checkCommandLinePaths, isDangerousRemoval, isReadOnlyPipeline, suggestRules } from '../../shell/commands/index';
import { analyzeCommand, effectiveCommand, legacySplit, loadedBashParser, programNames, withoutHarmlessRedirects } from '../../shell/index';
import type { CommandAnalysis, Separator, SimpleCommand } from '../../shell/types';
import type { PermissionResult } from '../core/tool';
import type { CommandWarning } from '../../../shared/permissions/command-explanation';
import { commandWarnings } from '../../shell/explain/warnings';
import { editsInsideOnly } from './accept-edits';

/** What the permission engine needs of a Bash command, computed once per command text. */
export interface BashFacts {
  /** A finding that asks whatever the rules say, in plain words, and the check that made it. */
  safety: { message: string; check: string; hidesCommands?: boolean } | null;
  /** The subcommands as the rules should see them (safe env prefixes and plain wrappers stripped); null when not followed. */
  parts: SimpleCommand[] | null;
  /** What each subcommand runs in the end, through every wrapper (sudo and xargs too): for path and removal checks. */
  runs: SimpleCommand[];
  /** Per run: a wrapper runs it as another user (sudo). */
  elevated: boolean[];
  separators: Separator[];
  /** Every part is a read-only command (paths not considered). */
  readOnly: boolean;
}

const cache = new Map<string, BashFacts>();
const CACHE_MAX = 256;

/** BA1 findings that the parser settles on its own (a newline, a redirection): the parts decide instead. */
const SETTLED_BY_PARSER = new Set([7, 9, 10]);

export function bashFacts(command: string): BashFacts {
  // Facts from before the parser loaded are not kept for after it did.
  const key = `${loadedBashParser() ? 'p' : 'l'}:${command}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const facts = computeFacts(command);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, facts);
  return facts;
}

/**
 * The legacy splitter first: what it accepts, the syntax tree reads the same way (legacy-split.ts's
 * subset property, tested), so everyday commands never wait for the grammar (~50 ms to load). The tree
 * reads the rest; until it is loaded those are too complex (checkPermissions loads it first).
 */
export function analyzeBashLine(command: string): CommandAnalysis {
  const quick = legacySplit(command);
  if (quick.kind === 'parse-unavailable') return { ...quick, kind: 'simple' };
  return loadedBashParser() ? analyzeCommand(command) : quick;
}

/** Whether deciding `command` needs the grammar, which is not loaded yet. */
export function needsBashParser(command: string): boolean {
  return !loadedBashParser() && legacySplit(command).kind !== 'parse-unavailable';
}

function computeFacts(command: string): BashFacts {
  const verdict = securityVerdict(command);
  const analysis = analyzeBashLine(command);
  const followed = analysis.kind !== 'too-complex';
  const finding = verdict.behavior === 'ask' ? verdict.findings.find((f) => !(followed && SETTLED_BY_PARSER.has(f.id))) : undefined;
  if (analysis.kind === 'too-complex') {
    return {
      safety: { message: `This command uses shell features whose effect can't be checked in advance (${analysis.reason}).`, check: 'BA2 too-complex', hidesCommands: programNames(command)?.hidden ?? true },
      parts: null,
      runs: [],
      elevated: [],
      separators: [],
      readOnly: false,
    };
  }
  const parts = analysis.commands.map((c) => effectiveCommand(c));
  const unsafeEnv = parts.find((p) => p.unsafeEnv.length > 0);
  // Rules see through safe env prefixes and plain wrappers (`timeout 30 npm test` is `npm test`), but
  // not through sudo, xargs, shells or a wrapper it could not read: there the command stays as written.
  const plain = (p: (typeof parts)[number]) => !p.elevated && !p.appendsArgs && !p.runsShellCode && p.opaque === undefined;
  // … and past redirections that change nothing outside the command (`2>&1`, `> /dev/null`).
  const commands = parts.map((p, i) => withoutHarmlessRedirects(plain(p) ? p.command : analysis.commands[i]!));
  const readOnly = !finding && !unsafeEnv && parts.every(plain) && isReadOnlyPipeline(commands, analysis.separators).readOnly;
  let safety: BashFacts['safety'] = finding ? { message: finding.message, check: `BA1 #${finding.id} ${finding.name}` } : null;
  // `r* x`, `[r]m x`: the file names around decide which program runs.
  const pattern = parts.find((p) => /[*?[]/.test(p.command.argv[0] ?? ''));
  if (!safety && pattern) {
    safety = { message: `The program's name ${pattern.command.argv[0]} is a file pattern, so which program runs can't be told in advance.`, check: 'BA2 pattern as program name', hidesCommands: true };
  }
  if (!safety && unsafeEnv) {
    safety = { message: `The command sets ${unsafeEnv.unsafeEnv.join(', ')}, which changes which programs run or how they load.`, check: 'BA4 unsafe environment' };
  }
  return { safety, parts: commands, runs: parts.map((p) => p.command), elevated: parts.map((p) => p.elevated), separators: analysis.separators, readOnly };
}

/** BA9: what the line may destroy or expose, from the same reading of it the rules get. */
export function bashWarnings(command: string): CommandWarning[] {
  const facts = bashFacts(command);
  return commandWarnings(command, facts.parts ? { runs: facts.runs, separators: facts.separators, elevated: facts.elevated } : null);
}

/** Devices that hold nothing of anyone's: reading zeros or randomness, writing into the void or the terminal. */
const READABLE_DEVICES = new Set(['/dev/null', '/dev/zero', '/dev/random', '/dev/urandom', '/dev/stdin', '/dev/tty']);
const WRITABLE_DEVICES = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);

function harmlessDevice(resolved: string | null, access: 'read' | 'write'): boolean {
  if (resolved === null) return false;
  return (access === 'read' ? READABLE_DEVICES : WRITABLE_DEVICES).has(resolved) || /^\/dev\/fd\/[0-2]$/.test(resolved);
}

export interface BashPermissionContext {
  cwd: string;
  workingDirectories: readonly string[];
  home?: string;
}

/** A part of the line that asks whatever the rules say: a removal that always asks, a path outside the project. */
export interface PartConcern {
  /** Index into the line's parts. */
  index: number;
  message: string;
  check: string;
  strict?: boolean;
}

/** BA8 concerns, part by part (removals first), and whether every part's paths are known. */
export function partConcerns(facts: BashFacts, ctx: BashPermissionContext): { concerns: PartConcern[]; pathsKnown: boolean } {
  const where = { cwd: ctx.cwd, workingDirs: ctx.workingDirectories, home: ctx.home ?? os.homedir() };
  const out: PartConcern[] = [];
  facts.runs.forEach((part, index) => {
    const removal = isDangerousRemoval(part, where);
    if (removal) out.push({ index, message: `This command would delete ${removal.target}: ${removal.reason}. It always asks, whatever the rules say.`, check: 'BA8 dangerous removal', strict: true });
  });
  const paths = checkCommandLinePaths(facts.runs, facts.separators as Separator[], where);
  paths.byCommand.forEach((r, index) => {
    const outside = r.outside.find((p) => !harmlessDevice(p.resolved, p.access));
    if (!outside) return;
    const verb = outside.access === 'write' ? 'change' : 'read';
    out.push({ index, message: `This command would ${verb} ${outside.path}, which is outside the project folder${ctx.workingDirectories.length > 1 ? 's' : ''} it may use.`, check: 'BA8 path outside' });
  });
  return { concerns: out, pathsKnown: paths.known };
}

export function bashPermission<I>(command: string, ctx: BashPermissionContext): PermissionResult<I> {
  const facts = bashFacts(command);
  const safetyAsk = (message: string, check: string, strict = false, hidesCommands = false): PermissionResult<I> => ({
    behavior: 'ask',
    message,
    reason: { type: 'safetyCheck', reason: message, check, ...(strict ? { strict } : {}), ...(hidesCommands ? { hidesCommands } : {}) },
  });
  if (facts.safety) return safetyAsk(facts.safety.message, facts.safety.check, false, facts.safety.hidesCommands);
  const parts = facts.parts ?? [];
  const { concerns, pathsKnown } = partConcerns(facts, ctx);
  const concern = concerns[0];
  if (concern) return safetyAsk(concern.message, concern.check, concern.strict);
  if (facts.readOnly && pathsKnown) {
    return { behavior: 'allow', reason: { type: 'tool', reason: 'it only reads, inside the project folder' } };
  }
  // A compound line gets one rule per distinct part (BA5); a single command keeps the engine's own
  // suggestions (the exact command and its stable prefix, for the person to choose).
  const compound = parts.length > 1 ? suggestRules(parts).rules : [];
  const editsInside = editsInsideOnly(facts, ctx);
  return {
    behavior: 'passthrough',
    message: 'Bash commands need approval unless a rule allows them.',
    ...(compound.length > 0 ? { suggestions: compound } : {}),
    ...(editsInside ? { editsInside } : {}),
  };
}

/** The subcommands as inputs of their own, for rule matching; null for a single plain command. */
export function bashRuleParts<I extends { command: string }>(input: I): I[] | null {
  const { parts } = bashFacts(input.command ?? '');
  if (!parts) return null;
  if (parts.length === 1 && parts[0]!.text === input.command.trim()) return null;
  return parts.map((p) => ({ ...input, command: p.text }));
}
