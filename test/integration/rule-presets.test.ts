// Issue 12 item 8: the rule workbench's ready-made rules (src/renderer/src/rules/presets.ts) judged by
// the real permission engine: each is a rule main saves for its list, and each does what its title
// says for real calls — deletions denied through wrappers and chains, secrets unreadable, the tests
// allowed but nothing chained onto them.
import { describe, expect, it } from 'vitest';
import { evaluateRules } from '../../src/main/permissions/evaluate';
import type { PathContext } from '../../src/main/permissions/path-match';
import { ruleProblem } from '../../src/main/permissions/rule-problem';
import type { RuleSet } from '../../src/main/permissions/types';
import { rulePresets, type RulePreset } from '../../src/renderer/src/rules/presets';

const paths: PathContext = { cwd: '/work/shop', projectDir: '/work/shop', home: '/home/me' };
const presets = rulePresets({ testCommands: ['npm test', 'npm run test:e2e'] });
const byId = (id: string): RulePreset => presets.find((p) => p.id === id)!;

/** What the preset's rules alone decide for a call: allow, ask, deny, or null (no rule matched). */
function decide(preset: RulePreset, toolName: string, input: unknown): string | null {
  const rules: RuleSet = { allow: [], ask: [], deny: [], [preset.behavior]: preset.rules.map((rule) => ({ rule, source: 'localSettings' as const })) };
  return evaluateRules(toolName, input, rules, { paths })?.behavior ?? null;
}

describe('ready-made rules, judged by the permission engine', () => {
  it('main accepts every rule for its list (as it would when saving it)', () => {
    for (const preset of [...presets, ...rulePresets()]) {
      for (const rule of preset.rules) expect(ruleProblem(rule, undefined, preset.behavior), rule).toBeNull();
    }
  });

  it('Never delete files: commands that delete are denied, through a wrapper and inside a compound line too', () => {
    const p = byId('never-delete');
    expect(p).toMatchObject({ title: 'Never delete files', behavior: 'deny' });
    expect(p.rules).toEqual(expect.arrayContaining(['Bash(rm:*)', 'Bash(rmdir:*)', 'Bash(git clean:*)']));
    for (const command of ['rm -rf build', 'rmdir old', 'git clean -fdx', 'npm test && rm notes.txt', 'timeout 5 rm x']) expect(decide(p, 'Bash', { command }), command).toBe('deny');
    expect(decide(p, 'Bash', { command: 'ls -la' })).toBeNull();
  });

  it('Never read secrets: .env files, a secrets folder and SSH keys are denied; other files are not', () => {
    const p = byId('never-secrets');
    expect(p.rules).toEqual(expect.arrayContaining(['Read(./.env)', 'Read(./.env.*)', 'Read(./secrets/**)']));
    for (const file of ['/work/shop/.env', '/work/shop/.env.production', '/work/shop/secrets/db.txt', '/home/me/.ssh/id_ed25519']) expect(decide(p, 'Read', { file_path: file }), file).toBe('deny');
    expect(decide(p, 'Read', { file_path: '/work/shop/src/app.ts' })).toBeNull();
  });

  it('Ask before any network access: websites, searches and network commands ask', () => {
    const p = byId('ask-network');
    expect(p.behavior).toBe('ask');
    expect(decide(p, 'WebFetch', { url: 'https://example.com' })).toBe('ask');
    expect(decide(p, 'WebSearch', { query: 'x' })).toBe('ask');
    for (const command of ['curl https://example.com', 'wget x', 'git push origin main']) expect(decide(p, 'Bash', { command }), command).toBe('ask');
    expect(decide(p, 'Bash', { command: 'npm test' })).toBeNull();
  });

  it('Always allow running the tests: the project’s own test scripts, with and without more words', () => {
    const p = byId('allow-tests');
    expect(p.rules).toEqual(['Bash(npm test:*)', 'Bash(npm run test:*)', 'Bash(npm run test:e2e:*)']);
    expect(p.summary).toContain('package.json');
    for (const command of ['npm test', 'npm test -- --watch', 'npm run test', 'npm run test:e2e']) expect(decide(p, 'Bash', { command }), command).toBe('allow');
    // A prefix allow never covers a second command chained on.
    expect(decide(p, 'Bash', { command: 'npm test && rm -rf /' })).toBeNull();
    // Without a package.json: the usual commands, and it says so.
    const usual = rulePresets().find((x) => x.id === 'allow-tests')!;
    expect(usual.rules).toEqual(['Bash(npm test:*)', 'Bash(npm run test:*)', 'Bash(pytest:*)', 'Bash(cargo test:*)', 'Bash(go test:*)']);
    expect(usual.summary).toContain('usual test commands');
    expect(rulePresets({ testCommands: ['pnpm test'] }).find((x) => x.id === 'allow-tests')!.rules).toEqual(['Bash(pnpm test:*)', 'Bash(pnpm run test:*)']);
  });

  it('Allow editing files in this project: edits inside the project, not outside it', () => {
    const p = byId('allow-edits');
    expect(p.rules).toEqual(['Edit(/**)']);
    expect(decide(p, 'Edit', { file_path: '/work/shop/src/app.ts' })).toBe('allow');
    expect(decide(p, 'Write', { file_path: '/work/shop/notes.md' })).toBe('allow');
    expect(decide(p, 'Edit', { file_path: '/home/me/.bashrc' })).toBeNull();
  });
});
