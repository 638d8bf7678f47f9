// One SKILL.md, pure (issue 19, AG9): its YAML front matter in Claude Code's fields and its body. A
// broken file is a clear error for that skill alone, so one bad skill never hides the others.
import { listField as list, splitFrontMatter } from '../base/front-matter';

export interface Skill {
  name: string;
  description: string;
  /** The instructions the model reads once the skill is invoked (progressive disclosure). */
  body: string;
  /** The folder holding SKILL.md: relative files of the skill are read from here. */
  dir: string;
  source: 'project' | 'user';
  allowedTools: string[];
  model?: string;
  /** `context: fork`: runs as a subagent with its own budget (needs the Agent tool). */
  fork: boolean;
  /** Only the person may invoke it ("/name"); the model is not told of it. */
  disableModelInvocation: boolean;
  /** Offered as "/name" in the composer (Claude Code's user-invocable, default true). */
  userInvocable: boolean;
  argumentHint?: string;
}

export type SkillFileResult = { ok: true; skill: Skill } | { ok: false; error: string };

/** Claude Code's rule for names: lowercase letters, digits and hyphens, up to 64. */
const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Claude Code writes `argument-hint: [issue-number]`, which YAML reads as a list: shown as written. */
function hintOf(v: unknown): string | undefined {
  if (typeof v === 'string' && v.trim()) return v.trim();
  if (Array.isArray(v) && v.length > 0) return v.map((x) => `[${String(x)}]`).join(' ');
  return undefined;
}

/** `folderName` names the skill when the front matter does not. */
export function parseSkillFile(text: string, where: { dir: string; folderName: string; source: Skill['source'] }): SkillFileResult {
  const fm = splitFrontMatter(text);
  if (!fm.ok) return fm;
  const meta = fm.meta;
  const name = typeof meta.name === 'string' ? meta.name.trim() : where.folderName;
  if (!NAME.test(name)) return { ok: false, error: `The name "${name}" may only use lowercase letters, digits and hyphens (at most 64).` };
  const body = fm.body.trim();
  const description = typeof meta.description === 'string' && meta.description.trim() ? meta.description.trim() : (body.split('\n').find((l) => l.trim())?.replace(/^#+\s*/, '').trim() ?? '');
  if (!description) return { ok: false, error: 'It has no description: add "description:" to its front matter, saying when to use it.' };
  const skill: Skill = {
    name,
    description,
    body,
    dir: where.dir,
    source: where.source,
    allowedTools: list(meta['allowed-tools']),
    fork: meta.context === 'fork',
    disableModelInvocation: meta['disable-model-invocation'] === true,
    userInvocable: meta['user-invocable'] !== false,
    ...(typeof meta.model === 'string' && meta.model.trim() && meta.model !== 'inherit' ? { model: meta.model.trim() } : {}),
    ...(hintOf(meta['argument-hint']) ? { argumentHint: hintOf(meta['argument-hint'])! } : {}),
  };
  return { ok: true, skill };
}

/** The body as the model reads it: `$ARGUMENTS` (and `$0`, `$1`…) filled in, the skill's folder named. */
export function expandSkill(skill: Skill, args: string): string {
  const words = args.trim() ? args.trim().split(/\s+/) : [];
  let body = skill.body.replace(/\$ARGUMENTS\[(\d+)\]|\$(\d+)\b/g, (_, a: string | undefined, b: string | undefined) => words[Number(a ?? b)] ?? '');
  const hadPlaceholder = body.includes('$ARGUMENTS');
  body = body.replaceAll('$ARGUMENTS', args.trim());
  // Claude Code appends the arguments when the skill has no place for them.
  if (!hadPlaceholder && args.trim()) body += `\n\nARGUMENTS: ${args.trim()}`;
  return `Base directory for this skill: ${skill.dir}\n\n${body}`;
}
