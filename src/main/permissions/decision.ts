// What the permission decider takes and gives (PL4a–d) as interfaces of its own, so the tools layer
// above implements them and this layer never imports a tool: the call (its tool's name, traits, own
// check and read-only answer), the PreToolUse hooks' verdict, the classifier's, and the verdict.
import type { PermissionExplanation } from '../../shared/permissions/explanation';
import type { RuleDestination } from '../../shared/permissions/rule-store';
import type { CatalogTool } from './tool-catalog';
import type { DecisionReason, PermissionResult } from './types';

/** The slice of a PreToolUse hooks' result the decider reads (hooks/types' PreToolUseResult has it). */
export interface HookVerdict {
  decision?: 'allow' | 'deny' | 'ask';
  reason?: string;
  blocked?: { message: string };
}

export interface ClassifierVerdict {
  verdict: 'allow' | 'ask' | 'none';
  reason?: string;
}

/** Where the call runs: its directory, the project, and the pool (whose traits say what each tool is). */
export interface DecisionContext {
  projectDir: string;
  state: { cwd: string };
  tools: readonly CatalogTool[];
}

/** What the decider asks of the called tool. A Tool has all of it. */
export interface DecidableTool<Ctx> extends CatalogTool {
  aliases?: readonly string[];
  deprecatedAliases?: readonly string[];
  checkPermissions(input: unknown, ctx: Ctx): Promise<PermissionResult> | PermissionResult;
  isReadOnly(input: unknown): boolean;
  /**
   * The parts a compound input runs, each as an input of this tool (a Bash line's subcommands, BA3),
   * or null when it is one thing. A deny or ask rule that matches any part decides for the whole; an
   * allow needs every part allowed, by a rule or by being read-only.
   */
  ruleParts?(input: unknown): unknown[] | null;
}

export interface PermissionCheck<Ctx extends DecisionContext = DecisionContext> {
  tool: DecidableTool<Ctx>;
  input: unknown;
  ctx: Ctx;
  /** The PreToolUse hooks' answer; absent for nested calls (canUseTool). */
  hook?: HookVerdict;
  /** Awaited only when no earlier step decided (the classifier may still be running). */
  classifier: () => Promise<ClassifierVerdict>;
  /** validateInput said `behavior: 'ask'` with this message (PL2). */
  forcedAsk?: string;
}

/** Every verdict may carry its explanation ("why was I asked?"); the permission engine always sets it. */
export type PermissionVerdict =
  | { behavior: 'allow'; input: unknown; reason: DecisionReason; explanation?: PermissionExplanation }
  | { behavior: 'deny'; message: string; reason: DecisionReason; explanation?: PermissionExplanation }
  | { behavior: 'ask'; message: string; reason: DecisionReason; suggestions: string[]; explanation?: PermissionExplanation };

export interface PermissionDecider {
  /** Decides without prompting: allow, deny, or ask (the pipeline then prompts). */
  decide<Ctx extends DecisionContext>(check: PermissionCheck<Ctx>): Promise<PermissionVerdict>;
  /**
   * "Always allow": saves a session rule, and with a settings-file destination also writes it there;
   * false when the rule does not parse.
   */
  remember(rule: string, destination?: RuleDestination): boolean;
  /**
   * "Always allow" undone: the session rule goes, so the very next call is decided without it; false
   * when this session has no such rule. A settings file is not touched (the workbench's removal is).
   */
  forget(rule: string): boolean;
  /**
   * For a search that runs (Grep, Glob): which files it must leave out of its results — those a
   * `Read(...)` deny rule covers, and those an ask rule covers that did not already ask about this
   * very call; null when no rule keeps any file out.
   */
  readFilter?(toolName: string, input: unknown, ctx: DecisionContext): ((abs: string) => boolean) | null;
  /** PL4f: counts a denial; returns guidance for the model once a limit is reached. */
  recordDenial(toolName: string, input: unknown): string | undefined;
}
