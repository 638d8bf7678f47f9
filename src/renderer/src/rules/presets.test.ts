// Issue 12 item 8: every ready-made rule parses as a Claude Code rule, none of them is a risky allow,
// the test rule follows the project's scripts, and what adding one would still write. (The engine
// judging them on real calls: test/integration/rule-presets.test.ts.)
import { describe, expect, it } from 'vitest';
import { allowRuleRisk } from '../../../shared/permissions/rule-risks';
import { parseRule } from '../../../shared/permissions/rule';
import { presetAction, presetPlace } from './preset-words';
import { missingRules, rulePresets, type RulePreset } from './presets';

const presets = rulePresets({ testCommands: ['npm test', 'npm run test:e2e'] });
const byId = (id: string): RulePreset => presets.find((p) => p.id === id)!;

describe('ready-made rules', () => {
  it('each rule parses, once per preset; none is a risky allow; ids are unique', () => {
    for (const preset of [...presets, ...rulePresets()]) {
      expect(preset.rules.length, preset.id).toBeGreaterThan(0);
      for (const rule of preset.rules) {
        expect(parseRule(rule).ok, rule).toBe(true);
        if (preset.behavior === 'allow') expect(allowRuleRisk(rule), rule).toBeNull();
      }
      expect(new Set(preset.rules).size, preset.id).toBe(preset.rules.length);
    }
    expect(new Set(presets.map((p) => p.id)).size).toBe(presets.length);
  });

  it('the titles people read, with their lists', () => {
    expect(presets.map((p) => [p.title, p.behavior])).toEqual([
      ['Never delete files', 'deny'],
      ['Never read secrets', 'deny'],
      ['Ask before any network access', 'ask'],
      ['Never push or publish', 'deny'],
      ['Always allow running the tests', 'allow'],
      ['Allow editing files in this project', 'allow'],
    ]);
    expect(byId('never-delete').rules).toEqual(expect.arrayContaining(['Bash(rm:*)', 'Bash(rmdir:*)', 'Bash(git clean:*)']));
    expect(byId('never-secrets').rules).toEqual(expect.arrayContaining(['Read(./.env)', 'Read(./.env.*)', 'Read(./secrets/**)']));
    expect(byId('ask-network').rules).toEqual(expect.arrayContaining(['WebFetch', 'Bash(curl:*)', 'Bash(wget:*)']));
    expect(byId('allow-edits').rules).toEqual(['Edit(/**)']);
  });

  it('the test rule: the project’s own scripts, else the usual commands, and it says which', () => {
    expect(byId('allow-tests').rules).toEqual(['Bash(npm test:*)', 'Bash(npm run test:*)', 'Bash(npm run test:e2e:*)']);
    expect(byId('allow-tests').summary).toContain('package.json');
    const usual = rulePresets().find((x) => x.id === 'allow-tests')!;
    expect(usual.rules).toEqual(['Bash(npm test:*)', 'Bash(npm run test:*)', 'Bash(pytest:*)', 'Bash(cargo test:*)', 'Bash(go test:*)']);
    expect(usual.summary).toContain('usual test commands');
    expect(rulePresets({ testCommands: [] }).find((x) => x.id === 'allow-tests')!.rules).toEqual(usual.rules);
    expect(rulePresets({ testCommands: ['pnpm test'] }).find((x) => x.id === 'allow-tests')!.rules).toEqual(['Bash(pnpm test:*)', 'Bash(pnpm run test:*)']);
  });

  it('missingRules, and the button and place words that follow from it', () => {
    const p = byId('never-delete');
    const n = p.rules.length;
    expect(missingRules(p, undefined)).toEqual(p.rules);
    expect(presetAction(p, p.rules)).toBe(`Add these ${n} rules`);
    const partly = missingRules(p, { allow: ['Bash(rm:*)'], ask: [], deny: ['Bash(rm:*)', 'Bash(rmdir:*)'] });
    expect(partly).toEqual(p.rules.slice(2));
    expect(presetAction(p, partly)).toBe(`Add the ${n - 2} missing rules`);
    expect(presetAction(p, missingRules(p, { allow: [], ask: [], deny: [...p.rules] }))).toBe('Already added');
    expect(presetAction(byId('allow-edits'), ['Edit(/**)'])).toBe('Add this rule');
    const target = { source: 'localSettings' as const, label: 'Only me, in this project', file: '/p/.claude/settings.local.json' };
    expect(presetPlace(p, target, '/p')).toBe('the Deny list in .claude/settings.local.json');
    expect(presetPlace(p, null, '/p')).toBe('the Deny list');
  });
});
