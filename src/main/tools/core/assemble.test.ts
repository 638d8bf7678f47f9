// AS1–AS3: the base list, getTools' filters (simple mode, blanket deny, isEnabled) and the pool order.
import { describe, expect, it } from 'vitest';
import { getAllBaseTools } from '../builtin';
import type { ToolPermissionContext } from '../../permissions/types';
import { assembleToolPool, filterToolsByDenyRules, getTools, simpleModeFromEnv } from './assemble';
import { fakeTool } from './test-tools';
import type { AnyTool } from './tool';

const ctx = (over: Partial<ToolPermissionContext> = {}): ToolPermissionContext => ({ mode: 'default', alwaysDenyRules: [], ...over });
const names = (tools: readonly AnyTool[]): string[] => tools.map((t) => t.name);

const base = [
  fakeTool('Write'),
  fakeTool('Bash', { simpleMode: true }),
  fakeTool('Read', { simpleMode: true }),
  fakeTool('Edit', { simpleMode: true }),
  fakeTool('Grep'),
  fakeTool('Agent', { aliases: ['Task'] }),
  fakeTool('Glob'),
];

describe('getAllBaseTools (AS1)', () => {
  it('AS1 contains ToolSearch and no gated-off tool in the default build', () => {
    const tools = names(getAllBaseTools());
    expect(tools).toContain('ToolSearch');
    expect(tools).not.toContain('GatedExample');
  });
  it('AS1 returns a fresh array each call (callers may sort it)', () => {
    expect(getAllBaseTools()).not.toBe(getAllBaseTools());
  });
});

describe('getTools (AS2)', () => {
  it('AS2 without filters returns every enabled base tool', () => {
    expect(names(getTools(ctx(), base))).toEqual(names(base));
  });

  it('AS2 simple mode keeps only the tools that declare simpleMode', () => {
    expect(names(getTools(ctx({ simple: true }), base)).sort()).toEqual(['Bash', 'Edit', 'Read']);
  });

  it('AS2 simple mode is Bash, Read and Edit among the built-in tools', () => {
    expect(names(getTools(ctx({ simple: true }), getAllBaseTools())).sort()).toEqual(['Bash', 'Edit', 'Read']);
  });

  it.each([
    ['1', true],
    ['true', true],
    [' ON ', true],
    ['0', false],
    ['', false],
    [undefined, false],
  ] as const)('AS2 AGENT_DESK_SIMPLE=%j → simple mode %s', (value, expected) => {
    expect(simpleModeFromEnv({ AGENT_DESK_SIMPLE: value })).toBe(expected);
  });

  it('AS2 simple mode still applies deny rules and isEnabled', () => {
    const tools = [...base.filter((t) => t.name !== 'Edit'), fakeTool('Edit', { simpleMode: true, isEnabled: () => false })];
    expect(names(getTools(ctx({ simple: true, alwaysDenyRules: ['Bash'] }), tools))).toEqual(['Read']);
  });

  it('AS2 a blanket deny rule removes the tool; a rule with content does not', () => {
    const out = names(getTools(ctx({ alwaysDenyRules: ['Write', 'Bash(rm:*)', 'Glob()'] }), base));
    expect(out).not.toContain('Write');
    expect(out).not.toContain('Glob');
    expect(out).toContain('Bash');
  });

  it('AS2 a blanket deny on an alias removes the tool', () => {
    expect(names(getTools(ctx({ alwaysDenyRules: ['Task'] }), base))).not.toContain('Agent');
  });

  it('AS2 unparseable deny rules hide nothing and do not throw', () => {
    expect(names(getTools(ctx({ alwaysDenyRules: ['Bash(', '', 'Read) x'] }), base))).toEqual(names(base));
  });

  it('AS2 isEnabled() false removes; a throwing isEnabled counts as disabled (fail closed)', () => {
    const tools = [
      fakeTool('On'),
      fakeTool('Off', { isEnabled: () => false }),
      fakeTool('Broken', {
        isEnabled: () => {
          throw new Error('probe failed');
        },
      }),
    ];
    expect(names(getTools(ctx(), tools))).toEqual(['On']);
  });

});

describe('filterToolsByDenyRules (AS2) on MCP tools', () => {
  const mcp = [fakeTool('mcp__github__create_issue'), fakeTool('mcp__github__list_prs'), fakeTool('mcp__slack__send')];
  it('AS2 `mcp__server` removes every tool of that server', () => {
    expect(names(filterToolsByDenyRules(mcp, ctx({ alwaysDenyRules: ['mcp__github'] })))).toEqual(['mcp__slack__send']);
  });
  it('AS2 `mcp__server__*` does the same', () => {
    expect(names(filterToolsByDenyRules(mcp, ctx({ alwaysDenyRules: ['mcp__github__*'] })))).toEqual(['mcp__slack__send']);
  });
  it('AS2 `mcp__server__tool` removes one tool', () => {
    expect(names(filterToolsByDenyRules(mcp, ctx({ alwaysDenyRules: ['mcp__github__list_prs'] })))).toEqual([
      'mcp__github__create_issue',
      'mcp__slack__send',
    ]);
  });
});

describe('assembleToolPool (AS3)', () => {
  const mcp = [fakeTool('mcp__zeta__a'), fakeTool('mcp__alpha__b'), fakeTool('mcp__Beta__c')];

  it('AS3 built-ins sorted by name form the prefix, MCP tools sorted by name the suffix', () => {
    const pool = names(assembleToolPool(ctx(), mcp, base));
    expect(pool).toEqual(['Agent', 'Bash', 'Edit', 'Glob', 'Grep', 'Read', 'Write', 'mcp__Beta__c', 'mcp__alpha__b', 'mcp__zeta__a']);
  });

  it('AS3 adding an MCP server leaves the built-in prefix unchanged', () => {
    const before = names(assembleToolPool(ctx(), [], base));
    const after = names(assembleToolPool(ctx(), mcp, base));
    expect(after.slice(0, before.length)).toEqual(before);
  });

  it('AS3 unique by name: the built-in wins over an MCP tool of the same name', () => {
    const impostor = fakeTool('Read', { prompt: () => 'mcp impostor', isMcp: true });
    const pool = assembleToolPool(ctx(), [impostor], base);
    const reads = pool.filter((t) => t.name === 'Read');
    expect(reads).toHaveLength(1);
    expect(reads[0]).toBe(base.find((t) => t.name === 'Read'));
  });

  it('AS3 duplicate MCP names keep the first', () => {
    const a = fakeTool('mcp__s__t', { prompt: () => 'first' });
    const b = fakeTool('mcp__s__t', { prompt: () => 'second' });
    const pool = assembleToolPool(ctx(), [a, b], []);
    expect(pool).toEqual([a]);
  });

  it('AS2+AS3 deny rules and isEnabled apply to MCP tools too', () => {
    const off = fakeTool('mcp__alpha__off', { isEnabled: () => false });
    const pool = names(assembleToolPool(ctx({ alwaysDenyRules: ['mcp__zeta', 'Write'] }), [...mcp, off], base));
    expect(pool).not.toContain('mcp__zeta__a');
    expect(pool).not.toContain('mcp__alpha__off');
    expect(pool).not.toContain('Write');
    expect(pool).toContain('mcp__alpha__b');
  });

  it('AS3 the order does not depend on the input order', () => {
    const shuffled = [...base].reverse();
    expect(names(assembleToolPool(ctx(), [...mcp].reverse(), shuffled))).toEqual(names(assembleToolPool(ctx(), mcp, base)));
  });
});

describe('agent teams in the pool (TL Teams)', () => {
  it('TL: the team tools are offered only where agent teams are on; nothing else changes', () => {
    const off = names(getTools(ctx({}), getAllBaseTools()));
    const on = names(getTools(ctx({ features: ['agentTeams'] }), getAllBaseTools()));
    expect(off).not.toEqual(expect.arrayContaining(['TeamCreate']));
    expect(on.filter((n) => !off.includes(n)).sort()).toEqual(['ListPeers', 'TeamCreate', 'TeamDelete']);
    expect(off.every((n) => on.includes(n))).toBe(true);
  });
});
