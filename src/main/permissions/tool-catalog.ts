// Which tools a rule's tool name speaks for, and where a call names its path, from the tools' own
// traits (ToolDef.kind and .target) over one data table of Claude Code's tool vocabulary, so users'
// rules for names we do not implement (MultiEdit, LS) keep their meaning. Claude Code: `Edit(...)`
// rules apply to every file-editing tool, and an `Edit(...)` allow also grants reading the same paths;
// `Read(...)` rules apply to the tools that read files (Glob and Grep best effort), and a `Read(...)`
// deny also blocks editing (we extend that to ask rules and to NotebookEdit: the safer reading).
import { CLAUDE_CODE_TOOLS } from '../../shared/tools/claude-code-tools';
import { targetOf, type TargetSpec, type ToolKind, type ToolTarget, type ToolTraits } from '../../shared/tools/traits';
import type { RuleBehavior } from './types';

/** What the catalog needs of a tool: a ToolDef has these fields. */
export interface CatalogTool {
  name: string;
  kind?: ToolKind;
  target?: TargetSpec;
}

export interface ToolCatalog {
  traits(toolName: string): ToolTraits | undefined;
  /** Every tool name of one kind (pool and table). */
  family(kind: ToolKind): readonly string[];
}

export function createToolCatalog(tools: readonly CatalogTool[] = []): ToolCatalog {
  const byName = new Map<string, ToolTraits>(Object.entries(CLAUDE_CODE_TOOLS));
  for (const t of tools) {
    // A tool that declares no kind is taken as Claude Code's tool of its name, if there is one.
    if (t.kind === undefined && byName.has(t.name)) continue;
    byName.set(t.name, { kind: t.kind ?? 'other', ...(t.target ? { target: t.target } : {}) });
  }
  const families = new Map<ToolKind, string[]>();
  for (const [name, traits] of byName) families.set(traits.kind, [...(families.get(traits.kind) ?? []), name]);
  return {
    traits: (name) => byName.get(name),
    family: (kind) => families.get(kind) ?? [],
  };
}

/** Claude Code's vocabulary alone: for callers without a tool pool. */
export const CLAUDE_CODE_CATALOG: ToolCatalog = createToolCatalog();

const catalogs = new WeakMap<readonly CatalogTool[], ToolCatalog>();

/** The catalog of one tool pool, built once per pool. */
export function catalogOf(tools: readonly CatalogTool[]): ToolCatalog {
  let c = catalogs.get(tools);
  if (!c) catalogs.set(tools, (c = createToolCatalog(tools)));
  return c;
}

export const isEditTool = (catalog: ToolCatalog, toolName: string): boolean => catalog.traits(toolName)?.kind === 'edit';

/** Tools whose rules take a path pattern: the file readers and editors. */
export function isFileTool(catalog: ToolCatalog, toolName: string): boolean {
  const t = catalog.traits(toolName);
  return t !== undefined && (t.kind === 'read' || t.kind === 'edit') && t.target !== undefined;
}

/**
 * File permission checks consult `Read(path)` and `Edit(path)` rules only (docs: permissions, "Read and
 * Edit"). For a path rule written for another file tool (`Write(docs/**)`, `NotebookEdit(…)`,
 * `Glob(…)`, `MultiEdit(…)`) this is the rule name the docs say to write instead; null for Read, Edit
 * and tools that are not file tools.
 */
export function pathRuleReplacement(ruleTool: string, catalog: ToolCatalog): 'Read' | 'Edit' | null {
  if (ruleTool === 'Read' || ruleTool === 'Edit' || !isFileTool(catalog, ruleTool)) return null;
  return catalog.traits(ruleTool)?.kind === 'edit' ? 'Edit' : 'Read';
}

/** The tool names a rule written for `ruleTool` covers (for other names, just that name). */
export function toolsCoveredBy(ruleTool: string, behavior: RuleBehavior, catalog: ToolCatalog): readonly string[] {
  if (ruleTool === 'Edit') return behavior === 'allow' ? [...catalog.family('edit'), ...catalog.family('read')] : catalog.family('edit');
  if (ruleTool === 'Read') return behavior === 'allow' ? catalog.family('read') : [...catalog.family('read'), ...catalog.family('edit')];
  return [ruleTool];
}

/** Whether a rule named `ruleTool` speaks for a call of `toolName` (or one of its aliases). */
export function ruleToolCovers(ruleTool: string, toolName: string, behavior: RuleBehavior, catalog: ToolCatalog, aliases: readonly string[] = []): boolean {
  const covered = toolsCoveredBy(ruleTool, behavior, catalog);
  return covered.includes(toolName) || aliases.some((a) => covered.includes(a));
}

/**
 * The path a file tool's call touches. Search tools default to the current directory; `undefined`
 * means the input names no path (a path rule then cannot speak for it).
 */
export function fileTargetOf(toolName: string, input: unknown, catalog: ToolCatalog): ToolTarget | undefined {
  const traits = catalog.traits(toolName);
  if (!traits || (traits.kind !== 'read' && traits.kind !== 'edit')) return undefined;
  return targetOf(traits.target, input);
}
