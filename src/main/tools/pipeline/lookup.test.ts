import { describe, expect, it } from 'vitest';
import { lookupTool } from './lookup';
import { makeTool } from './test-helpers';

const agent = makeTool({ name: 'Agent', aliases: ['Subagent'], deprecatedAliases: ['Task'] });
const read = makeTool({ name: 'Read' });

describe('PL1 lookup', () => {
  it('finds by name, then alias', () => {
    expect(lookupTool([read, agent], 'Agent')).toEqual({ ok: true, tool: agent });
    expect(lookupTool([read, agent], 'Subagent')).toEqual({ ok: true, tool: agent });
  });

  it('a deprecated alias works and earns a note', () => {
    const r = lookupTool([read, agent], 'Task');
    expect(r.ok && r.tool).toBe(agent);
    expect(r.ok && r.note).toMatch(/the tool name "Task" is deprecated.*"Agent"/);
  });

  it('an unknown tool is an error result, not a throw', () => {
    expect(lookupTool([read], 'Nope')).toEqual({
      ok: false,
      code: 'unknown_tool',
      content: '<tool_use_error>Error: No such tool available: Nope</tool_use_error>',
    });
    expect(lookupTool([read], undefined).ok).toBe(false);
  });
});
