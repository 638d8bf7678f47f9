// Test support for the doc tables (doc-*.test.ts): every row cites the Claude Code page and section (and
// the sentence) it checks, or names the reading we chose where the docs are silent or disagree
// (docs/permissions.md lists those). Rules are matched with the app's own tool pool, and whole calls are
// decided by the real decider over that pool.
import { getAllBaseTools } from '../tools/builtin';
import type { AnyTool } from '../tools/core/tool';
import { makeCtx } from '../tools/pipeline/test-helpers';
import { createPermissionDecider, type PermissionDeciderOptions } from './decider';
import type { HookVerdict, PermissionVerdict } from './decision';
import { evaluateRules } from './evaluate';
import type { PathContext } from './path-match';
import { catalogOf } from './tool-catalog';
import type { PermissionMode, RuleBehavior, RuleEntry, RuleSet } from './types';

/** The pages read (the docs/permissions.md "Sources read" list). */
export const DOCS = {
  permissions: 'code.claude.com/docs/en/permissions',
  modes: 'code.claude.com/docs/en/permission-modes',
  tools: 'code.claude.com/docs/en/tools-reference',
  settings: 'code.claude.com/docs/en/settings',
  iam: 'docs.anthropic.com/en/docs/claude-code/iam',
} as const;

export interface Cite {
  page: keyof typeof DOCS;
  section: string;
  /** The sentence (or the gist of a table row) the row checks. */
  says: string;
  /** Set where the docs are silent or contradict themselves: the reading we chose instead. */
  ours?: string;
}

/** `PL4c permissions §Read and Edit: "…"` (+ `— our reading: …`). */
export function cite(id: string, c: Cite): string {
  return `${id} ${DOCS[c.page]} §${c.section}: "${c.says}"${c.ours ? ` — our reading: ${c.ours}` : ''}`;
}

/** One rule against one call, as an allow, a deny and an ask rule. */
export interface MatchRow {
  cite: Cite;
  rule: string;
  tool: string;
  input: unknown;
  /** Whether it matches as [allow, deny, ask]. */
  expect: readonly [allow: boolean, deny: boolean, ask: boolean];
  paths?: Partial<PathContext>;
  /** The rule's source and file (for `/path` rules, whose anchor depends on them). */
  entry?: Omit<RuleEntry, 'rule'>;
  aliases?: string[];
}

export const POOL: readonly AnyTool[] = getAllBaseTools();
export const CATALOG = catalogOf(POOL);

export const PROJECT = '/work/proj';
export const HOME = '/home/alice';
export const BASE_PATHS: PathContext = { cwd: PROJECT, projectDir: PROJECT, home: HOME };

export function matchesAs(behavior: RuleBehavior, row: MatchRow): boolean {
  const entry: RuleEntry = { rule: row.rule, source: 'projectSettings', ...row.entry };
  const set: RuleSet = { allow: [], deny: [], ask: [], [behavior]: [entry] };
  return evaluateRules(row.tool, row.input, set, { paths: { ...BASE_PATHS, ...row.paths }, catalog: CATALOG, aliases: row.aliases ?? [] }) !== null;
}

/** What the row's rule does as each behaviour, for one `expect(...).toEqual(row.expect)`. */
export function behaviours(row: MatchRow): [boolean, boolean, boolean] {
  return [matchesAs('allow', row), matchesAs('deny', row), matchesAs('ask', row)];
}

export const rules = (x: Partial<Record<RuleBehavior, Array<string | RuleEntry>>>): RuleSet => {
  const list = (b: RuleBehavior) => (x[b] ?? []).map((r) => (typeof r === 'string' ? { rule: r, source: 'projectSettings' as const } : r));
  return { allow: list('allow'), deny: list('deny'), ask: list('ask') };
};

export interface DecideOptions extends Omit<Partial<PermissionDeciderOptions>, 'mode' | 'rules'> {
  mode?: PermissionMode;
  set?: RuleSet;
  cwd?: string;
  projectDir?: string;
  workingDirectories?: string[];
  hook?: HookVerdict;
}

/** The real decider and the app's real tools (their own checks included) decide one call. */
export function tool(name: string): AnyTool {
  const t = POOL.find((x) => x.name === name);
  if (!t) throw new Error(`no tool ${name} in the pool`);
  return t;
}

export async function decide(toolName: string, input: unknown, o: DecideOptions = {}): Promise<PermissionVerdict> {
  const { mode = 'default', set = rules({}), cwd, projectDir = PROJECT, workingDirectories, hook, ...rest } = o;
  const d = createPermissionDecider({ mode: () => mode, rules: () => set, home: HOME, realpath: (p) => p, caseInsensitive: false, ...rest });
  const ctx = makeCtx(POOL as AnyTool[], { projectDir, workingDirectories: workingDirectories ?? [projectDir], state: { cwd: cwd ?? projectDir }, env: { HOME: rest.home ?? HOME } });
  return d.decide({ tool: tool(toolName), input, ctx, ...(hook ? { hook } : {}), classifier: async () => ({ verdict: 'none' }) });
}
