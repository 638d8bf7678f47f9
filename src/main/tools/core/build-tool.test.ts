// TC2: every fail-closed default of buildTool, and safety flags as functions of the input.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTool, TOOL_DEFAULTS } from './build-tool';
import { lazySchema } from './lazy-schema';
import { fakeToolUseContext } from './test-tools';
import type { ToolDef } from './tool';

const minimal: ToolDef<{ x: number }, string> = {
  name: 'Minimal',
  maxResultSizeChars: 1000,
  inputSchema: lazySchema(() => z.object({ x: z.number() })),
  description: () => 'minimal',
  prompt: () => 'minimal prompt',
  call: async () => ({ data: 'ok' }),
  mapResult: (o) => ({ content: o }),
};

describe('buildTool defaults (TC2)', () => {
  const tool = buildTool(minimal);
  const input = { x: 1 };
  const ctx = fakeToolUseContext();

  it('TC2 isEnabled defaults to true', () => expect(tool.isEnabled()).toBe(true));
  it('TC2 isConcurrencySafe defaults to false (fail closed)', () => expect(tool.isConcurrencySafe(input)).toBe(false));
  it('TC2 isReadOnly defaults to false (fail closed)', () => expect(tool.isReadOnly(input)).toBe(false));
  it('TC2 isDestructive defaults to false', () => expect(tool.isDestructive(input)).toBe(false));
  it('TC2 checkPermissions defaults to allow with updatedInput = input', async () => {
    const result = await tool.checkPermissions(input, ctx);
    expect(result).toEqual({ behavior: 'allow', updatedInput: input });
    expect(result.behavior === 'allow' && result.updatedInput).toBe(input);
  });
  it('TC2 toAutoClassifierInput defaults to "" (never classifier-approved)', () => expect(tool.toAutoClassifierInput(input)).toBe(''));
  it('TC2 userFacingName defaults to the name', () => expect(tool.userFacingName()).toBe('Minimal'));
  it('TC5 backfillObservableInput defaults to identity (the same object)', () => {
    expect(tool.backfillObservableInput(input, ctx)).toBe(input);
  });
  it('TC2 summarize defaults to ""', () => expect(tool.summarize(input)).toBe(''));

  it('TC2 the exported defaults are the ones applied', () => {
    expect(tool.isEnabled).toBe(TOOL_DEFAULTS.isEnabled);
    expect(tool.isConcurrencySafe).toBe(TOOL_DEFAULTS.isConcurrencySafe);
    expect(tool.isReadOnly).toBe(TOOL_DEFAULTS.isReadOnly);
    expect(tool.isDestructive).toBe(TOOL_DEFAULTS.isDestructive);
    expect(tool.checkPermissions).toBe(TOOL_DEFAULTS.checkPermissions);
    expect(tool.toAutoClassifierInput).toBe(TOOL_DEFAULTS.toAutoClassifierInput);
    expect(tool.backfillObservableInput).toBe(TOOL_DEFAULTS.backfillObservableInput);
    expect(tool.summarize).toBe(TOOL_DEFAULTS.summarize);
  });

  it('TC2 keeps the definition fields untouched', () => {
    expect(tool.name).toBe('Minimal');
    expect(tool.maxResultSizeChars).toBe(1000);
    expect(tool.prompt()).toBe('minimal prompt');
    expect(tool.inputSchema).toBe(minimal.inputSchema);
  });

  it('TC2 a method explicitly set to undefined still gets its fail-closed default', () => {
    const t = buildTool({ ...minimal, isReadOnly: undefined, isConcurrencySafe: undefined });
    expect(t.isReadOnly(input)).toBe(false);
    expect(t.isConcurrencySafe(input)).toBe(false);
  });
});

describe('buildTool overrides', () => {
  it('TC2 safety flags are functions of the input (Bash `ls` read-only, `rm` not)', () => {
    const bashLike = buildTool<{ command: string }, string>({
      name: 'BashLike',
      maxResultSizeChars: 1000,
      inputSchema: lazySchema(() => z.object({ command: z.string() })),
      description: () => 'bash-like',
      prompt: () => '',
      call: async () => ({ data: '' }),
      mapResult: (o) => ({ content: o }),
      isReadOnly: (i) => /^ls\b/.test(i.command),
      isConcurrencySafe: (i) => /^ls\b/.test(i.command),
      isDestructive: (i) => /^rm\b/.test(i.command),
    });
    expect(bashLike.isReadOnly({ command: 'ls -la' })).toBe(true);
    expect(bashLike.isReadOnly({ command: 'rm -rf build' })).toBe(false);
    expect(bashLike.isConcurrencySafe({ command: 'ls' })).toBe(true);
    expect(bashLike.isConcurrencySafe({ command: 'rm x' })).toBe(false);
    expect(bashLike.isDestructive({ command: 'rm x' })).toBe(true);
    expect(bashLike.isDestructive({ command: 'ls' })).toBe(false);
  });

  it('TC2 a tool’s own methods win over the defaults', () => {
    const t = buildTool({
      ...minimal,
      isEnabled: () => false,
      userFacingName: () => 'Pretty',
      toAutoClassifierInput: (i) => `x=${i.x}`,
      summarize: (i) => `x is ${i.x}`,
      checkPermissions: () => ({ behavior: 'ask', message: 'sure?' }),
    });
    expect(t.isEnabled()).toBe(false);
    expect(t.userFacingName()).toBe('Pretty');
    expect(t.toAutoClassifierInput({ x: 2 })).toBe('x=2');
    expect(t.summarize({ x: 3 })).toBe('x is 3');
    expect(t.checkPermissions({ x: 1 }, fakeToolUseContext())).toEqual({ behavior: 'ask', message: 'sure?' });
  });

  it.each(['', 'has space', 'Bad(name)', 'x'.repeat(129)])('rejects the invalid API tool name %j', (name) => {
    expect(() => buildTool({ ...minimal, name })).toThrow(TypeError);
  });

  it.each([0, -1, Number.NaN])('rejects maxResultSizeChars %s', (n) => {
    expect(() => buildTool({ ...minimal, maxResultSizeChars: n })).toThrow(/maxResultSizeChars/);
  });

  it('accepts Infinity as maxResultSizeChars (a tool that pages its own output)', () => {
    expect(buildTool({ ...minimal, maxResultSizeChars: Number.POSITIVE_INFINITY }).maxResultSizeChars).toBe(Infinity);
  });
});
