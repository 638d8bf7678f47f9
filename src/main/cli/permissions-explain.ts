// `agent-desk permissions explain TOOL 'INPUT-JSON'`: what the app would decide for one call and why,
// for a person (or, with --json, the structured explanation). INPUT may also be a bare command, path
// or URL.
import path from 'node:path';
import type { CommandExplanation, TouchedPath } from '../../shared/permissions/command-explanation';
import { formatBytes } from '../../shared/format-bytes';
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

const ACCESS = { read: 'read', write: 'changed', delete: 'deleted' } as const;
const WHERE = { project: 'in the project', outside: 'outside the project', unknown: 'not placed' } as const;

function pathWords(p: TouchedPath, projectDir: string): string {
  const shown = p.resolved && !p.pattern ? path.relative(projectDir, p.resolved) || '.' : p.path;
  const facts: string[] = [ACCESS[p.access], WHERE[p.where]];
  if (p.pattern) facts.push('a pattern');
  else if (p.exists === false) facts.push('nothing there');
  else if (p.contents === null) facts.push('could not be read');
  else if (p.contents?.kind === 'file') facts.push(formatBytes(p.contents.bytes));
  else if (p.contents?.kind === 'folder') {
    const at = p.contents.more ? 'at least ' : '';
    facts.push(`${at}${p.contents.files.toLocaleString('en-US')} files, ${at}${formatBytes(p.contents.bytes)}`);
  }
  return `${shown} — ${facts.join(', ')}`;
}

/** The same explanation the approval window shows, as text. */
export function commandLines(e: CommandExplanation, projectDir: string): string[] {
  const lines: string[] = [];
  if (e.warnings.length > 0) lines.push('', 'Warnings:', ...e.warnings.map((w) => `  ! ${w.text} [${w.id}]`));
  if (e.unreadable) lines.push('', e.unreadable);
  if (e.parts.length > 0) {
    lines.push('', e.parts.length > 1 && e.joined ? `What it will do (${e.joined.replace(/\.$/, '').toLowerCase()}):` : 'What it will do:');
    e.parts.forEach((part, i) => {
      lines.push(`  ${i + 1}. ${part.text}`, `     ${part.says}`);
      for (const p of part.paths) lines.push(`     - ${pathWords(p, projectDir)}`);
      if (part.network) lines.push('     Uses the internet.');
      if (part.asks) lines.push(`     Asks: ${part.asks}`);
    });
  }
  return lines;
}

export async function runPermissionsExplain(args: ExplainArgs, io: CliIO): Promise<number> {
  const engine = await createCheckEngine(args);
  for (const w of engine.settings.warnings) io.stderr.write(`agent-desk: warning: ${w}\n`);
  const answer = await engine.check({ tool: args.tool, input: parseInput(args.tool, args.input) });
  if (!answer.ok) {
    io.stderr.write(`agent-desk: ${answer.error}\n`);
    return 1;
  }
  const { decision, explanation, suggestions, note, warnings, command } = answer.outcome;
  if (args.json) {
    io.stdout.write(JSON.stringify({ decision, explanation, suggestions, ...(note ? { note } : {}), ...(warnings ? { warnings } : {}), ...(command ? { command } : {}) }, null, 2) + '\n');
    return 0;
  }
  const lines = [`${HEADLINE[decision]}: ${args.tool}`, '', explanation.text];
  const r = explanation.reason;
  if (r.kind === 'rule') lines.push('', `Rule:   ${r.rule} (${r.behavior}, ${r.source}${r.file ? `, ${r.file}` : ''})`);
  if (r.kind === 'no-rule' && r.nearby.length > 0) lines.push('', 'Allow rules for this tool:', ...r.nearby.map((n) => `  ${n.rule}  (${n.source}${n.file ? `, ${n.file}` : ''})`));
  if (command) lines.push(...commandLines(command, path.resolve(args.projectDir)));
  if (suggestions.length > 0) lines.push('', `To allow it, add one of: ${suggestions.join(', ')}`);
  if (note) lines.push('', `Note: ${note}`);
  io.stdout.write(lines.join('\n') + '\n');
  return 0;
}
