// Issue 12 item 8: what the rule box makes of plain sentences — the ready-made rule or the one rule
// they mean — while rules, and rules with a typo, keep their meaning and the grammar's reason.
import { describe, expect, it } from 'vitest';
import { parseRule } from '../../../shared/permissions/rule';
import { rulePresets } from './presets';
import { behaviorOf, knownTools, readRuleText, suggestForSentence } from './sentence';

const presets = rulePresets({ testCommands: ['npm test'] });
const suggest = (s: string, fallback: 'allow' | 'ask' | 'deny' = 'allow') => {
  const r = suggestForSentence(s, presets, fallback);
  return { presets: r.presets.map((p) => p.title), rule: r.rule };
};

describe('behaviorOf', () => {
  it.each([
    ['never delete my files', 'deny'],
    ['don’t touch .env', 'deny'],
    ['block github.com', 'deny'],
    ['ask before any network access', 'ask'],
    ['check with me before pushing', 'ask'],
    ['allow npm test', 'allow'],
    ['run the tests without asking', 'allow'],
    ['don’t ask before running tests', 'allow'],
    ['npm test', null],
  ])('%s → %s', (sentence, behavior) => expect(behaviorOf(sentence)).toBe(behavior));
});

describe('suggestForSentence', () => {
  it('“never delete my files” → Never delete files', () => {
    expect(suggest('never delete my files')).toEqual({ presets: ['Never delete files'], rule: null });
    expect(suggest('Don’t remove anything')).toEqual({ presets: ['Never delete files'], rule: null });
  });

  it('“allow npm test” → the tests preset (its rule is one of the preset’s)', () => {
    expect(suggest('allow npm test')).toEqual({ presets: ['Always allow running the tests'], rule: null });
    expect(suggest('let it run the tests')).toEqual({ presets: ['Always allow running the tests'], rule: null });
  });

  it('a command, a file, a folder or a website in a sentence becomes its rule, in the list the sentence asks for', () => {
    expect(suggest('allow npm run build').rule).toEqual({ rule: 'Bash(npm run build:*)', behavior: 'allow' });
    expect(suggest('Allow “make lint”.').rule).toEqual({ rule: 'Bash(make lint:*)', behavior: 'allow' });
    expect(suggest('ask before running docker compose up').rule).toEqual({ rule: 'Bash(docker compose up:*)', behavior: 'ask' });
    expect(suggest('block github.com')).toEqual({ presets: [], rule: { rule: 'WebFetch(domain:github.com)', behavior: 'deny' } });
    expect(suggest('allow editing src/')).toEqual({ presets: ['Allow editing files in this project'], rule: { rule: 'Edit(./src/**)', behavior: 'allow' } });
    expect(suggest('never read config/prod.yml')).toEqual({ presets: [], rule: { rule: 'Read(./config/prod.yml)', behavior: 'deny' } });
    expect(suggest('never read .env')).toEqual({ presets: ['Never read secrets'], rule: null });
    // A rule written inside a sentence is taken as it is.
    expect(suggest('please deny Bash(git push:*)').rule).toEqual({ rule: 'Bash(git push:*)', behavior: 'deny' });
  });

  it('a sentence that asks for another list than the preset’s gets the one rule it means instead', () => {
    expect(suggest('never change my files')).toEqual({ presets: [], rule: { rule: 'Edit', behavior: 'deny' } });
    expect(suggest('never access the internet')).toEqual({ presets: [], rule: { rule: 'WebFetch', behavior: 'deny' } });
    expect(suggest('ask before network access').presets).toEqual(['Ask before any network access']);
  });

  it('no list in the sentence: the preset whatever its list, a rule in the form’s list', () => {
    expect(suggest('secrets')).toEqual({ presets: ['Never read secrets'], rule: null });
    expect(suggest('git status', 'ask').rule).toEqual({ rule: 'Bash(git status:*)', behavior: 'ask' });
  });

  it('a tool’s name without its capital → the tool', () => {
    expect(suggest('read').rule).toEqual({ rule: 'Read', behavior: 'allow' });
    expect(suggest('webfetch', 'deny').rule).toEqual({ rule: 'WebFetch', behavior: 'deny' });
  });

  it('words it cannot place: nothing (the box then says what a rule looks like)', () => {
    expect(suggest('banana')).toEqual({ presets: [], rule: null });
    expect(suggest('be careful please')).toEqual({ presets: [], rule: null });
  });

  it('every rule it suggests parses', () => {
    for (const s of ['allow npm run build', 'block github.com', 'allow editing src/', 'never read ~/notes/', 'never read /etc/hosts', 'allow "make"']) {
      const r = suggest(s).rule;
      expect(r, s).not.toBeNull();
      expect(parseRule(r!.rule).ok, r!.rule).toBe(true);
    }
    expect(suggest('never read /etc/hosts').rule?.rule).toBe('Read(//etc/hosts)');
    expect(suggest('never read ~/notes/').rule?.rule).toBe('Read(~/notes/**)');
  });
});

describe('readRuleText', () => {
  const read = (t: string) => readRuleText(t, presets, 'allow');

  it('a rule: its words; a known tool is not marked unknown', () => {
    expect(read('Bash(npm test:*)')).toEqual({ kind: 'rule', words: 'Any command that starts with “npm test”', toolName: 'Bash', unknownTool: false });
    expect(read('mcp__github')).toMatchObject({ kind: 'rule', unknownTool: false });
    expect(read('MyTool')).toMatchObject({ kind: 'rule', unknownTool: true });
  });

  it('issue 19 every registered tool is known by its names and aliases, from the rules listing — no list of names in the renderer', () => {
    // As permissions:list gives them (rules-service.test.ts checks the listing carries the registry's names).
    const names = ['AskUserQuestion', 'EnterPlanMode', 'ExitPlanMode', 'EnterWorktree', 'ExitWorktree', 'SendUserMessage', 'Brief', 'Config', 'TodoWrite', 'ToolSearch', 'Skill', 'Agent', 'Task', 'TaskOutput', 'TaskStop', 'KillShell'];
    const tools = knownTools(names.map((name) => ({ name, kind: name === 'Agent' || name === 'Task' ? ('agent' as const) : ('other' as const) })));
    const readWith = (t: string) => readRuleText(t, presets, 'allow', tools);
    for (const name of names) {
      expect(readWith(name), name).toMatchObject({ kind: 'rule', toolName: name, unknownTool: false });
    }
    expect(readWith('Config')).toMatchObject({ words: 'Every use of Config' });
    // A lower-case tool name is still the tool; a name nobody registered is still flagged.
    expect(suggestForSentence('config', presets, 'deny', tools).rule).toEqual({ rule: 'Config', behavior: 'deny' });
    expect(readWith('please deny Config(model)')).toMatchObject({ kind: 'sentence', rule: { rule: 'Config(model)', behavior: 'deny' } });
    expect(readWith('MyTool')).toMatchObject({ unknownTool: true });
    // Without the listing only Claude Code's vocabulary is known.
    expect(read('AskUserQuestion')).toMatchObject({ unknownTool: true });
  });

  it('a registered tool’s kind gives its rule the words of its kind (a new editing tool reads as edits)', () => {
    const tools = knownTools([{ name: 'Patch', kind: 'edit' }]);
    expect(readRuleText('Patch(./src/**)', presets, 'allow', tools)).toEqual({ kind: 'rule', words: 'Changing files matching “./src/**”', toolName: 'Patch', unknownTool: false });
    expect(readRuleText('Patch(./src/**)', presets, 'allow')).toEqual({ kind: 'rule', words: 'Patch for “./src/**”', toolName: 'Patch', unknownTool: true });
  });

  it('a rule with a typo keeps the grammar’s reason', () => {
    expect(read('Bash(npm test')).toEqual({ kind: 'invalid', error: 'Rule "Bash(npm test" is missing its closing ")"' });
  });

  it('a sentence, or a lower-case word that is no tool, is read as words', () => {
    expect(read('never delete my files')).toMatchObject({ kind: 'sentence', presets: [expect.objectContaining({ id: 'never-delete' })] });
    expect(read('delete')).toMatchObject({ kind: 'sentence', presets: [expect.objectContaining({ id: 'never-delete' })] });
    expect(read('banana')).toEqual({ kind: 'sentence', presets: [], rule: null });
    expect(read('  ')).toEqual({ kind: 'empty' });
  });
});
