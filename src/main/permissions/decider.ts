// PL4a–d: decides a call without prompting — allow, deny, or ask — and says why (every verdict carries
// a structured explanation). The first definite answer wins, and deny rules come before anything that
// could allow, so no hook, tool or mode allow beats a deny rule.
//
// The precise order (Claude Code's, from its permission docs; hook allow does not skip deny/ask rules):
//   1. PreToolUse hook blocked (exit 2) or decided deny          → deny
//   2. a deny rule matches (any source)                          → deny
//   3. the tool's own checkPermissions says deny                 → deny   (a throw there means "ask")
//   4. plan mode and an editing tool (not read-only)             → deny
//   5. hook decided ask, validateInput said ask, the tool's safety check asks (Bash: BA1, a dangerous
//      removal, a command too complex to follow), an ask rule, plan mode and any other call that is not
//      read-only, or an edit into a protected path (.git, .claude, .npmrc…) that no rule of this
//      session or run (--allowedTools) allows                   → ask    (not even bypassPermissions skips these)
// A compound input (tool.ruleParts: a Bash line's subcommands) is judged part by part as well: a deny or
// ask rule that matches any part decides (2, 5), and an allow rule (8) needs every part allowed, by a
// rule or by being read-only (BA3, BA5's aggregation).
//   6. hook decided allow                                        → allow
//   7. the tool's checkPermissions says allow                    → allow
//   8. an allow rule matches                                     → allow
//   9. mode: bypassPermissions, or acceptEdits for an edit inside the working directories (a tool
//      of kind edit, or one whose own opinion says it only edits inside them: Bash's mkdir, rm…) → allow
//  10. the classifier's verdict is allow                         → allow  (awaited only here)
//  11. otherwise                                                 → ask, with the tool's message and suggestions
import { homedir } from 'node:os';
import type { PermissionExplanation } from '../../shared/permissions/explanation';
import type { RuleDestination } from '../../shared/permissions/rule-store';
import type { DecidableTool, DecisionContext, PermissionCheck, PermissionDecider, PermissionVerdict } from './decision';
import { createDenialTracker, type DenialTracker } from './denial-tracking';
import { findRule, mergeRuleSets, parsedRule, rulesForTool } from './evaluate';
import { explainCheck, explainClassifier, explainHook, explainMode, explainNoRule, explainOwnAsk, explainRule, type ExplainContext } from './explain';
import { whereRule } from './explain-where';
import type { ContentMatcher, MatchOptions } from './match-rule';
import { modeAllows, planModeDenial, planModeVerdict, type AcceptEditsPolicy } from './modes';
import { resolveCallPath, type PathContext } from './path-match';
import { protectedPathOf } from './protected-paths';
import { createReadFilter } from './read-filter';
import { realpathForPermissions } from './real-path';
import { createSessionRules, type SessionRules } from './session-rules';
import { denialPattern, suggestRules } from './suggest';
import { catalogOf, fileTargetOf, isEditTool, type ToolCatalog } from './tool-catalog';
import type { DecisionReason, PermissionMode, PermissionResult, RuleBehavior, RuleEntry, RuleSet } from './types';

export interface PermissionDeciderOptions {
  /** Read on every call so a mode switch applies to the next call. */
  mode: () => PermissionMode;
  /** The configured rules (cliArg, settings files, policy…); session rules are added to them. */
  rules: () => RuleSet;
  sessionRules?: SessionRules;
  denials?: DenialTracker;
  matchers?: Readonly<Record<string, ContentMatcher>>;
  acceptEdits?: AcceptEditsPolicy;
  /** `~` in rules and paths (default: the OS home folder). */
  home?: string;
  /** Where a path really leads, for rule matching (default: the file system's answer). */
  realpath?: (abs: string) => string;
  /** Deny/ask path rules ignore case (default: on macOS and Windows). */
  caseInsensitive?: boolean;
  /** The policy's allowManagedPermissionRulesOnly: session ("always allow") rules do not allow either. */
  managedRulesOnly?: () => boolean;
  /** "Always allow" to a settings file: writes the rule there (the session rule applies at once either way). */
  persistRule?: (destination: Exclude<RuleDestination, 'session'>, behavior: RuleBehavior, rule: string) => void;
}

const HOOK = 'PreToolUse';

/** Rules a person gave for this session or run, not read from a settings file. */
const personal = (e: RuleEntry) => e.source === 'session' || e.source === 'cliArg';

function ruleReason(entry: RuleEntry, behavior: RuleBehavior): DecisionReason {
  return { type: 'rule', rule: entry.rule, source: entry.source, behavior };
}

async function toolOpinion<Ctx extends DecisionContext>(tool: DecidableTool<Ctx>, check: PermissionCheck<Ctx>): Promise<PermissionResult> {
  try {
    const r = await tool.checkPermissions(check.input, check.ctx);
    if (r && typeof r === 'object' && ['allow', 'deny', 'ask', 'passthrough'].includes(r.behavior)) return r;
    return { behavior: 'ask', message: `${tool.name} gave no permission answer.` };
  } catch (e) {
    // Fail closed: a tool that cannot decide never allows itself.
    return { behavior: 'ask', message: `${tool.name} could not check its permissions (${e instanceof Error ? e.name : 'error'}).` };
  }
}

function reasonText(r: DecisionReason | undefined): string | undefined {
  if (!r) return undefined;
  return 'reason' in r && typeof r.reason === 'string' ? r.reason : undefined;
}

export function defaultAskMessage(tool: { name: string }): string {
  return `The model requested permission to use ${tool.name}, but you haven't granted it yet.`;
}

/**
 * The protected folder or file an editing call would write to, as written or where a symlink really
 * leads, or null (only editing tools are judged).
 */
function protectedTarget(toolName: string, input: unknown, paths: PathContext, catalog: ToolCatalog): string | null {
  if (!isEditTool(catalog, toolName)) return null;
  const target = fileTargetOf(toolName, input, catalog);
  const abs = target ? resolveCallPath(target.path, paths) : null;
  if (abs === null) return null;
  const ci = paths.caseInsensitive === true;
  return protectedPathOf(abs, ci) ?? (paths.realpath ? protectedPathOf(paths.realpath(abs), ci) : null);
}

export function createPermissionDecider(opts: PermissionDeciderOptions): PermissionDecider {
  const session = opts.sessionRules ?? createSessionRules();
  const denials = opts.denials ?? createDenialTracker();
  const home = opts.home ?? homedir();
  const caseInsensitive = opts.caseInsensitive ?? (process.platform === 'darwin' || process.platform === 'win32');
  const baseRealpath = opts.realpath ?? realpathForPermissions;

  /** The rules in force now and how paths are matched for calls in `ctx`. */
  function matchingFor(ctx: DecisionContext, aliases: readonly string[]) {
    // What each tool is (edit, read, …) comes from the pool's own traits.
    const catalog = catalogOf(ctx.tools);
    const sessionSet = session.rules();
    const rules = mergeRuleSets(opts.rules(), opts.managedRulesOnly?.() ? { ...sessionSet, allow: [] } : sessionSet);
    // One decision (or one search's filter) resolves each path at most once.
    const seen = new Map<string, string>();
    const realpath = (p: string) => {
      let r = seen.get(p);
      if (r === undefined) seen.set(p, (r = baseRealpath(p)));
      return r;
    };
    const paths: PathContext = { cwd: ctx.state.cwd, projectDir: ctx.projectDir, home, realpath, caseInsensitive };
    const match: MatchOptions = { aliases, paths, catalog, ...(opts.matchers ? { matchers: opts.matchers } : {}) };
    return { catalog, rules, paths, match };
  }

  async function decide<Ctx extends DecisionContext>(check: PermissionCheck<Ctx>): Promise<PermissionVerdict> {
    const { tool, input, hook, ctx } = check;
    const aliases = [...(tool.aliases ?? []), ...(tool.deprecatedAliases ?? [])];
    const { catalog, rules, paths, match } = matchingFor(ctx, aliases);
    let parts: unknown[] = [];
    try {
      parts = tool.ruleParts?.(input) ?? [];
    } catch {
      parts = [];
    }
    const findOne = (b: RuleBehavior, x: unknown) => findRule(rules[b], b, tool.name, x, match);
    // deny and ask: the whole, then any part; allow: the whole (a rule's own compound rules apply).
    const find = (b: RuleBehavior) => {
      const whole = findOne(b, input);
      if (whole || b === 'allow') return whole;
      for (const p of parts) {
        const hit = findOne(b, p);
        if (hit) return hit;
      }
      return null;
    };
    /** Every part allowed by an allow rule or by being read-only: the rule that allowed the first ruled part. */
    const allowedByParts = (): RuleEntry | 'read-only' | null => {
      // One part is the line as rules read it (`timeout 30 npm test 2>&1` → `npm test`).
      if (parts.length === 0) return null;
      let first: RuleEntry | null = null;
      for (const p of parts) {
        const hit = findOne('allow', p);
        if (hit) first ??= hit;
        else if (!safeReadOnly(p)) return null;
      }
      return first ?? 'read-only';
    };
    const safeReadOnly = (x: unknown) => {
      try {
        return tool.isReadOnly(x);
      } catch {
        return false;
      }
    };
    const where: ExplainContext = { projectDir: ctx.projectDir, home, cwd: ctx.state.cwd, catalog };
    const mode = opts.mode();
    const suggestions = () => suggestRules(tool.name, input, { cwd: ctx.state.cwd, projectDir: ctx.projectDir, home, catalog });
    const ask = (explanation: PermissionExplanation, reason: DecisionReason, s = suggestions()): Extract<PermissionVerdict, { behavior: 'ask' }> => ({
      behavior: 'ask',
      message: explanation.text,
      reason,
      suggestions: s,
      explanation,
    });

    // 1
    if (hook?.blocked) {
      return { behavior: 'deny', message: hook.blocked.message, reason: { type: 'hook', hook: HOOK, reason: hook.blocked.message }, explanation: explainHook(HOOK, 'block', hook.blocked.message) };
    }
    if (hook?.decision === 'deny') {
      const message = hook.reason ? `${HOOK} hook denied this call: ${hook.reason}` : `${HOOK} hook denied this call.`;
      return { behavior: 'deny', message, reason: { type: 'hook', hook: HOOK, reason: hook.reason }, explanation: explainHook(HOOK, 'deny', hook.reason) };
    }
    // 2
    const deny = find('deny');
    if (deny) {
      const message = `Permission to use ${tool.name} has been denied by the rule ${deny.rule} ${whereRule({ ...deny, behavior: 'deny' }, where)}.`;
      return { behavior: 'deny', message, reason: ruleReason(deny, 'deny'), explanation: explainRule(deny, 'deny', where) };
    }
    // 3
    const own = await toolOpinion(tool, check);
    if (own.behavior === 'deny') {
      return { behavior: 'deny', message: own.message, reason: own.reason ?? { type: 'tool', reason: own.message }, explanation: explainCheck('deny', tool.name, own.message) };
    }
    // 4
    let readOnly = false;
    try {
      readOnly = tool.isReadOnly(input);
    } catch {
      readOnly = false;
    }
    const plan = planModeVerdict(mode, readOnly, isEditTool(catalog, tool.name));
    if (plan === 'deny') return { behavior: 'deny', message: planModeDenial(tool.name), reason: { type: 'mode', mode }, explanation: explainMode('deny', 'plan') };
    // 5
    if (hook?.decision === 'ask') {
      const explanation = explainHook(HOOK, 'ask', hook.reason);
      return { ...ask(explanation, { type: 'hook', hook: HOOK, reason: hook.reason }), message: hook.reason ?? explanation.text };
    }
    if (check.forcedAsk !== undefined) {
      const explanation = explainCheck('ask', 'validation', check.forcedAsk, `${tool.name}'s input check`);
      return { ...ask(explanation, { type: 'tool', reason: check.forcedAsk }), message: check.forcedAsk };
    }
    // A rule for the whole tool (`Bash`, --allowedTools Bash) is the person's "anything goes".
    const wholeToolAllowed = () => rulesForTool(rules.allow, 'allow', tool.name, aliases, catalog).some((e) => parsedRule(e.rule)?.ruleContent === undefined);
    // A deny or ask rule that cannot be checked against what the call runs is not silently passed over.
    const scopedRules = () =>
      (['deny', 'ask'] as const).some((b) => rulesForTool(rules[b], b, tool.name, aliases, catalog).some((e) => parsedRule(e.rule)?.ruleContent !== undefined));
    const safety = own.behavior === 'ask' && own.reason?.type === 'safetyCheck' ? own.reason : null;
    if (safety && (safety.strict || (safety.hidesCommands && scopedRules()) || (mode !== 'bypassPermissions' && !wholeToolAllowed()))) {
      const detail = (own.behavior === 'ask' && own.message) || defaultAskMessage(tool);
      // No rule can allow past a safety check, so "Always allow" has nothing to offer.
      return { ...ask(explainCheck('ask', safety.check ?? tool.name, detail, `${tool.name}'s safety check`), safety, []), message: detail };
    }
    const askRule = find('ask');
    if (askRule) return ask(explainRule(askRule, 'ask', where), ruleReason(askRule, 'ask'));
    // No allow rule helps in plan mode, so "always allow" has nothing to offer.
    if (plan === 'ask') return ask(explainMode('ask', 'plan'), { type: 'mode', mode }, []);
    // Settings files' allow rules never pre-approve a protected path; a rule given for this session
    // ("always allow") or this run (--allowedTools) does.
    const guarded = protectedTarget(tool.name, input, paths, catalog);
    if (guarded && !findRule(rules.allow.filter(personal), 'allow', tool.name, input, match)) {
      const detail = `${tool.name} would write to ${guarded}, a protected path that no mode or settings rule approves by itself`;
      return ask(explainCheck('ask', 'protected-path', detail, 'the protected-path check'), { type: 'tool', reason: detail });
    }
    // 6
    if (hook?.decision === 'allow') return { behavior: 'allow', input, reason: { type: 'hook', hook: HOOK, reason: hook.reason }, explanation: explainHook(HOOK, 'allow', hook.reason) };
    // 7
    if (own.behavior === 'allow') {
      const reason = own.reason ?? { type: 'tool', reason: `${tool.name} allowed this call` };
      return { behavior: 'allow', input: own.updatedInput ?? input, reason, explanation: explainCheck('allow', tool.name, reasonText(reason) ?? `${tool.name} allowed this call`) };
    }
    // 8
    const allow = find('allow');
    if (allow) return { behavior: 'allow', input, reason: ruleReason(allow, 'allow'), explanation: explainRule(allow, 'allow', where) };
    const byParts = allowedByParts();
    if (byParts && byParts !== 'read-only') return { behavior: 'allow', input, reason: ruleReason(byParts, 'allow'), explanation: explainRule(byParts, 'allow', where) };
    // 9
    const ownEdits = mode === 'acceptEdits' && own.behavior === 'passthrough' && own.editsInside === true;
    if (ownEdits || modeAllows(mode, tool.name, input, catalog, opts.acceptEdits)) {
      const detail = mode === 'acceptEdits' ? 'edits inside the working directories run without asking' : undefined;
      return { behavior: 'allow', input, reason: { type: 'mode', mode }, explanation: explainMode('allow', mode, detail) };
    }
    // 10
    const verdict = await check.classifier();
    if (verdict.verdict === 'allow') {
      const detail = verdict.reason ?? 'the safety classifier allowed it';
      return { behavior: 'allow', input, reason: { type: 'classifier', reason: detail }, explanation: explainClassifier('allow', detail) };
    }
    // 11
    const ownSuggestions = 'suggestions' in own ? own.suggestions : undefined;
    const s = ownSuggestions && ownSuggestions.length > 0 ? ownSuggestions : suggestions();
    if (own.behavior === 'ask') {
      // The explanation says what kind of action asks and which rule stops it; the tool's words stay its message.
      const detail = own.message || defaultAskMessage(tool);
      const explanation = explainOwnAsk(tool.name, detail, own.action, s[0] ?? tool.name);
      return { ...ask(explanation, own.reason ?? { type: 'tool', reason: detail }, s), message: detail };
    }
    if (verdict.verdict === 'ask' && verdict.reason) return ask(explainClassifier('ask', verdict.reason), { type: 'classifier', reason: verdict.reason }, s);
    const explanation = explainNoRule(tool.name, input, rulesForTool(rules.allow, 'allow', tool.name, aliases, catalog), where);
    return ask(explanation, { type: 'tool', reason: explanation.text }, s);
  }

  return {
    decide,
    readFilter(toolName, input, ctx) {
      const { rules, match } = matchingFor(ctx, []);
      return createReadFilter(rules, toolName, input, match);
    },
    remember(rule, destination) {
      const added = session.add('allow', rule);
      if (added && destination && destination !== 'session') opts.persistRule?.(destination, 'allow', rule.trim());
      return added;
    },
    forget: (rule) => session.remove('allow', rule),
    recordDenial: (toolName, input) => denials.record(toolName, denialPattern(toolName, input)),
  };
}
