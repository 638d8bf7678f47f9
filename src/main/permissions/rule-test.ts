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
import type { RuleBehavior, RuleEntry } from './types';

/** A string input is the call's main field: a command, a path, a URL, a search folder. */
export function inputFor(tool: string, input: unknown): unknown {
  if (typeof input !== 'string') return input;
  switch (tool) {
    case 'Bash':
      return { command: input };
    case 'NotebookEdit':
      return { notebook_path: input };
    case 'Glob':
    case 'Grep':
    case 'LS':
      return { path: input };
    case 'WebFetch':
      return { url: input };
    case 'Read':
    case 'Edit':
    case 'Write':
    case 'MultiEdit':
      return { file_path: input };
    default:
      return { value: input };
  }
}

/** The tool a rule is tested against when none is named: its own (an MCP wildcard stands for a tool of that server). */
export function defaultToolFor(ruleTool: string): string {
  return ruleTool.endsWith('*') ? `${ruleTool.slice(0, -1)}example` : ruleTool;
}

const VERB: Record<RuleBehavior, string> = { allow: 'would allow', deny: 'would deny', ask: 'would ask before' };

export function testRule(req: { rule: string; behavior?: RuleBehavior; tool?: string; input: unknown }, paths: PathContext): RuleTestResult {
  const behavior = req.behavior ?? 'allow';
  const problem = ruleProblem(req.rule.trim());
  const parsed = parseRule(req.rule);
  if (problem !== null || !parsed.ok) return { matches: false, error: problem ?? 'invalid rule', text: `\`${req.rule.trim()}\` is not a valid rule: ${problem}` };
  const tool = req.tool ?? defaultToolFor(parsed.value.toolName);
  const input = inputFor(tool, req.input);
  const entry: RuleEntry = { rule: req.rule.trim(), source: 'session' };
  const where = { projectDir: paths.projectDir, home: paths.home, cwd: paths.cwd };
  const hit = evaluateRules(tool, input, { allow: [], deny: [], ask: [], [behavior]: [entry] }, { paths });
  const subject = callPhrase(tool, callSubject(tool, input, where));
  if (hit) return { matches: true, text: `\`${entry.rule}\` ${VERB[behavior]} ${subject}.`, explanation: explainRule(entry, behavior, where) };
  const compound = tool === 'Bash' && behavior === 'allow' && typeof (input as { command?: unknown })?.command === 'string' && hasShellControl((input as { command: string }).command);
  const why = compound ? ': an allow rule never covers a line that chains commands (only an exact rule for the whole line does)' : '';
  return {
    matches: false,
    text: `\`${entry.rule}\` does not match ${subject}${why}.`,
    ...(behavior === 'allow' ? { explanation: explainNoRule(tool, input, [entry], where) } : {}),
  };
}
