// AS4: the per-session loaded set, which tools are sent, and the name-only announcement.
import { describe, expect, it } from 'vitest';
import { createDeferredToolState, deferredToolsAddendum, isDeferredTool, toolsToSend } from './deferred';
import { fakeTool } from './test-tools';

const pool = [fakeTool('Bash'), fakeTool('NotebookEdit', { shouldDefer: true }), fakeTool('Read'), fakeTool('mcp__s__t', { shouldDefer: true })];

describe('deferred tools (AS4)', () => {
  it('AS4 load() adds names once and reports only the new ones', () => {
    const state = createDeferredToolState();
    expect(state.load(['A', 'B', 'A'])).toEqual(['A', 'B']);
    expect(state.load(['B', 'C'])).toEqual(['C']);
    expect([...state.loaded]).toEqual(['A', 'B', 'C']);
    expect(state.isLoaded('B')).toBe(true);
    expect(state.isLoaded('Z')).toBe(false);
  });

  it('AS4 a state can be restored from a resumed session', () => {
    expect(createDeferredToolState(['X']).isLoaded('X')).toBe(true);
  });

  it('AS4 deferred tools are not sent until loaded', () => {
    expect(toolsToSend(pool, new Set()).map((t) => t.name)).toEqual(['Bash', 'Read']);
    expect(toolsToSend(pool, new Set(['mcp__s__t'])).map((t) => t.name)).toEqual(['Bash', 'Read', 'mcp__s__t']);
    expect(isDeferredTool(pool[1]!)).toBe(true);
    expect(isDeferredTool(pool[0]!)).toBe(false);
  });

  it('AS4 the addendum names pending deferred tools only, by name', () => {
    expect(deferredToolsAddendum(pool, new Set())).toBe('The following deferred tools are available via ToolSearch: NotebookEdit, mcp__s__t');
    expect(deferredToolsAddendum(pool, new Set(['NotebookEdit']))).toBe('The following deferred tools are available via ToolSearch: mcp__s__t');
    expect(deferredToolsAddendum(pool, new Set(['NotebookEdit', 'mcp__s__t']))).toBeNull();
  });

  it('AS4 the addendum carries no prompt or schema text', () => {
    const text = deferredToolsAddendum(pool, new Set()) ?? '';
    expect(text).not.toContain('The NotebookEdit tool.');
    expect(text).not.toContain('properties');
  });
});
