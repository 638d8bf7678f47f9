// "Why was I asked?": every decision of the permission stage carries a structured explanation and plain
// words — which rule and file, which part of a command matched no rule, which check or mode decided.
import { describe, expect, it } from 'vitest';
import { createPermissionDecider, type PermissionDeciderOptions } from './decider';
import type { PermissionCheck } from '../tools/pipeline/deps';
import { makeBashLike, makeCtx, makeTool } from '../tools/pipeline/test-helpers';
import { explainNoRule, explainRule, uncoveredSegments } from './explain';
import type { PermissionMode, RuleEntry, RuleSet } from './types';

const projectFile = '/project/.claude/settings.json';
const localFile = '/project/.claude/settings.local.json';
const e = (rule: string, source: RuleEntry['source'] = 'projectSettings', file: string | undefined = projectFile): RuleEntry => ({ rule, source, ...(file ? { file } : {}) });
const set = (x: Partial<RuleSet>): RuleSet => ({ allow: [], deny: [], ask: [], ...x });
const where = { projectDir: '/project', home: '/home/me' };

const bash = makeBashLike();
const edit = makeTool({ name: 'Edit', checkPermissions: () => ({ behavior: 'passthrough' }) });

async function decide(tool: typeof bash, input: unknown, rules: RuleSet, extra: Omit<Partial<PermissionDeciderOptions>, 'mode'> & { mode?: PermissionMode } = {}) {
  const { mode = 'default', ...rest } = extra;
  const d = createPermissionDecider({ mode: () => mode, rules: () => rules, home: '/home/me', realpath: (p) => p, ...rest });
  const check: PermissionCheck = { tool, input, ctx: makeCtx([tool]), classifier: async () => ({ verdict: 'none' }) };
  return d.decide(check);
}

describe('explanation texts', () => {
  it('no rule: names the command and the allow rules that were there, with their file', async () => {
    const v = await decide(bash, { command: 'npm publish' }, set({ allow: [e('Bash(npm test)')] }));
    expect(v.explanation).toEqual({
      decision: 'ask',
      reason: { kind: 'no-rule', tool: 'Bash', unmatched: 'npm publish', nearby: [{ rule: 'Bash(npm test)', behavior: 'allow', source: 'projectSettings', file: projectFile }] },
      text: 'Asked because no rule allows `npm publish` (rules in .claude/settings.json allow `npm test`).',
    });
    // The person reads it in the modal; it is the request's message.
    expect(v.behavior === 'ask' && v.message).toBe(v.explanation!.text);
  });

  it('a compound command: says which part matched no rule', async () => {
    const v = await decide(bash, { command: 'npm test && rm -rf dist' }, set({ allow: [e('Bash(npm test:*)')] }));
    expect(v.explanation?.reason).toMatchObject({ kind: 'no-rule', unmatched: 'rm -rf dist', compound: true });
    expect(v.explanation?.text).toBe(
      'Asked because `npm test && rm -rf dist` runs several commands and allow rules only cover one command at a time: `rm -rf dist` matched no rule (rules in .claude/settings.json allow `npm test:*`).',
    );
    expect(uncoveredSegments('npm test && npm run lint', [e('Bash(npm test)'), e('Bash(npm run lint)')])).toEqual([]);
  });

  it('a rule decided: names the rule and its file (relative to the project, or ~, or the policy)', async () => {
    const deny = await decide(bash, { command: 'rm -rf /' }, set({ deny: [e('Bash(rm:*)', 'policySettings', '/etc/claude-code/managed-settings.json')] }));
    expect(deny.explanation?.text).toBe('Denied by the rule `Bash(rm:*)` in the managed policy (/etc/claude-code/managed-settings.json).');
    expect(deny.behavior === 'deny' && deny.message).toBe('Permission to use Bash has been denied by the rule Bash(rm:*) in the managed policy (/etc/claude-code/managed-settings.json).');
    const ask = await decide(bash, { command: 'git push' }, set({ ask: [e('Bash(git push:*)', 'localSettings', localFile)] }));
    expect(ask.explanation?.text).toBe('Asked because the rule `Bash(git push:*)` in .claude/settings.local.json says to ask first.');
    const allow = await decide(bash, { command: 'ls' }, set({ allow: [e('Bash(ls)', 'userSettings', '/home/me/.claude/settings.json')] }));
    expect(allow.explanation?.text).toBe('Allowed by the rule `Bash(ls)` in ~/.claude/settings.json.');
    expect(explainRule(e('Bash', 'cliArg', undefined), 'deny', where).text).toBe('Denied by the rule `Bash` from --disallowedTools.');
    expect(explainRule(e('Read', 'session', undefined), 'allow', where).text).toBe('Allowed by the rule `Read` added in this session.');
  });

  it('file and web calls name what they touch', () => {
    expect(explainNoRule('Write', { file_path: '/project/src/app.ts' }, [], where).text).toBe('Asked because no rule allows writing src/app.ts.');
    expect(explainNoRule('WebFetch', { url: 'https://example.com/x' }, [], where).text).toBe('Asked because no rule allows fetching from example.com.');
    expect(explainNoRule('mcp__github__create_issue', {}, [], where).text).toBe('Asked because no rule allows mcp__github__create_issue.');
  });

  it("a tool's own check, plan mode, acceptEdits, hooks: each says so", async () => {
    const message = 'Read wants to read /etc/hosts, which is outside the working directories.';
    const read = makeTool({
      name: 'Read',
      checkPermissions: () => ({ behavior: 'ask', message, action: 'Reading files outside the project folder', suggestions: ['Read(//etc/**)', 'Read'] }),
    });
    const own = await decide(read, { text: 'x' }, set({}));
    // The kind of action and the rule a person would write; the tool's own message stays data, not the reason.
    expect(own.explanation).toMatchObject({ decision: 'ask', reason: { kind: 'check', name: 'Read', detail: message } });
    expect(own.explanation?.text).toBe('Reading files outside the project folder always asks first. To let the assistant do it without asking, allow `Read(//etc/**)` in the rules.');
    const quiet = makeTool({ name: 'Deploy', checkPermissions: () => ({ behavior: 'ask', message: 'internal: needs confirm' }) });
    const plain = await decide(quiet, {}, set({}));
    expect(plain.explanation?.text).toBe('This kind of action always asks first. To let the assistant do it without asking, allow `Deploy` in the rules.');
    expect(plain.explanation?.text).not.toContain('internal');
    const plan = await decide(edit, { file_path: '/project/a' }, set({}), { mode: 'plan' });
    expect(plan.explanation).toMatchObject({ decision: 'deny', reason: { kind: 'mode', mode: 'plan' } });
    const accept = await decide(edit, { file_path: '/project/a' }, set({}), { mode: 'acceptEdits', acceptEdits: () => true });
    expect(accept.explanation?.text).toBe('Allowed because the session is in acceptEdits mode (edits inside the working directories run without asking).');
  });
});

describe('PL4 modes through the decider', () => {
  it('acceptEdits and bypassPermissions never approve an edit inside a protected folder (.git, .claude…) by themselves', async () => {
    for (const mode of ['acceptEdits', 'bypassPermissions'] as const) {
      const v = await decide(edit, { file_path: '/project/.git/config' }, set({}), { mode, acceptEdits: () => true });
      expect(v).toMatchObject({ behavior: 'ask', explanation: { reason: { kind: 'check', name: 'protected-path' } } });
      const settingsFile = await decide(edit, { file_path: '/project/.claude/settings.json' }, set({}), { mode, acceptEdits: () => true });
      expect(settingsFile.behavior).toBe('ask');
    }
    // The current docs exempt only .claude/worktrees; an allow rule from a settings file does not
    // pre-approve a protected path (doc-protected-paths.test.ts has the whole table).
    expect((await decide(edit, { file_path: '/project/.claude/worktrees/wt/src/a.ts' }, set({}), { mode: 'acceptEdits', acceptEdits: () => true })).behavior).toBe('allow');
    expect((await decide(edit, { file_path: '/project/.claude/commands/x.md' }, set({}), { mode: 'acceptEdits', acceptEdits: () => true })).behavior).toBe('ask');
    expect((await decide(edit, { file_path: '/project/.git/config' }, set({ allow: [e('Edit(/.git/**)')] }), { mode: 'acceptEdits' })).behavior).toBe('ask');
  });

  it('bypassPermissions still honours deny and ask rules', async () => {
    expect((await decide(bash, { command: 'rm x' }, set({ deny: [e('Bash(rm:*)')] }), { mode: 'bypassPermissions' })).behavior).toBe('deny');
    expect((await decide(bash, { command: 'git push' }, set({ ask: [e('Bash(git push:*)')] }), { mode: 'bypassPermissions' })).behavior).toBe('ask');
  });

  it('allowManagedPermissionRulesOnly: session ("always allow") rules stop allowing', async () => {
    const d = createPermissionDecider({ mode: () => 'default', rules: () => set({}), managedRulesOnly: () => true, realpath: (p) => p });
    d.remember('Bash(ls)');
    const v = await d.decide({ tool: bash, input: { command: 'ls' }, ctx: makeCtx([bash]), classifier: async () => ({ verdict: 'none' }) });
    expect(v.behavior).toBe('ask');
  });

  it('file suggestions are as narrow as they can be: the file, then its folder', async () => {
    const v = await decide(edit, { file_path: '/project/src/app.ts' }, set({}));
    expect(v.behavior === 'ask' && v.suggestions).toEqual(['Edit(/src/app.ts)', 'Edit(/src/**)']);
    const web = await decide(makeTool({ name: 'WebFetch', checkPermissions: () => ({ behavior: 'passthrough' }) }), { url: 'https://docs.example.com/a' }, set({}));
    expect(web.behavior === 'ask' && web.suggestions).toEqual(['WebFetch(domain:docs.example.com)']);
  });

  it('"always allow" to a settings file writes it there and applies at once as a session rule', async () => {
    const saved: string[] = [];
    const d = createPermissionDecider({ mode: () => 'default', rules: () => set({}), realpath: (p) => p, persistRule: (dest, b, rule) => void saved.push(`${dest} ${b} ${rule}`) });
    expect(d.remember('Bash(npm test)', 'localSettings')).toBe(true);
    expect(d.remember('Bash(npm run lint)', 'session')).toBe(true);
    expect(d.remember('Bash(', 'projectSettings')).toBe(false);
    expect(saved).toEqual(['localSettings allow Bash(npm test)']);
    const v = await d.decide({ tool: bash, input: { command: 'npm test' }, ctx: makeCtx([bash]), classifier: async () => ({ verdict: 'none' }) });
    expect(v.behavior).toBe('allow');
  });
});
