// The engine behind `agent-desk permissions check|explain`: the app's own permission decider, tools,
// settings and acceptEdits policy, with settings read once. Each case's `rules` act as session rules;
// a case that is not well-formed is an error for that case alone, and a bad rule (in a settings file or
// a case) is skipped and named in the answer while the other rules still decide. Cases may be decided
// concurrently.
import { loadBashParser } from '../shell/parser';
import path from 'node:path';
import { z } from 'zod';
import type { CommandExplanation } from '../../shared/permissions/command-explanation';
import type { PermissionExplanation } from '../../shared/permissions/explanation';
import { markUnmatched } from '../tools/pipeline/command-explanation';
import { effectiveMode } from '../permissions/modes';
import { mergeRuleSets } from '../permissions/evaluate';
import { PERMISSION_MODES, type PermissionMode, type RuleEntry, type RuleSet } from '../permissions/types';
import { loadClaudeSettings, type ClaudeSettings } from '../settings/claude-settings';
import { getAllBaseTools } from '../tools/builtin';
import { buildTool } from '../tools/core/build-tool';
import type { AnyTool, ToolUseContext } from '../tools/core/tool';
import { createAcceptEditsPolicy } from '../permissions/accept-edits';
import { createPermissionDecider } from '../permissions/decider';
import { realpathForPermissions } from '../permissions/real-path';
import { ruleNote, ruleProblem } from '../permissions/rule-problem';
import { parseInput } from '../tools/pipeline/validate';

const ruleList = z.array(z.string()).optional();
export const CheckCase = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  tool: z.string().trim().min(1),
  input: z.unknown().optional(),
  rules: z.object({ allow: ruleList, deny: ruleList, ask: ruleList }).partial().optional(),
  mode: z.enum(PERMISSION_MODES as [PermissionMode, ...PermissionMode[]]).optional(),
  /** The session's current directory for this case (default: the project). */
  cwd: z.string().optional(),
});
export type CheckCase = z.infer<typeof CheckCase>;

export interface CheckOutcome {
  decision: 'allow' | 'ask' | 'deny';
  explanation: PermissionExplanation;
  suggestions: string[];
  /** The mode asked for was refused (bypassPermissions disabled by policy). */
  note?: string;
  /** Problems with the rules (settings files' or the case's): each names the rule and why; the decision used the others. */
  warnings?: string[];
  /** A command's explanation part by part, with what it may destroy (Bash, BA9): what the approval window shows. */
  command?: CommandExplanation;
}

export type CheckAnswer = { ok: true; outcome: CheckOutcome } | { ok: false; error: string };

/** Tools this app does not have yet (WebFetch, MCP tools…) still get decisions: no opinion of their own. */
const READ_ONLY_STAND_INS = new Set(['WebFetch', 'WebSearch', 'LS', 'TodoWrite']);
function standIn(name: string): AnyTool {
  return buildTool({
    name,
    maxResultSizeChars: 1,
    inputSchema: () => z.unknown() as z.ZodType<unknown>,
    description: () => name,
    prompt: () => name,
    isReadOnly: () => READ_ONLY_STAND_INS.has(name),
    checkPermissions: () => ({ behavior: 'passthrough' }),
    call: async () => ({ data: null }),
    mapResult: () => ({ content: '' }),
  }) as AnyTool;
}

/** The case's own rules, as session rules; a bad one is skipped with a warning and the others still apply. */
function caseRules(c: CheckCase): { rules: RuleSet; warnings: string[] } {
  const out: Record<'allow' | 'deny' | 'ask', RuleEntry[]> = { allow: [], deny: [], ask: [] };
  const warnings: string[] = [];
  for (const b of ['allow', 'deny', 'ask'] as const) {
    (c.rules?.[b] ?? []).forEach((rule, i) => {
      const trimmed = rule.trim();
      const problem = ruleProblem(trimmed, undefined, b);
      if (problem !== null) return void warnings.push(`rules.${b}[${i}] "${rule}": ${problem}; ignored.`);
      out[b].push({ rule: trimmed, source: 'session' });
      const note = ruleNote(trimmed, b);
      if (note !== null) warnings.push(`rules.${b}[${i}] "${rule}": ${note}.`);
    });
  }
  return { rules: out, warnings };
}

/** Nothing cancels a check; one signal serves every case. */
const NEVER_ABORTED = new AbortController().signal;

export interface CheckEngineOptions {
  projectDir: string;
  env: Readonly<Record<string, string | undefined>>;
  settingsFile?: string;
  /** The mode when a case names none (default: the settings' defaultMode, else default). */
  mode?: PermissionMode;
}

export interface CheckEngine {
  settings: ClaudeSettings;
  check(c: CheckCase): Promise<CheckAnswer>;
}

export async function createCheckEngine(opts: CheckEngineOptions): Promise<CheckEngine> {
  const projectDir = path.resolve(opts.projectDir);
  // Bash commands are judged by their syntax tree (BA2): the grammar is loaded before the first case.
  const [settings] = await Promise.all([loadClaudeSettings({ projectDir, env: opts.env, ...(opts.settingsFile ? { flagFile: opts.settingsFile } : {}) }), loadBashParser()]);
  const tools = new Map<string, AnyTool>();
  for (const t of getAllBaseTools()) for (const n of [t.name, ...(t.aliases ?? []), ...(t.deprecatedAliases ?? [])]) tools.set(n, t);
  const workingDirectories = [projectDir, ...settings.additionalDirectories.filter((d) => d !== projectDir)];
  const home = opts.env.HOME ?? opts.env.USERPROFILE;
  // The file system is taken as a snapshot for the run: each path is resolved once.
  const realpaths = new Map<string, string>();
  const realpath = (p: string) => {
    let r = realpaths.get(p);
    if (r === undefined) {
      if (realpaths.size > 50_000) realpaths.clear();
      realpaths.set(p, (r = realpathForPermissions(p)));
    }
    return r;
  };
  // One decider per case (they are cheap): cases may then be decided concurrently.
  const deciderFor = (rules: RuleSet, mode: PermissionMode, cwd: string) =>
    createPermissionDecider({
      mode: () => mode,
      rules: () => rules,
      realpath,
      ...(home ? { home } : {}),
      acceptEdits: createAcceptEditsPolicy(() => ({ cwd, workingDirectories })),
    });
  const base: RuleSet = settings.rules;
  // Every answer names the rules that were skipped or read differently: the settings files' and the case's own.
  const warnings = (own: string[]) => (own.length === 0 ? settings.warnings : [...settings.warnings, ...own]);

  return {
    settings,
    async check(c) {
      const extra = caseRules(c);
      const tool = tools.get(c.tool) ?? standIn(c.tool);
      const mode = effectiveMode(c.mode ?? opts.mode ?? settings.defaultMode, settings.bypassDisabled === true);
      const cwd = c.cwd ? path.resolve(projectDir, c.cwd) : projectDir;
      const ctx: ToolUseContext = {
        sessionId: 'permissions-check',
        projectDir,
        workingDirectories,
        state: { cwd },
        abortSignal: NEVER_ABORTED,
        toolResultsDir: '',
        env: settings.env,
        log: { debug() {}, info() {}, warn() {}, error() {} },
        tools: [tool],
      };
      // The schema only: a tool's business checks (the file was read first, the old text is there…)
      // are about running the call, not about whether it may run.
      const valid = parseInput(tool, c.input ?? {});
      if (!valid.ok) return { ok: false, error: valid.content.replace(/<\/?tool_use_error>/g, '').trim() };
      const v = await deciderFor(mergeRuleSets(base, extra.rules), mode.mode, cwd).decide({
        tool,
        input: valid.input,
        ctx,
        classifier: async () => ({ verdict: 'none' }),
      });
      const explanation = v.explanation ?? { decision: v.behavior, reason: { kind: 'check', name: tool.name, detail: 'no explanation' }, text: 'No explanation.' };
      const described = tool.describeCommand ? await tool.describeCommand(valid.input, ctx).catch(() => null) : null;
      const command = described ? markUnmatched(described, v.behavior === 'ask' ? explanation : undefined) : undefined;
      return {
        ok: true,
        outcome: {
          decision: v.behavior,
          explanation,
          suggestions: v.behavior === 'ask' ? v.suggestions : [],
          ...(mode.refused ? { note: mode.refused } : {}),
          ...(warnings(extra.warnings).length > 0 ? { warnings: warnings(extra.warnings) } : {}),
          ...(command ? { command } : {}),
        },
      };
    },
  };
}
