import { describe, expect, it } from 'vitest';
import { loadBashParser } from '../shell/index';
import { createDenialTracker } from './denial-tracking';
import { createSessionRules } from './session-rules';
import type { PermissionMode, RuleEntry, RuleSet } from './types';
import type { AnyTool } from '../tools/core/tool';
import type { ClassifierVerdict, PermissionCheck, PreToolUseResult } from '../tools/pipeline/deps';
import { createPermissionDecider, type PermissionDeciderOptions } from './decider';
import { makeBashLike, makeCtx, makeTool } from '../tools/pipeline/test-helpers';

const r = (rule: string, source: RuleEntry['source'] = 'userSettings'): RuleEntry => ({ rule, source });
const rules = (x: Partial<Record<'allow' | 'deny' | 'ask', RuleEntry[]>>): RuleSet => ({ allow: [], deny: [], ask: [], ...x });

function decider(x: Omit<Partial<PermissionDeciderOptions>, 'mode' | 'rules'> & { mode?: PermissionMode; set?: RuleSet } = {}) {
  const { mode = 'default', set = rules({}), ...rest } = x;
  return createPermissionDecider({ mode: () => mode, rules: () => set, ...rest });
}

/** The classifier stub records whether the decision needed it. */
function check(tool: AnyTool, input: unknown, extra: Partial<PermissionCheck> & { verdict?: ClassifierVerdict } = {}) {
  const asked: string[] = [];
  const c: PermissionCheck = {
    tool,
    input,
    ctx: makeCtx([tool]),
    classifier: async () => (asked.push('classifier'), extra.verdict ?? { verdict: 'none' }),
    ...extra,
  };
  return { c, asked };
}

const bash = makeBashLike();
const npmTest = { command: 'npm test' };
const hook = (h: Partial<PreToolUseResult>): PreToolUseResult => ({ messages: [], ...h });

describe('PL4 permission decision: first definite answer wins', () => {
  it('(a) a hook deny beats an allow rule, and its reason reaches the model', async () => {
    const v = await decider({ set: rules({ allow: [r('Bash')] }) }).decide(check(bash, npmTest, { hook: hook({ decision: 'deny', reason: 'no tests on Fridays' }) }).c);
    expect(v).toEqual({
      behavior: 'deny',
      message: 'PreToolUse hook denied this call: no tests on Fridays',
      reason: { type: 'hook', hook: 'PreToolUse', reason: 'no tests on Fridays' },
      explanation: {
        decision: 'deny',
        reason: { kind: 'hook', hook: 'PreToolUse', outcome: 'deny', message: 'no tests on Fridays' },
        text: 'Denied by a PreToolUse hook: no tests on Fridays',
      },
    });
  });

  it('(a) a hook block (exit 2) denies with its stderr as the message', async () => {
    const v = await decider({ set: rules({ allow: [r('Bash')] }) }).decide(check(bash, npmTest, { hook: hook({ blocked: { message: 'rm is not allowed here' } }) }).c);
    expect(v).toMatchObject({ behavior: 'deny', message: 'rm is not allowed here', reason: { type: 'hook' } });
  });

  it('(a) a hook ask beats an allow rule and the tool\'s own allow', async () => {
    const read = makeTool({ name: 'Read' });
    expect(await decider({ set: rules({ allow: [r('Bash')] }) }).decide(check(bash, npmTest, { hook: hook({ decision: 'ask', reason: 'check this' }) }).c)).toMatchObject({
      behavior: 'ask',
      message: 'check this',
    });
    expect((await decider().decide(check(read, { text: 'x' }, { hook: hook({ decision: 'ask' }) }).c)).behavior).toBe('ask');
  });

  it('(a) a hook allow skips the prompt (tool passthrough, no rule) without asking the classifier', async () => {
    const { c, asked } = check(bash, npmTest, { hook: hook({ decision: 'allow', reason: 'ci hook' }) });
    expect(await decider().decide(c)).toEqual({
      behavior: 'allow',
      input: npmTest,
      reason: { type: 'hook', hook: 'PreToolUse', reason: 'ci hook' },
      explanation: { decision: 'allow', reason: { kind: 'hook', hook: 'PreToolUse', outcome: 'allow', message: 'ci hook' }, text: 'Allowed by a PreToolUse hook: ci hook' },
    });
    expect(asked).toEqual([]);
  });

  it('(a) a hook allow does not beat a deny rule or an ask rule (Claude Code semantics)', async () => {
    const allow = hook({ decision: 'allow' });
    expect(await decider({ set: rules({ deny: [r('Bash(npm:*)', 'policySettings')] }) }).decide(check(bash, npmTest, { hook: allow }).c)).toMatchObject({
      behavior: 'deny',
      reason: { type: 'rule', rule: 'Bash(npm:*)', source: 'policySettings', behavior: 'deny' },
    });
    expect((await decider({ set: rules({ ask: [r('Bash(npm test)')] }) }).decide(check(bash, npmTest, { hook: allow }).c)).behavior).toBe('ask');
  });

  it("(b) a deny rule beats the tool's own allow; so does an ask rule", async () => {
    const read = makeTool({ name: 'Read' }); // buildTool default: checkPermissions → allow
    expect(await decider({ set: rules({ deny: [{ rule: 'Read', source: 'userSettings', file: '/home/me/.claude/settings.json' }] }), home: '/home/me' }).decide(check(read, { text: 'x' }).c)).toEqual({
      behavior: 'deny',
      message: 'Permission to use Read has been denied by the rule Read in ~/.claude/settings.json.',
      reason: { type: 'rule', rule: 'Read', source: 'userSettings', behavior: 'deny' },
      explanation: {
        decision: 'deny',
        reason: { kind: 'rule', rule: 'Read', behavior: 'deny', source: 'userSettings', file: '/home/me/.claude/settings.json' },
        text: 'Denied by the rule `Read` in ~/.claude/settings.json.',
      },
    });
    expect((await decider({ set: rules({ ask: [r('Read')] }) }).decide(check(read, { text: 'x' }).c)).behavior).toBe('ask');
    expect((await decider().decide(check(read, { text: 'x' }).c)).behavior).toBe('allow');
  });

  it("(b) the tool's deny is definite, even against an allow rule; its updatedInput is used on allow", async () => {
    const t = makeTool({ name: 'Fetch', checkPermissions: () => ({ behavior: 'deny', message: 'blocked domain' }) });
    expect(await decider({ set: rules({ allow: [r('Fetch')] }) }).decide(check(t, { text: 'x' }).c)).toEqual({
      behavior: 'deny',
      message: 'blocked domain',
      reason: { type: 'tool', reason: 'blocked domain' },
      explanation: { decision: 'deny', reason: { kind: 'check', name: 'Fetch', detail: 'blocked domain' }, text: "Denied by Fetch's own check: blocked domain." },
    });
    const u = makeTool({ name: 'Norm', checkPermissions: () => ({ behavior: 'allow', updatedInput: { text: 'normalized' } }) });
    expect(await decider().decide(check(u, { text: 'x' }).c)).toMatchObject({ behavior: 'allow', input: { text: 'normalized' } });
  });

  it('(b) a tool whose checkPermissions throws is asked about, never allowed', async () => {
    const t = makeTool({
      name: 'Weird',
      checkPermissions: () => {
        throw new Error('/secret/path exploded');
      },
    });
    const v = await decider().decide(check(t, { text: 'x' }).c);
    expect(v.behavior).toBe('ask');
    expect(JSON.stringify(v)).not.toContain('/secret/path');
  });

  it('(c) allow rules let a passthrough tool run: exact, prefix and wildcard', async () => {
    for (const rule of ['Bash(npm test)', 'Bash(npm:*)', 'Bash(npm *)', 'Bash']) {
      expect(await decider({ set: rules({ allow: [r(rule, 'cliArg')] }) }).decide(check(bash, npmTest).c)).toEqual({
        behavior: 'allow',
        input: npmTest,
        reason: { type: 'rule', rule, source: 'cliArg', behavior: 'allow' },
        explanation: { decision: 'allow', reason: { kind: 'rule', rule, behavior: 'allow', source: 'cliArg' }, text: `Allowed by the rule \`${rule}\` from --allowedTools.` },
      });
    }
    expect((await decider({ set: rules({ allow: [r('Bash(npm:*)')] }) }).decide(check(bash, { command: 'npm test; rm -rf /' }).c)).behavior).toBe('ask');
  });

  it('(d) the classifier allows only after rules, and is awaited only then', async () => {
    const allowed = check(bash, npmTest, { verdict: { verdict: 'allow', reason: 'read-only command' } });
    expect(await decider().decide(allowed.c)).toMatchObject({
      behavior: 'allow',
      input: npmTest,
      reason: { type: 'classifier', reason: 'read-only command' },
      explanation: { decision: 'allow', reason: { kind: 'classifier', detail: 'read-only command' } },
    });
    expect(allowed.asked).toEqual(['classifier']);
    const denied = check(bash, npmTest, { verdict: { verdict: 'allow' } });
    expect((await decider({ set: rules({ deny: [r('Bash')] }) }).decide(denied.c)).behavior).toBe('deny');
    expect(denied.asked).toEqual([]);
  });

  it('(e) otherwise ask, with suggestions (exact first) and the tool\'s message', async () => {
    const v = await decider().decide(check(bash, { command: 'git commit -m wip' }).c);
    expect(v).toMatchObject({ behavior: 'ask', suggestions: ['Bash(git commit -m wip)', 'Bash(git commit:*)'] });
    // A commit message written out over lines: an exact rule would never match again; the prefix would.
    expect(await loadBashParser()).not.toBeNull();
    const heredoc = await decider().decide(check(bash, { command: "git commit -m \"$(cat <<'EOF'\nfix: a\n\nmore\nEOF\n)\"" }).c);
    expect(heredoc).toMatchObject({ behavior: 'ask', suggestions: ['Bash(git commit:*)'] });
    const t = makeTool({ name: 'Net', checkPermissions: () => ({ behavior: 'ask', message: 'Fetch example.com?', suggestions: ['Net(domain:example.com)'] }) });
    expect(await decider().decide(check(t, { text: 'x' }).c)).toMatchObject({ behavior: 'ask', message: 'Fetch example.com?', suggestions: ['Net(domain:example.com)'] });
  });

  it("PL2 validateInput's ask forces the prompt even when the tool and mode would allow", async () => {
    const read = makeTool({ name: 'Read' });
    for (const mode of ['default', 'bypassPermissions'] as const) {
      expect(await decider({ mode }).decide(check(read, { text: 'x' }, { forcedAsk: 'Read a file outside the project?' }).c)).toMatchObject({
        behavior: 'ask',
        message: 'Read a file outside the project?',
      });
    }
    // …but a deny rule still wins.
    expect((await decider({ set: rules({ deny: [r('Read')] }) }).decide(check(read, { text: 'x' }, { forcedAsk: '?' }).c)).behavior).toBe('deny');
  });
});

describe('PL4 modes', () => {
  it('bypassPermissions allows unless a deny or ask rule matches', async () => {
    expect(await decider({ mode: 'bypassPermissions' }).decide(check(bash, npmTest).c)).toEqual({
      behavior: 'allow',
      input: npmTest,
      reason: { type: 'mode', mode: 'bypassPermissions' },
      explanation: { decision: 'allow', reason: { kind: 'mode', mode: 'bypassPermissions' }, text: 'Allowed because the session is in bypassPermissions mode.' },
    });
    expect((await decider({ mode: 'bypassPermissions', set: rules({ deny: [r('Bash(npm:*)')] }) }).decide(check(bash, npmTest).c)).behavior).toBe('deny');
    expect((await decider({ mode: 'bypassPermissions', set: rules({ ask: [r('Bash(npm test)')] }) }).decide(check(bash, npmTest).c)).behavior).toBe('ask');
  });

  it('plan allows only read-only tools', async () => {
    const write = makeTool({ name: 'Write' });
    const read = makeTool({ name: 'Read', isReadOnly: () => true });
    const v = await decider({ mode: 'plan', set: rules({ allow: [r('Write')] }) }).decide(check(write, { text: 'x' }).c);
    expect(v).toMatchObject({ behavior: 'deny', reason: { type: 'mode', mode: 'plan' } });
    expect(v.behavior === 'deny' && v.message).toContain('plan mode');
    expect((await decider({ mode: 'plan' }).decide(check(read, { text: 'x' }).c)).behavior).toBe('allow');
  });

  it('acceptEdits is a seam: nothing is an edit until a policy says so', async () => {
    const edit = makeTool({ name: 'Edit', checkPermissions: () => ({ behavior: 'passthrough' }) });
    expect((await decider({ mode: 'acceptEdits' }).decide(check(edit, { text: 'x' }).c)).behavior).toBe('ask');
    const v = await decider({ mode: 'acceptEdits', acceptEdits: (name) => name === 'Edit' }).decide(check(edit, { text: 'x' }).c);
    expect(v).toMatchObject({ behavior: 'allow', reason: { type: 'mode', mode: 'acceptEdits' } });
  });

  it('reads the mode on every call', async () => {
    let mode: PermissionMode = 'default';
    const d = createPermissionDecider({ mode: () => mode, rules: () => rules({}) });
    expect((await d.decide(check(bash, npmTest).c)).behavior).toBe('ask');
    mode = 'bypassPermissions';
    expect((await d.decide(check(bash, npmTest).c)).behavior).toBe('allow');
  });
});

describe('PL4e/f session rules and denial tracking through the decider', () => {
  it('remember() adds a session rule the next decision uses', async () => {
    const sessionRules = createSessionRules();
    const d = decider({ sessionRules });
    expect((await d.decide(check(bash, npmTest).c)).behavior).toBe('ask');
    expect(d.remember('Bash(npm test)')).toBe(true);
    expect(await d.decide(check(bash, npmTest).c)).toMatchObject({ behavior: 'allow', reason: { type: 'rule', rule: 'Bash(npm test)', source: 'session' } });
    expect(d.remember('Bash(')).toBe(false);
  });

  it('forget() takes an "always allow" session rule back: the next decision asks again; other rules stay', async () => {
    const sessionRules = createSessionRules();
    const d = decider({ sessionRules, set: rules({ allow: [r('Bash(ls:*)', 'localSettings')] }) });
    expect(d.remember('Bash(npm test)')).toBe(true);
    expect(d.remember('Bash(git status)')).toBe(true);
    expect((await d.decide(check(bash, npmTest).c)).behavior).toBe('allow');

    expect(d.forget(' Bash(npm test) ')).toBe(true);
    expect(await d.decide(check(bash, npmTest).c)).toMatchObject({ behavior: 'ask' });
    // The other session rule and the settings file's rule still allow.
    expect(await d.decide(check(bash, { command: 'git status' }).c)).toMatchObject({ behavior: 'allow', reason: { type: 'rule', rule: 'Bash(git status)', source: 'session' } });
    expect(await d.decide(check(bash, { command: 'ls -la' }).c)).toMatchObject({ behavior: 'allow', reason: { type: 'rule', rule: 'Bash(ls:*)', source: 'localSettings' } });
    expect(sessionRules.rules().allow.map((e) => e.rule)).toEqual(['Bash(git status)']);
  });

  it('forget() of a rule the session does not have is false and changes nothing, settings-file rules included', async () => {
    const sessionRules = createSessionRules();
    const d = decider({ sessionRules, set: rules({ allow: [r('Bash(npm test)', 'localSettings')] }) });
    expect(d.remember('Bash(git status)')).toBe(true);
    expect(d.forget('Bash(npm test)')).toBe(false);
    expect(d.forget('Bash(git status:*)')).toBe(false);
    expect(d.forget('Bash(git status)')).toBe(true);
    expect(d.forget('Bash(git status)')).toBe(false);
    // A settings file's rule is not the decider's to forget.
    expect((await d.decide(check(bash, npmTest).c)).behavior).toBe('allow');
  });

  it('recordDenial counts Bash denials by command word and returns guidance at the third', () => {
    const d = decider({ denials: createDenialTracker() });
    expect(d.recordDenial('Bash', { command: 'rm a' })).toBeUndefined();
    expect(d.recordDenial('Bash', { command: 'rm -rf b' })).toBeUndefined();
    expect(d.recordDenial('Bash', { command: 'rm c' })).toContain('Bash(rm:*) has been denied 3 times');
  });
});
