// `agent-desk permissions explain TOOL 'INPUT-JSON'`: what the app would decide for one call and why,
// for a person (or, with --json, the structured explanation). INPUT may also be a bare command, path
// or URL.
import { inputFor } from '../permissions/rule-test';
import type { CliIO } from './io';
import { createCheckEngine, type CheckEngineOptions } from './permissions-engine';

export interface ExplainArgs extends CheckEngineOptions {
  tool: string;
  input: string;
  json: boolean;
}

function parseInput(tool: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return inputFor(tool, text);
  }
}

const HEADLINE = { allow: 'Allowed', ask: 'Would ask', deny: 'Denied' } as const;

export async function runPermissionsExplain(args: ExplainArgs, io: CliIO): Promise<number> {
  const engine = await createCheckEngine(args);
  for (const w of engine.settings.warnings) io.stderr.write(`agent-desk: warning: ${w}\n`);
  const answer = await engine.check({ tool: args.tool, input: parseInput(args.tool, args.input) });
  if (!answer.ok) {
    io.stderr.write(`agent-desk: ${answer.error}\n`);
    return 1;
  }
  const { decision, explanation, suggestions, note, warnings } = answer.outcome;
  if (args.json) {
    io.stdout.write(JSON.stringify({ decision, explanation, suggestions, ...(note ? { note } : {}), ...(warnings ? { warnings } : {}) }, null, 2) + '\n');
    return 0;
  }
  const lines = [`${HEADLINE[decision]}: ${args.tool}`, '', explanation.text];
  const r = explanation.reason;
  if (r.kind === 'rule') lines.push('', `Rule:   ${r.rule} (${r.behavior}, ${r.source}${r.file ? `, ${r.file}` : ''})`);
  if (r.kind === 'no-rule' && r.nearby.length > 0) lines.push('', 'Allow rules for this tool:', ...r.nearby.map((n) => `  ${n.rule}  (${n.source}${n.file ? `, ${n.file}` : ''})`));
  if (suggestions.length > 0) lines.push('', `To allow it, add one of: ${suggestions.join(', ')}`);
  if (note) lines.push('', `Note: ${note}`);
  io.stdout.write(lines.join('\n') + '\n');
  return 0;
}
