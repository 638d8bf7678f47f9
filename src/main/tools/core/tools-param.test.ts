// AS5: the tools array and system blocks with cache breakpoints; byte-identical across turns until a
// deferred tool is loaded; MCP tools never disturb the built-in prefix.
import { describe, expect, it } from 'vitest';
import type { ToolPermissionContext } from '../../permissions/types';
import { assembleToolPool } from './assemble';
import { createDeferredToolState } from './deferred';
import { fakeTool } from './test-tools';
import { buildSystemBlocks, buildToolsParam, isMcpTool, toApiTool } from './tools-param';
import { ToolSearchTool } from '../tool-search/tool-search.tool';

const ctx: ToolPermissionContext = { mode: 'default', alwaysDenyRules: [] };
const base = [
  fakeTool('Read'),
  fakeTool('Bash'),
  fakeTool('NotebookEdit', { shouldDefer: true, searchHint: 'jupyter notebook ipynb cell' }),
  fakeTool('Edit'),
  ToolSearchTool,
];
const mcp = [fakeTool('mcp__github__create_issue', { isMcp: true }), fakeTool('mcp__slack__send', { isMcp: true, shouldDefer: true })];

describe('buildToolsParam (AS4, AS5)', () => {
  it('AS5 tools in pool order with cache_control only on the last built-in tool', () => {
    const pool = assembleToolPool(ctx, mcp, base);
    const { tools } = buildToolsParam(pool, new Set());
    expect(tools.map((t) => t.name)).toEqual(['Bash', 'Edit', 'Read', 'ToolSearch', 'mcp__github__create_issue']);
    expect(tools.map((t) => t.cache_control ?? null)).toEqual([null, null, null, { type: 'ephemeral' }, null]);
  });

  it('AS5 each entry is name, description (the prompt) and input_schema', () => {
    const api = toApiTool(base[0]!);
    expect(Object.keys(api)).toEqual(['name', 'description', 'input_schema']);
    expect(api.description).toBe('The Read tool.');
    expect(api.input_schema.type).toBe('object');
  });

  it('AS5 the serialized tools array is byte-identical across turns until a deferred tool is loaded', () => {
    const deferred = createDeferredToolState();
    const turn = () => JSON.stringify(buildToolsParam(assembleToolPool(ctx, mcp, base), deferred.loaded).tools);
    const first = turn();
    for (let i = 0; i < 5; i++) expect(turn()).toBe(first);

    deferred.load(['NotebookEdit']);
    const loaded = turn();
    expect(loaded).not.toBe(first);
    expect(JSON.parse(loaded).map((t: { name: string }) => t.name)).toContain('NotebookEdit');
    // …and stable again from then on.
    for (let i = 0; i < 3; i++) expect(turn()).toBe(loaded);
  });

  it('AS3+AS5 adding MCP tools leaves the built-in prefix bytes (and its breakpoint) unchanged', () => {
    const without = buildToolsParam(assembleToolPool(ctx, [], base), new Set()).tools;
    const withMcp = buildToolsParam(assembleToolPool(ctx, mcp, base), new Set()).tools;
    expect(JSON.stringify(withMcp.slice(0, without.length))).toBe(JSON.stringify(without));
    expect(withMcp.length).toBeGreaterThan(without.length);
  });

  it('AS5 a loaded deferred MCP tool does not move the breakpoint off the built-ins', () => {
    const { tools } = buildToolsParam(assembleToolPool(ctx, mcp, base), new Set(['mcp__slack__send']));
    expect(tools.at(-1)?.name).toBe('mcp__slack__send');
    expect(tools.filter((t) => t.cache_control).map((t) => t.name)).toEqual(['ToolSearch']);
  });

  it('AS4 the system addendum names pending deferred tools', () => {
    const pool = assembleToolPool(ctx, mcp, base);
    expect(buildToolsParam(pool, new Set()).systemAddendum).toBe(
      'The following deferred tools are available via ToolSearch: NotebookEdit, mcp__slack__send',
    );
  });

  it('AS5 no built-in tools → no tool breakpoint', () => {
    const { tools } = buildToolsParam(assembleToolPool(ctx, mcp, []), new Set());
    expect(tools.some((t) => t.cache_control)).toBe(false);
  });

  it('isMcpTool: the flag or the mcp__ prefix', () => {
    expect(isMcpTool({ name: 'mcp__a__b' })).toBe(true);
    expect(isMcpTool({ name: 'Weird', isMcp: true })).toBe(true);
    expect(isMcpTool({ name: 'Read' })).toBe(false);
  });
});

describe('buildSystemBlocks (AS5)', () => {
  it('AS5 the breakpoint sits right after the system prompt; addenda follow uncached', () => {
    expect(buildSystemBlocks('You are Agent Desk.', ['Deferred: X', null, ''])).toEqual([
      { type: 'text', text: 'You are Agent Desk.', cache_control: { type: 'ephemeral' } },
      { type: 'text', text: 'Deferred: X' },
    ]);
  });
  it('AS5 identical across turns', () => {
    expect(JSON.stringify(buildSystemBlocks('p', ['a']))).toBe(JSON.stringify(buildSystemBlocks('p', ['a'])));
  });
  it('an empty prompt gives no empty block (the API rejects empty text)', () => {
    expect(buildSystemBlocks('', [])).toEqual([]);
  });
});
