import { describe, expect, it } from 'vitest';
import type { PromptAnswer, Prompter } from '../../permissions/types';
import type { PermissionDecider, PermissionVerdict } from './deps';
import { askPermission, type AskArgs } from './permission-prompt';
import { makeBashLike, makeCtx, scriptedPrompter } from './test-helpers';

const verdict: Extract<PermissionVerdict, { behavior: 'ask' }> = {
  behavior: 'ask',
  message: 'Run rm?',
  reason: { type: 'rule', rule: 'Bash(rm:*)', source: 'projectSettings', behavior: 'ask' },
  suggestions: ['Bash(rm x)'],
};

function args(prompter: Prompter, remembered: string[] = [], overrides: Partial<AskArgs> = {}): AskArgs {
  const tool = makeBashLike({ isDestructive: (i) => i.command.startsWith('rm') });
  const permissions: PermissionDecider = {
    decide: async () => verdict,
    remember: (rule) => (remembered.push(rule), true),
    forget: () => false,
    recordDenial: () => undefined,
  };
  return { tool, input: { command: 'rm x' }, displayInput: { command: 'rm x' }, toolUseId: 't1', ctx: makeCtx([tool]), verdict, prompter, permissions, newId: () => 'r1', signal: new AbortController().signal, ...overrides };
}

describe('PL4e asking the user', () => {
  it('the request carries tool, full input, reason, suggestions and the destructive warning', async () => {
    const p = scriptedPrompter([{ decision: 'allow_once' }]);
    expect(await askPermission(args(p))).toEqual({ behavior: 'allow', reason: { type: 'user' } });
    expect(p.requests[0]).toEqual({
      requestId: 'r1',
      sessionId: 's1',
      toolUseId: 't1',
      toolName: 'Bash',
      kind: 'exec',
      input: { command: 'rm x' },
      message: 'Run rm?',
      reason: 'ask rule Bash(rm:*) (projectSettings)',
      suggestions: ['Bash(rm x)'],
      // What "Always allow" may cover, in words: a risky prefix is warned about, the exact command recommended.
      scopes: [
        { kind: 'rule', label: 'Commands starting with “rm x”', rule: 'Bash(rm x:*)', warning: expect.stringContaining('can delete or overwrite files') },
        { kind: 'rule', label: 'Only this exact command', rule: 'Bash(rm x)', recommended: true },
      ],
      destructive: true,
    });
  });

  it('allow_always saves the chosen rule, else the first suggestion', async () => {
    const saved: string[] = [];
    expect(await askPermission(args(scriptedPrompter([{ decision: 'allow_always' }]), saved))).toEqual({ behavior: 'allow', reason: { type: 'user' }, savedRule: 'Bash(rm x)' });
    await askPermission(args(scriptedPrompter([{ decision: 'allow_always', rule: 'Bash(rm:*)' }]), saved));
    expect(saved).toEqual(['Bash(rm x)', 'Bash(rm:*)']);
  });

  it('fails closed: a prompter that throws, or an answer that is not allow, is a denial', async () => {
    const throwing: Prompter = { prompt: async () => Promise.reject(new Error('window closed')) };
    expect(await askPermission(args(throwing))).toMatchObject({ behavior: 'deny', message: 'Permission to use Bash could not be asked (Error), so the call did not run.' });
    const junk = scriptedPrompter([{ decision: 'maybe' } as unknown as PromptAnswer]);
    expect(await askPermission(args(junk))).toMatchObject({ behavior: 'deny', reason: { type: 'user' } });
  });

  it('an abort while waiting is cancelled, not a denial', async () => {
    const c = new AbortController();
    const never: Prompter = { prompt: () => new Promise(() => {}) };
    const run = askPermission(args(never, [], { signal: c.signal }));
    c.abort();
    expect(await run).toEqual({ behavior: 'cancelled' });
  });
});

describe('DK4 diff-first approval: the request carries the proposed change', () => {
  it('an editing tool: the preview from describeChange is attached before the prompt opens', async () => {
    const order: string[] = [];
    const tool = makeBashLike({
      name: 'Edit',
      describeChange: async () => {
        order.push('describeChange');
        return { path: '/project/a.ts', kind: 'update', oldContent: 'a\n', newContent: 'b\n' };
      },
    });
    const p = scriptedPrompter(() => (order.push('prompt'), { decision: 'allow_once' }));
    expect(await askPermission(args(p, [], { tool }))).toEqual({ behavior: 'allow', reason: { type: 'user' } });
    expect(order).toEqual(['describeChange', 'prompt']);
    expect(p.requests[0]!.preview).toEqual({ kind: 'file_change', path: '/project/a.ts', changeKind: 'update', oldContent: 'a\n', newContent: 'b\n' });
  });

  it('a failing describeChange still asks, without a preview; other tools never carry one', async () => {
    const tool = makeBashLike({ name: 'Write', describeChange: async () => Promise.reject(new Error('EACCES')) });
    const p = scriptedPrompter([{ decision: 'deny' }]);
    expect(await askPermission(args(p, [], { tool }))).toMatchObject({ behavior: 'deny' });
    expect(p.requests).toHaveLength(1);
    expect('preview' in p.requests[0]!).toBe(false);
    const bash = scriptedPrompter([{ decision: 'allow_once' }]);
    await askPermission(args(bash));
    expect('preview' in bash.requests[0]!).toBe(false);
  });
});

describe('BA9/DK4 a command request carries its explanation and its specific warnings', () => {
  it('rm -rf build: what it deletes, how much is there, the warning, and which part asks', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { createBashTool } = await import('../bash/bash.tool');
    const project = mkdtempSync(path.join(os.tmpdir(), 'ask-explain-'));
    try {
      mkdirSync(path.join(project, 'build'));
      writeFileSync(path.join(project, 'build', 'a.js'), 'x'.repeat(4096));
      const tool = createBashTool({ launchers: false });
      const ctx = makeCtx([tool], { projectDir: project, workingDirectories: [project], state: { cwd: project } });
      const input = { command: 'rm -rf build && npm test' };
      const why = { decision: 'ask' as const, reason: { kind: 'no-rule' as const, tool: 'Bash', unmatched: 'rm -rf build', compound: true, uncovered: ['rm -rf build'], nearby: [] }, text: 'Asked because…' };
      const p = scriptedPrompter([{ decision: 'allow_once' }]);
      await askPermission(args(p, [], { tool, input, displayInput: input, ctx, verdict: { ...verdict, explanation: why } }));
      const req = p.requests[0]!;
      expect(req.destructive).toBe(true);
      expect(req.warnings?.map((w) => w.id)).toContain('rm-recursive');
      expect(req.command?.parts.map((x) => [x.text, x.asks])).toEqual([
        ['rm -rf build', 'No rule allows this part yet.'],
        ['npm test', undefined],
      ]);
      expect(req.command?.parts[0]!.paths[0]).toMatchObject({ path: 'build', access: 'delete', where: 'project', exists: true, contents: { kind: 'folder', files: 1, bytes: 4096 } });
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('a removal that always asks is named on its part', async () => {
    const { createBashTool } = await import('../bash/bash.tool');
    const tool = createBashTool({ launchers: false });
    const input = { command: 'ls && rm -rf /' };
    const p = scriptedPrompter([{ decision: 'deny' }]);
    await askPermission(args(p, [], { tool, input, displayInput: input, ctx: makeCtx([tool]) }));
    const parts = p.requests[0]!.command!.parts;
    expect(parts[0]!.asks).toBeUndefined();
    expect(parts[1]!.asks).toMatch(/would delete \/: .*always asks/);
  });

  it('a describeCommand that throws still asks, without an explanation', async () => {
    const tool = makeBashLike({ describeCommand: async () => Promise.reject(new Error('boom')) });
    const p = scriptedPrompter([{ decision: 'allow_once' }]);
    await askPermission(args(p, [], { tool }));
    expect(p.requests).toHaveLength(1);
    expect('command' in p.requests[0]!).toBe(false);
  });
});

describe('a tool describes its own approval (describeRequest)', () => {
  const described = {
    title: 'Allow the assistant to change a setting?',
    summary: 'Change the AI model from “a” to “b”',
    details: [
      { label: 'Now', value: 'a' },
      { label: 'File that will change', value: '/data/settings.json' },
    ],
  };

  it('its title, summary and facts travel with the request as plain data', async () => {
    const tool = makeBashLike({ name: 'Config', kind: 'other', describeRequest: async () => described });
    const p = scriptedPrompter([{ decision: 'allow_once' }]);
    await askPermission(args(p, [], { tool }));
    expect(p.requests[0]!.described).toEqual(described);
  });

  it('a description that throws, hangs, is malformed or is null still asks, in the usual words', async () => {
    const cases = [
      makeBashLike({ describeRequest: async () => Promise.reject(new Error('boom')) }),
      makeBashLike({ describeRequest: async () => ({ title: '', summary: 1, details: 'x' }) as never }),
      makeBashLike({ describeRequest: async () => null }),
    ];
    for (const tool of cases) {
      const p = scriptedPrompter([{ decision: 'deny' }]);
      await askPermission(args(p, [], { tool }));
      expect(p.requests).toHaveLength(1);
      expect('described' in p.requests[0]!).toBe(false);
    }
    const { requestDescription } = await import('./request-description');
    const hanging = makeBashLike({ describeRequest: () => new Promise(() => {}) });
    expect(await requestDescription(hanging, { command: 'x' }, makeCtx([hanging]), 20)).toBeUndefined();
  });
});
