// What is wrong with a rule string, if anything: the grammar (parseRule), and for file tools a path
// pattern that cannot compile (`Read([abc)`), which would otherwise silently match nothing.
import { parseRule } from '../../shared/permissions/rule';
import { parsePathPattern } from './path-pattern';
import { CLAUDE_CODE_CATALOG, isFileTool, type ToolCatalog } from './tool-catalog';

/** null for a usable rule, else one sentence saying why not. */
export function ruleProblem(rule: string, catalog: ToolCatalog = CLAUDE_CODE_CATALOG): string | null {
  const parsed = parseRule(rule);
  if (!parsed.ok) return parsed.error.message;
  const { toolName, ruleContent } = parsed.value;
  if (ruleContent === undefined || !isFileTool(catalog, toolName)) return null;
  const p = parsePathPattern(ruleContent);
  return p.ok ? null : `not a valid path pattern (${p.error})`;
}
