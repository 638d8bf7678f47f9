// The project's own agent files (.claude/agents/*.md), as the folder-trust check sees them: each by
// name and a digest of its text, so a new or changed agent asks for trust again (PX4, AG2).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FolderConfiguration } from '../../shared/trust';

type AgentEntry = NonNullable<FolderConfiguration['agents']>[number];

export function projectAgentsDir(projectDir: string): string {
  return path.join(projectDir, '.claude', 'agents');
}

const entryOf = (file: string, text: string): AgentEntry => ({
  name: path.basename(file, '.md'),
  digest: createHash('sha256').update(text).digest('hex').slice(0, 16),
  file,
});

export async function readProjectAgents(projectDir: string): Promise<AgentEntry[]> {
  const dir = projectAgentsDir(projectDir);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.md')).sort();
  const out: AgentEntry[] = [];
  for (const n of names) {
    const file = path.join(dir, n);
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text !== null) out.push(entryOf(file, text));
  }
  return out;
}

export function readProjectAgentsSync(projectDir: string): AgentEntry[] {
  const dir = projectAgentsDir(projectDir);
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.md')).sort();
  } catch {
    return [];
  }
  return names.flatMap((n) => {
    const file = path.join(dir, n);
    try {
      return [entryOf(file, readFileSync(file, 'utf8'))];
    } catch {
      return [];
    }
  });
}
