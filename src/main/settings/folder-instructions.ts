// The skills (.claude/skills/*/SKILL.md) a project folder brings, as the trust dialog lists them (PX4,
// AG9): each one's name and what it would let the assistant do without asking. They join the folder's
// configuration, so a folder with only a skill still asks first (its agents: agent-files.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { listField, splitFrontMatter } from '../base/front-matter';
import type { FolderConfiguration } from '../../shared/trust';

type Instruction = FolderConfiguration['instructions'][number];

function names(dir: string, pick: (e: { name: string; isDirectory(): boolean; isFile(): boolean; isSymbolicLink(): boolean }) => boolean): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter(pick).map((e) => e.name).sort();
  } catch {
    return []; // No such folder: nothing brought.
  }
}

function read(file: string): Record<string, unknown> | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const fm = splitFrontMatter(text);
  // A broken file still counts as brought (its loader reports the error); it grants nothing.
  return fm.ok ? fm.meta : {};
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** What a skill's front matter grants, in words; absent when nothing beyond its instructions. */
export function grantsOf(meta: Record<string, unknown>): string | undefined {
  const parts: string[] = [];
  const allowed = listField(meta['allowed-tools']);
  if (allowed.length) parts.push(`may use ${allowed.join(', ')} without asking`);
  const model = str(meta.model);
  if (model && model !== 'inherit') parts.push(`on the model "${model}"`);
  return parts.length ? parts.join('; ') : undefined;
}

export function folderInstructions(projectDir: string): Instruction[] {
  const out: Instruction[] = [];
  const skills = path.join(projectDir, '.claude', 'skills');
  for (const folder of names(skills, (e) => e.isDirectory() || e.isSymbolicLink())) {
    const file = path.join(skills, folder, 'SKILL.md');
    const meta = read(file);
    if (!meta) continue; // A folder without SKILL.md is not a skill.
    const grants = grantsOf(meta);
    out.push({ kind: 'skill', name: str(meta.name) ?? folder, ...(grants ? { grants } : {}), file });
  }
  return out;
}
