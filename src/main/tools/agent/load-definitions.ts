// The agent definitions a call can choose from: the built-in ones, the user's (~/.claude/agents/*.md)
// and, only when the person trusts the project folder, the project's (.claude/agents/*.md). Read at
// each call, so a new or changed file applies to the next one. Never throws: a bad file is a warning.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { BUILT_IN_AGENTS, mergeDefinitions, type AgentDefinition, type AgentSource } from './definitions';
import { parseAgentFile } from './parse-definition';

export interface LoadedDefinitions {
  definitions: AgentDefinition[];
  warnings: string[];
}

async function readAgentDir(dir: string, source: AgentSource, warnings: string[]): Promise<AgentDefinition[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const out: AgentDefinition[] = [];
  for (const name of names.filter((n) => n.endsWith('.md')).sort()) {
    const file = path.join(dir, name);
    const text = await readFile(file, 'utf8').catch((err: unknown) => {
      warnings.push(`The agent file ${file} could not be read: ${err instanceof Error ? err.message : String(err)}.`);
      return null;
    });
    if (text === null) continue;
    const parsed = parseAgentFile(file, text, source);
    if (parsed.ok) out.push(parsed.definition);
    else warnings.push(parsed.warning);
  }
  return out;
}

export async function loadAgentDefinitions(opts: { projectDir: string; home?: string | undefined; projectTrusted: boolean }): Promise<LoadedDefinitions> {
  const warnings: string[] = [];
  const user = opts.home ? await readAgentDir(path.join(opts.home, '.claude', 'agents'), 'user', warnings) : [];
  const project = opts.projectTrusted ? await readAgentDir(path.join(opts.projectDir, '.claude', 'agents'), 'project', warnings) : [];
  return { definitions: mergeDefinitions(BUILT_IN_AGENTS, user, project), warnings };
}
