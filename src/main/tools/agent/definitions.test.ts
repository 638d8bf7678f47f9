import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_IN_AGENTS, findDefinition, mergeDefinitions, resolveAgentModel, toolsFor, type AgentDefinition } from './definitions';
import { loadAgentDefinitions } from './load-definitions';
import { parseAgentFile } from './parse-definition';

const POOL = ['Agent', 'Bash', 'Edit', 'Glob', 'Grep', 'NotebookEdit', 'Read', 'TaskOutput', 'WebFetch', 'Write'].map((name) => ({
  name,
  kind: ['Edit', 'Write', 'NotebookEdit'].includes(name) ? 'edit' : 'other',
}));
const names = (def: AgentDefinition) => toolsFor(def, POOL).map((t) => t.name);
const builtIn = (type: string) => findDefinition(BUILT_IN_AGENTS, type)!;
const userDef = (over: Partial<AgentDefinition>): AgentDefinition => ({ agentType: 'mine', whenToUse: 'x', systemPrompt: 'p', source: 'user', ...over });

describe('AG2/AG5: which tools each kind of agent gets', () => {
  it.each([
    ['general-purpose', ['Bash', 'Edit', 'Glob', 'Grep', 'NotebookEdit', 'Read', 'TaskOutput', 'WebFetch', 'Write']],
    ['Explore', ['Bash', 'Glob', 'Grep', 'Read', 'WebFetch']],
    ['Plan', ['Bash', 'Glob', 'Grep', 'Read', 'WebFetch']],
  ])('%s', (type, expected) => {
    expect(names(builtIn(type))).toEqual(expected);
  });

  it.each<[string, Partial<AgentDefinition>, string[]]>([
    ['a listed set, tool specs reduced to names', { tools: ['Read', 'Bash(git log:*)'] }, ['Bash', 'Read']],
    ['"*" is every tool but Agent', { tools: ['*'] }, ['Bash', 'Edit', 'Glob', 'Grep', 'NotebookEdit', 'Read', 'TaskOutput', 'WebFetch', 'Write']],
    ['disallowed tools go', { disallowedTools: ['Bash', 'Write'] }, ['Edit', 'Glob', 'Grep', 'NotebookEdit', 'Read', 'TaskOutput', 'WebFetch']],
    ['Agent only when listed', { tools: ['Agent', 'Read'] }, ['Agent', 'Read']],
    ['a name the pool lacks is no tool', { tools: ['Read', 'Nope'] }, ['Read']],
  ])('a user agent: %s', (_what, over, expected) => {
    expect(names(userDef(over))).toEqual(expected);
  });

  it('a read-only agent never gets an editing tool, even when it lists one', () => {
    expect(names(userDef({ readOnly: true, tools: ['Read', 'Write', 'Edit'] }))).toEqual(['Read']);
  });
});

describe('AG2: looking a definition up', () => {
  it('no subagent_type is general-purpose; a name matches exactly, then ignoring case; an unknown one is none', () => {
    expect(findDefinition(BUILT_IN_AGENTS, undefined)?.agentType).toBe('general-purpose');
    expect(findDefinition(BUILT_IN_AGENTS, 'explore')?.agentType).toBe('Explore');
    expect(findDefinition(BUILT_IN_AGENTS, 'nope')).toBeUndefined();
  });

  it('a project agent replaces a user one of the same name, which replaces a built-in', () => {
    const merged = mergeDefinitions(BUILT_IN_AGENTS, [userDef({ agentType: 'Explore', systemPrompt: 'user' })], [userDef({ agentType: 'Explore', systemPrompt: 'project', source: 'project' })]);
    expect(findDefinition(merged, 'Explore')?.systemPrompt).toBe('project');
    expect(merged.filter((d) => d.agentType === 'Explore')).toHaveLength(1);
  });
});

describe('AG3: which model an agent uses', () => {
  const def = (model?: string) => userDef(model ? { model } : {});
  it.each<[string | undefined, string | undefined, string, Record<string, string>, string]>([
    [undefined, undefined, 'claude-sonnet-5', {}, 'claude-sonnet-5'],
    [undefined, 'inherit', 'claude-sonnet-5', {}, 'claude-sonnet-5'],
    [undefined, 'claude-opus-4-1', 'claude-sonnet-5', {}, 'claude-opus-4-1'],
    ['claude-haiku-4-5', 'claude-opus-4-1', 'claude-sonnet-5', {}, 'claude-haiku-4-5'],
    ['sonnet', undefined, 'claude-sonnet-5', {}, 'claude-sonnet-5'],
    ['haiku', undefined, 'claude-sonnet-5', {}, 'claude-haiku-4-5'],
    [undefined, 'opus', 'claude-sonnet-5', { ANTHROPIC_DEFAULT_OPUS_MODEL: 'my-opus' }, 'my-opus'],
  ])('argument %s, definition %s, parent %s → %s', (arg, model, parent, env, expected) => {
    expect(resolveAgentModel(arg, def(model), parent, env)).toBe(expected);
  });
});

describe('AG2: an agent file in Claude Code format', () => {
  it('front matter and body', () => {
    const r = parseAgentFile(
      '/p/.claude/agents/reviewer.md',
      '---\nname: reviewer\ndescription: Reviews code\ntools: Read, Grep\ndisallowedTools: [Bash]\nmodel: haiku\npermissionMode: plan\n---\nYou review code.\n',
      'project',
    );
    expect(r).toEqual({
      ok: true,
      definition: {
        agentType: 'reviewer',
        whenToUse: 'Reviews code',
        tools: ['Read', 'Grep'],
        disallowedTools: ['Bash'],
        model: 'haiku',
        permissionMode: 'plan',
        systemPrompt: 'You review code.',
        source: 'project',
        file: '/p/.claude/agents/reviewer.md',
      },
    });
  });

  it.each([
    ['no front matter', 'just text', 'does not start with a front matter block'],
    ['bad YAML', '---\nname: [unclosed\n---\nbody', 'not valid YAML'],
    ['no name', '---\ndescription: d\n---\nbody', 'has no "name"'],
    ['no description', '---\nname: a\n---\nbody', 'has no "description"'],
    ['a bad tools field', '---\nname: a\ndescription: d\ntools: 3\n---\nbody', '"tools" must be'],
    ['a bad permission mode', '---\nname: a\ndescription: d\npermissionMode: yolo\n---\nbody', '"permissionMode" must be one of'],
  ])('a broken file is a warning naming it: %s', (_what, text, words) => {
    const r = parseAgentFile('/p/a.md', text, 'user');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.warning).toContain('/p/a.md');
      expect(r.warning).toContain(words);
    }
  });
});

describe('AG2: loading the files', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const setup = () => {
    dir = mkdtempSync(path.join(tmpdir(), 'agents-'));
    const home = path.join(dir, 'home');
    const project = path.join(dir, 'project');
    mkdirSync(path.join(home, '.claude', 'agents'), { recursive: true });
    mkdirSync(path.join(project, '.claude', 'agents'), { recursive: true });
    writeFileSync(path.join(home, '.claude', 'agents', 'mine.md'), '---\nname: mine\ndescription: Mine\n---\nHome body');
    writeFileSync(path.join(project, '.claude', 'agents', 'proj.md'), '---\nname: proj\ndescription: Project\ntools: Read\n---\nProject body');
    writeFileSync(path.join(project, '.claude', 'agents', 'broken.md'), 'no front matter');
    writeFileSync(path.join(project, '.claude', 'agents', 'notes.txt'), 'not an agent');
    return { home, project };
  };

  it("the project's agents count only when the folder is trusted; a broken file is its own warning", async () => {
    const { home, project } = setup();
    const trusted = await loadAgentDefinitions({ projectDir: project, home, projectTrusted: true });
    expect(trusted.definitions.map((d) => d.agentType)).toEqual(['general-purpose', 'Explore', 'Plan', 'mine', 'proj']);
    expect(trusted.warnings).toHaveLength(1);
    expect(trusted.warnings[0]).toContain('broken.md');
    const untrusted = await loadAgentDefinitions({ projectDir: project, home, projectTrusted: false });
    expect(untrusted.definitions.map((d) => d.agentType)).toEqual(['general-purpose', 'Explore', 'Plan', 'mine']);
    expect(untrusted.warnings).toEqual([]);
  });
});
