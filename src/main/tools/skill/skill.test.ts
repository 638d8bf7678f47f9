// The Skill tool (AG9): Claude Code's input and words, the skill's instructions as the next content the
// model reads, names and descriptions only in the system note, project skills only once trusted,
// fork and disable-model-invocation refused clearly, and a skill wanting more permissions asks first.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CanUseTool } from '../core/tool';
import { tempProject, type TempProject } from '../core/test-project';
import { createSkillTool } from './skill.tool';

const allow: CanUseTool = async () => ({ behavior: 'allow' });
let project: TempProject | undefined;
afterEach(() => {
  project?.cleanup();
  project = undefined;
});

function setup(trusted = true) {
  project = tempProject();
  const skill = (root: string, name: string, text: string) => {
    mkdirSync(path.join(root, '.claude/skills', name), { recursive: true });
    writeFileSync(path.join(root, '.claude/skills', name, 'SKILL.md'), text);
  };
  const home = path.join(project.dir, 'home');
  skill(project.dir, 'fmt', '---\ndescription: Format the changed files\n---\nRun the formatter on $ARGUMENTS.');
  skill(project.dir, 'split', '---\ndescription: Split work\ncontext: fork\n---\nB');
  skill(project.dir, 'deploy', '---\ndescription: Deploy\ndisable-model-invocation: true\n---\nB');
  skill(project.dir, 'release', '---\ndescription: Cut a release\nallowed-tools: Bash(git tag:*)\n---\nB');
  skill(home, 'review', '---\ndescription: Review a change\n---\nLook closely.');
  const ctx = { ...project.ctx, home, folderTrusted: () => trusted };
  const tool = createSkillTool();
  const run = async (raw: unknown) => {
    const input = tool.inputSchema().parse(raw);
    const valid = await tool.validateInput!(input, ctx);
    if (!valid.result) return { error: valid.message };
    const r = await tool.call(input, ctx, allow, 'm', () => undefined);
    return { r, text: tool.mapResult(r.data, 't').content };
  };
  return { tool, ctx, run };
}

describe('Skill (AG9)', () => {
  it('AG9 invoking a skill: "Launching skill: fmt", its body with $ARGUMENTS filled and its folder named', async () => {
    const { run } = setup();
    const out = await run({ skill: 'fmt', args: 'src/a.ts' });
    expect(out).toMatchObject({ text: 'Launching skill: fmt' });
    if (!('r' in out) || !out.r) throw new Error('no result');
    expect(out.r.data).toEqual({ success: true, commandName: 'fmt', source: 'project' });
    expect(out.r.newMessages).toEqual([{ role: 'user', content: `Base directory for this skill: ${path.join(project!.dir, '.claude/skills/fmt')}\n\nRun the formatter on src/a.ts.` }]);
    // "/fmt", as a person would type it, names the same skill.
    expect(await run({ skill: '/fmt' })).toMatchObject({ text: 'Launching skill: fmt' });
  });

  it('AG9 only names and descriptions reach the model before a call; a person-only skill is not offered', () => {
    const { tool, ctx } = setup();
    const note = tool.systemNote!(ctx)!;
    expect(note).toBe('Skills you can invoke with the Skill tool:\n- fmt: Format the changed files\n- release: Cut a release\n- split: Split work\n- review: Review a change');
    expect(note).not.toContain('Run the formatter');
  });

  it('AG9 PX4 a folder not trusted: its skills are neither offered nor invocable; the user’s still are', async () => {
    const { tool, ctx, run } = setup(false);
    expect(tool.systemNote!(ctx)).toBe('Skills you can invoke with the Skill tool:\n- review: Review a change');
    expect(await run({ skill: 'fmt' })).toEqual({ error: 'Unknown skill: fmt' });
    expect(await run({ skill: 'review' })).toMatchObject({ text: 'Launching skill: review' });
  });

  it('AG9 unknown, person-only and fork skills where no subagent can start: clear errors', async () => {
    const { run } = setup();
    expect(await run({ skill: 'nope' })).toEqual({ error: 'Unknown skill: nope' });
    expect(await run({ skill: 'deploy' })).toEqual({ error: 'Skill deploy cannot be used with Skill tool due to disable-model-invocation' });
    expect(await run({ skill: 'split' })).toEqual({ error: expect.stringMatching(/^Skill split runs as a subagent \(context: fork\), and subagents cannot be started here\./) });
  });

  it('AG9 a skill with only safe properties is allowed; one with allowed-tools asks first', async () => {
    const { tool, ctx } = setup();
    expect(await tool.checkPermissions({ skill: 'fmt' }, ctx)).toMatchObject({ behavior: 'allow' });
    expect(await tool.checkPermissions({ skill: 'release' }, ctx)).toMatchObject({ behavior: 'ask' });
  });
});
