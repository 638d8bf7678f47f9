// "Test a rule before saving it": one rule against one call, with the same matcher the permission stage
// uses, answered as match / no match in plain words plus the explanation that decision would carry.
import { parseRule } from '../../shared/permissions/rule';
import type { RuleTestResult } from '../../shared/permissions/rule-store';
import { hasShellControl } from './bash-match';
import { evaluateRules } from './evaluate';
import { ruleProblem } from './rule-problem';
import { explainNoRule, explainRule } from './explain';
import { callPhrase, callSubject } from './explain-where';
import type { PathContext } from './path-match';
import { CLAUDE_CODE_CATALOG, type ToolCatalog } from './tool-catalog';
import type { RuleBehavior, RuleEntry } from './types';

/** A string input is the call's main field: a command, a path, a URL, a search folder (from the tool's traits). */
export function inputFor(tool: string, input: unknown, catalog: ToolCatalog = CLAUDE_CODE_CATALOG): unknown {
  if (typeof input !== 'string') return input;
  const traits = catalog.traits(tool);
  if (traits?.kind === 'exec') return { command: input };
  if (traits?.target) return { [traits.target.field]: input };
  return { value: input };
}

/** The tool a rule is tested against when none is named: its own (an MCP wildcard stands for a tool of that server). */
export function defaultToolFor(ruleTool: string): string {
  return ruleTool.endsWith('*') ? `${ruleTool.slice(0, -1)}example` : ruleTool;
}

const VERB: Record<RuleBehavior, string> = { allow: 'would allow', deny: 'would deny', ask: 'would ask before' };

export function testRule(
  req: { rule: string; behavior?: RuleBehavior; tool?: string; input: unknown },
  paths: PathContext,
  catalog: ToolCatalog = CLAUDE_CODE_CATALOG,
): RuleTestResult {
  const behavior = req.behavior ?? 'allow';
  const problem = ruleProblem(req.rule.trim(), catalog);
  const parsed = parseRule(req.rule);
  if (problem !== null || !parsed.ok) return { matches: false, error: problem ?? 'invalid rule', text: `\`${req.rule.trim()}\` is not a valid rule: ${problem}` };
  const tool = req.tool ?? defaultToolFor(parsed.value.toolName);
  const input = inputFor(tool, req.input, catalog);
  const entry: RuleEntry = { rule: req.rule.trim(), source: 'session' };
  const where = { projectDir: paths.projectDir, home: paths.home, cwd: paths.cwd, catalog };
  const hit = evaluateRules(tool, input, { allow: [], deny: [], ask: [], [behavior]: [entry] }, { paths, catalog });
  const subject = callPhrase(tool, callSubject(tool, input, where), catalog);
  if (hit) return { matches: true, text: `\`${entry.rule}\` ${VERB[behavior]} ${subject}.`, explanation: explainRule(entry, behavior, where) };
  const compound = catalog.traits(tool)?.kind === 'exec' && behavior === 'allow' && typeof (input as { command?: unknown })?.command === 'string' && hasShellControl((input as { command: string }).command);
  const why = compound ? ': an allow rule never covers a line that chains commands (only an exact rule for the whole line does)' : '';
  return {
    matches: false,
    text: `\`${entry.rule}\` does not match ${subject}${why}.`,
    ...(behavior === 'allow' ? { explanation: explainNoRule(tool, input, [entry], where) } : {}),
  };
}
