// Finds the skills (issue 19, AG9): the project's .claude/skills/*/SKILL.md — only once the person
// trusts the folder — then the user's ~/.claude/skills/*/SKILL.md; a project skill wins a shared name,
// as in Claude Code. Each broken file is reported on its own; the others still load. Skills are looked
// up at every request (a skill added mid-conversation is offered at once): a file whose size and
// modification time have not changed is not read or parsed again.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseSkillFile, type Skill, type SkillFileResult } from './skill-file';

/** The last parse of each SKILL.md, by path, with the size and mtime it was read at. */
const parsed = new Map<string, { size: number; mtimeMs: number; dir: string; source: Skill['source']; result: SkillFileResult }>();
const MAX_CACHED = 1_000;

function parseCached(file: string, dir: string, folderName: string, source: Skill['source']): SkillFileResult | null {
  let st: { size: number; mtimeMs: number };
  try {
    st = statSync(file);
  } catch {
    parsed.delete(file);
    return null; // A folder without SKILL.md is not a skill.
  }
  const hit = parsed.get(file);
  if (hit && hit.size === st.size && hit.mtimeMs === st.mtimeMs && hit.dir === dir && hit.source === source) return hit.result;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const result = parseSkillFile(text, { dir, folderName, source });
  if (parsed.size >= MAX_CACHED) parsed.delete(parsed.keys().next().value as string);
  parsed.set(file, { size: st.size, mtimeMs: st.mtimeMs, dir, source, result });
  return result;
}

export interface SkillProblem {
  file: string;
  error: string;
}

export interface LoadedSkills {
  skills: Skill[];
  problems: SkillProblem[];
}

export interface SkillSources {
  projectDir: string;
  home: string | undefined;
  /** Whether the folder's own configuration counts (PX4): untrusted, its skills are not read. */
  projectTrusted: boolean;
}

function scan(root: string, source: Skill['source'], out: LoadedSkills, seen: Set<string>): void {
  let entries: string[];
  try {
    entries = readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory() || e.isSymbolicLink()).map((e) => e.name).sort();
  } catch {
    return; // No skills folder: nothing to load.
  }
  for (const folderName of entries) {
    const dir = path.join(root, folderName);
    const file = path.join(dir, 'SKILL.md');
    const r = parseCached(file, dir, folderName, source);
    if (!r) continue;
    if (!r.ok) out.problems.push({ file, error: r.error });
    else if (!seen.has(r.skill.name)) {
      seen.add(r.skill.name);
      out.skills.push(r.skill);
    }
  }
}

export function loadSkills(src: SkillSources): LoadedSkills {
  const out: LoadedSkills = { skills: [], problems: [] };
  const seen = new Set<string>();
  if (src.projectTrusted) scan(path.join(src.projectDir, '.claude', 'skills'), 'project', out, seen);
  if (src.home) scan(path.join(src.home, '.claude', 'skills'), 'user', out, seen);
  return out;
}
