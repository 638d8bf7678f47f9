// Finds the skills (issue 19, AG9): the project's .claude/skills/*/SKILL.md — only once the person
// trusts the folder — then the user's ~/.claude/skills/*/SKILL.md; a project skill wins a shared name,
// as in Claude Code. Each broken file is reported on its own; the others still load.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSkillFile, type Skill } from './skill-file';

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
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // A folder without SKILL.md is not a skill.
    }
    const r = parseSkillFile(text, { dir, folderName, source });
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
