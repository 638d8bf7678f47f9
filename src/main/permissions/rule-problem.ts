// What is wrong with a rule string, if anything: the grammar (parsePermissionRule); for file tools a
// path pattern that cannot compile (`Read([abc)`), which would otherwise silently match nothing; and,
// for the behaviour it is written under, the rules Claude Code skips (an unanchored tool-name glob in
// allow, `Write(path)` in allow). `ruleNote` names rules that apply but not as they read.
import { formatRule } from '../../shared/permissions/rule';
import { paramOf, primaryField } from './match-rule';
import { parsePathPattern } from './path-pattern';
import { isAnchoredMcpGlob, isToolNameGlob, parsePermissionRule, UNANCHORED_ALLOW_GLOB } from './rule-parse';
import { CLAUDE_CODE_CATALOG, isFileTool, pathRuleReplacement, type ToolCatalog } from './tool-catalog';
import type { RuleBehavior } from './types';

/** null for a usable rule, else one sentence saying why not (the rule is then skipped). */
export function ruleProblem(rule: string, catalog: ToolCatalog = CLAUDE_CODE_CATALOG, behavior?: RuleBehavior): string | null {
  const parsed = parsePermissionRule(rule);
  if (!parsed.ok) return parsed.error.message;
  const { toolName, ruleContent } = parsed.value;
  if (behavior === 'allow' && isToolNameGlob(toolName) && !isAnchoredMcpGlob(toolName)) return UNANCHORED_ALLOW_GLOB;
  if (ruleContent === undefined) return null;
  const replacement = pathRuleReplacement(toolName, catalog);
  if (behavior === 'allow' && replacement) {
    return `file permission checks consult only Read(path) and Edit(path) rules, so this rule allows nothing; write ${formatRule({ toolName: replacement, ruleContent })} instead`;
  }
  const param = paramOf(ruleContent);
  if (behavior === 'allow' && param && param.name === primaryField(toolName, catalog)) {
    return `an allow rule cannot name ${toolName}'s ${param.name} as a parameter; write ${formatRule({ toolName, ruleContent: param.value })} instead`;
  }
  if (!isFileTool(catalog, toolName)) return null;
  const p = parsePathPattern(ruleContent);
  return p.ok ? null : `not a valid path pattern (${p.error})`;
}

/** A deny or ask rule that applies, but not as Claude Code would read it: said once when settings load. */
export function ruleNote(rule: string, behavior: RuleBehavior, catalog: ToolCatalog = CLAUDE_CODE_CATALOG): string | null {
  if (behavior === 'allow') return null;
  const parsed = parsePermissionRule(rule);
  if (!parsed.ok || parsed.value.ruleContent === undefined) return null;
  const { toolName, ruleContent } = parsed.value;
  const replacement = pathRuleReplacement(toolName, catalog);
  if (replacement) {
    const instead = formatRule({ toolName: replacement, ruleContent });
    return `Claude Code does not consult ${toolName}(path) rules (only Read(path) and Edit(path)); Agent Desk applies it as ${instead}, so write ${instead} instead`;
  }
  const param = paramOf(ruleContent);
  if (param && param.name === primaryField(toolName, catalog)) {
    const instead = formatRule({ toolName, ruleContent: param.value });
    return `Claude Code ignores a rule on ${toolName}'s ${param.name} parameter (a compound command would bypass it); Agent Desk applies it as ${instead}, so write ${instead} instead`;
  }
  return null;
}
