// The skill loader (issue 19, AG9), table-driven: Claude Code's front-matter fields, a broken file a
// clear error for that skill alone, project skills only from a trusted folder, $ARGUMENTS filled in.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSkills } from './load-skills';
import { expandSkill, parseSkillFile, type Skill } from './skill-file';

const where = { dir: '/p/.claude/skills/fmt', folderName: 'fmt', source: 'project' as const };

describe('SKILL.md front matter (AG9)', () => {
  const cases: Array<[string, string, Partial<Skill> | { error: RegExp }]> = [
    ['name, description, allowed-tools as a list', '---\nname: fmt\ndescription: Format the code\nallowed-tools: [Bash(npm run fmt), Read]\n---\nRun it.', { name: 'fmt', description: 'Format the code', allowedTools: ['Bash(npm run fmt)', 'Read'], body: 'Run it.', fork: false }],
    ['a hint written unquoted, as Claude Code documents it (YAML reads a list)', '---\ndescription: d\nargument-hint: [issue-number] [priority]\n---\nB', { name: 'fmt', argumentHint: '[issue-number] [priority]' }],
    ['allowed-tools as one line, model, fork, hint', '---\ndescription: d\nallowed-tools: Read, Grep Bash(git status:*)\nmodel: claude-haiku-4-5\ncontext: fork\nargument-hint: "[file]"\n---\nB', { name: 'fmt', allowedTools: ['Read', 'Grep', 'Bash(git status:*)'], model: 'claude-haiku-4-5', fork: true, argumentHint: '[file]' }],
    ['model: inherit is no model of its own', '---\ndescription: d\nmodel: inherit\n---\nB', { model: undefined }],
    ['disable-model-invocation and user-invocable', '---\ndescription: d\ndisable-model-invocation: true\nuser-invocable: false\n---\nB', { disableModelInvocation: true, userInvocable: false }],
    ['no front matter: the folder names it, the first line describes it', '# Format the code\nThen run fmt.', { name: 'fmt', description: 'Format the code', body: '# Format the code\nThen run fmt.' }],
    ['broken YAML', '---\nname: fmt\ndescription: [unclosed\n---\nB', { error: /^The front matter \(between the --- lines\) is not valid YAML: / }],
    ['front matter that is not key: value', '---\n- a\n- b\n---\nB', { error: /must be a list of "key: value" lines/ }],
    ['a name Claude Code refuses', '---\nname: My Skill\ndescription: d\n---\nB', { error: /The name "My Skill" may only use lowercase letters/ }],
    ['no description and an empty body', '---\nname: fmt\n---\n', { error: /has no description/ }],
  ];
  for (const [what, text, want] of cases) {
    it(`AG9 ${what}`, () => {
      const r = parseSkillFile(text, where);
      if ('error' in want) {
        expect(r.ok).toBe(false);
        expect(!r.ok && r.error).toMatch(want.error);
      } else {
        expect(r.ok).toBe(true);
        if (r.ok) for (const [k, v] of Object.entries(want)) expect(r.skill[k as keyof Skill], k).toEqual(v);
      }
    });
  }

  it('AG9 the body the model reads: the folder named, $ARGUMENTS and $0/$1 filled in, else the arguments appended', () => {
    const skill = (body: string): Skill => ({ ...(parseSkillFile(`---\ndescription: d\n---\n${body}`, where) as { ok: true; skill: Skill }).skill });
    expect(expandSkill(skill('Format $ARGUMENTS now.'), 'src/a.ts')).toBe('Base directory for this skill: /p/.claude/skills/fmt\n\nFormat src/a.ts now.');
    expect(expandSkill(skill('Move $0 to $1.'), 'a b')).toContain('Move a to b.');
    expect(expandSkill(skill('Format.'), 'src/a.ts')).toBe('Base directory for this skill: /p/.claude/skills/fmt\n\nFormat.\n\nARGUMENTS: src/a.ts');
    expect(expandSkill(skill('Format.'), '')).toBe('Base directory for this skill: /p/.claude/skills/fmt\n\nFormat.');
  });
});

describe('finding the skills (AG9)', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  function setup() {
    root = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-skills-'));
    const projectDir = path.join(root, 'proj');
    const home = path.join(root, 'home');
    write(path.join(projectDir, '.claude/skills/fmt/SKILL.md'), '---\ndescription: Project formatter\n---\nP');
    write(path.join(projectDir, '.claude/skills/broken/SKILL.md'), '---\ndescription: [oops\n---\nB');
    write(path.join(projectDir, '.claude/skills/notes/README.md'), 'not a skill');
    write(path.join(home, '.claude/skills/fmt/SKILL.md'), '---\ndescription: My formatter\n---\nU');
    write(path.join(home, '.claude/skills/review/SKILL.md'), '---\ndescription: Review a change\n---\nR');
    return { projectDir, home };
  }

  it('AG9 a trusted folder: its skills first (winning a shared name), the user’s after; a broken one reported alone', () => {
    const { projectDir, home } = setup();
    const r = loadSkills({ projectDir, home, projectTrusted: true });
    expect(r.skills.map((s) => [s.name, s.source, s.description])).toEqual([
      ['fmt', 'project', 'Project formatter'],
      ['review', 'user', 'Review a change'],
    ]);
    expect(r.problems).toEqual([{ file: path.join(projectDir, '.claude/skills/broken/SKILL.md'), error: expect.stringMatching(/not valid YAML/) }]);
  });

  it('AG9 PX4 a folder not trusted yet: its skills are not even read, the user’s still load', () => {
    const { projectDir, home } = setup();
    const r = loadSkills({ projectDir, home, projectTrusted: false });
    expect(r.skills.map((s) => [s.name, s.source])).toEqual([['fmt', 'user'], ['review', 'user']]);
    expect(r.problems).toEqual([]);
  });

  it('AG9 looked up at every request: an unchanged file is not parsed again, a changed, added or removed one is seen at once', () => {
    const { projectDir, home } = setup();
    const first = loadSkills({ projectDir, home, projectTrusted: true });
    const again = loadSkills({ projectDir, home, projectTrusted: true });
    // The same parse, not an equal one: nothing was read again.
    expect(again.skills[0]).toBe(first.skills[0]);
    write(path.join(projectDir, '.claude/skills/fmt/SKILL.md'), '---\ndescription: Project formatter, now with tabs\n---\nP2');
    write(path.join(home, '.claude/skills/lint/SKILL.md'), '---\ndescription: Lint it\n---\nL');
    rmSync(path.join(home, '.claude/skills/review'), { recursive: true });
    const changed = loadSkills({ projectDir, home, projectTrusted: true });
    expect(changed.skills.map((s) => [s.name, s.description])).toEqual([
      ['fmt', 'Project formatter, now with tabs'],
      ['lint', 'Lint it'],
    ]);
    // Trust withdrawn: the cached project skill does not leak through.
    expect(loadSkills({ projectDir, home, projectTrusted: false }).skills.map((s) => [s.name, s.source])).toEqual([['fmt', 'user'], ['lint', 'user']]);
  });

  it('AG9 no skills folders at all: nothing, and no error', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-skills-'));
    expect(loadSkills({ projectDir: root, home: undefined, projectTrusted: true })).toEqual({ skills: [], problems: [] });
  });
});
