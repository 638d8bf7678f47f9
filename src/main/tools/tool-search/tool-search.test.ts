// The ToolSearch tool (AS4): flags, the JSON Schema sent to the model (snapshot), input coercion,
// loading matched deferred tools into the session, and the result text.
import { describe, expect, it } from 'vitest';
import { buildToolsParam } from '../core/tools-param';
import { createDeferredToolState } from '../core/deferred';
import { toolInputJSONSchema } from '../core/json-schema';
import { fakeTool, fakeToolUseContext } from '../core/test-tools';
import type { AnyTool } from '../core/tool';
import { ToolSearchTool } from './tool-search.tool';

const pool: AnyTool[] = [
  fakeTool('Bash'),
  fakeTool('NotebookEdit', { shouldDefer: true, searchHint: 'jupyter notebook ipynb cell' }),
  ToolSearchTool,
  fakeTool('mcp__slack__send_message', { shouldDefer: true, isMcp: true }),
];
const canUseTool = async () => ({ behavior: 'allow' as const });

async function run(query: string, max_results = 5) {
  const deferredTools = createDeferredToolState();
  const ctx = fakeToolUseContext({ tools: pool, deferredTools });
  const { data } = await ToolSearchTool.call({ query, max_results }, ctx, canUseTool, 'msg-1', () => {});
  return { data, deferredTools };
}

describe('ToolSearch tool (AS4)', () => {
  it('AS4 is read-only and concurrency-safe, named ToolSearch, never deferred itself', () => {
    const input = { query: 'x', max_results: 5 };
    expect(ToolSearchTool.name).toBe('ToolSearch');
    expect(ToolSearchTool.isReadOnly(input)).toBe(true);
    expect(ToolSearchTool.isConcurrencySafe(input)).toBe(true);
    expect(ToolSearchTool.isDestructive(input)).toBe(false);
    expect(ToolSearchTool.shouldDefer).toBeUndefined();
  });

  it('the prompt.md text is its model-facing prompt', () => {
    expect(ToolSearchTool.prompt()).toMatch(/^Finds and loads deferred tools/);
    expect(ToolSearchTool.prompt()).toContain('select:Read,Edit,Grep');
  });

  it('TC1 the JSON Schema sent to the model (snapshot)', () => {
    // The exact bytes (key order included): they are part of the prompt-cache key (AS5).
    expect(JSON.stringify(toolInputJSONSchema(ToolSearchTool), null, 2)).toMatchInlineSnapshot(`
      "{
        "type": "object",
        "properties": {
          "query": {
            "type": "string",
            "description": "Query to find deferred tools. Use \\"select:<tool_name>[,<tool_name>…]\\" for direct selection, or keywords to search."
          },
          "max_results": {
            "description": "Maximum number of results to return (default: 5)",
            "default": 5,
            "type": "integer",
            "minimum": 1
          }
        },
        "required": [
          "query"
        ],
        "additionalProperties": false
      }"
    `);
  });

  it('PL2 input: max_results defaults to 5, "7" is coerced, junk is rejected', () => {
    const schema = ToolSearchTool.inputSchema();
    expect(schema.parse({ query: 'x' })).toEqual({ query: 'x', max_results: 5 });
    expect(schema.parse({ query: 'x', max_results: '7' })).toEqual({ query: 'x', max_results: 7 });
    expect(schema.safeParse({ query: 'x', max_results: 'many' }).success).toBe(false);
    expect(schema.safeParse({ query: 'x', max_results: 0 }).success).toBe(false);
    expect(schema.safeParse({ max_results: 3 }).success).toBe(false);
    expect(schema.safeParse({ query: 'x', extra: 1 }).success).toBe(false);
  });

  it('AS4 select: loads the deferred tools into the session and returns their names', async () => {
    const { data, deferredTools } = await run('select:NotebookEdit,mcp__slack__send_message');
    expect(data).toEqual({ matches: ['NotebookEdit', 'mcp__slack__send_message'], query: 'select:NotebookEdit,mcp__slack__send_message', total_deferred_tools: 2 });
    expect([...deferredTools.loaded]).toEqual(['NotebookEdit', 'mcp__slack__send_message']);
  });

  it('AS4 a non-deferred tool named in select: is reported but not "loaded"', async () => {
    const { data, deferredTools } = await run('select:Bash,Nope');
    expect(data.matches).toEqual(['Bash']);
    expect(data.not_found).toEqual(['Nope']);
    expect(deferredTools.loaded.size).toBe(0);
  });

  it('AS4 keyword search loads the best matches', async () => {
    const { data, deferredTools } = await run('jupyter');
    expect(data.matches).toEqual(['NotebookEdit']);
    expect(deferredTools.isLoaded('NotebookEdit')).toBe(true);
  });

  it('AS4 ToolSearch never finds itself', async () => {
    expect((await run('select:ToolSearch')).data.matches).toEqual([]);
    expect((await run('deferred tools search')).data.matches).not.toContain('ToolSearch');
  });

  it('AS4 after a search the next request carries the loaded tool’s full definition', async () => {
    const { deferredTools } = await run('+slack send');
    const names = buildToolsParam(pool, deferredTools.loaded).tools.map((t) => t.name);
    expect(names).toEqual(['Bash', 'ToolSearch', 'mcp__slack__send_message']);
  });

  it('AS4 without deferred-tool state it still answers and logs a warning', async () => {
    const warnings: string[] = [];
    const log = { debug() {}, info() {}, error() {}, warn: (m: string) => warnings.push(m) };
    const ctx = fakeToolUseContext({ tools: pool, log });
    const { data } = await ToolSearchTool.call({ query: 'select:NotebookEdit', max_results: 5 }, ctx, canUseTool, 'm', () => {});
    expect(data.matches).toEqual(['NotebookEdit']);
    expect(warnings).toHaveLength(1);
  });

  it('AS4 result text: names when found, a clear line when not', () => {
    expect(ToolSearchTool.mapResult({ matches: ['A', 'B'], query: 'q', total_deferred_tools: 3 }, 'tu1')).toEqual({
      content: 'Loaded 2 tools: A, B. Their full definitions are in your tool list from now on; call them directly.',
    });
    expect(ToolSearchTool.mapResult({ matches: [], query: 'q', total_deferred_tools: 3 }, 'tu1')).toEqual({ content: 'No matching deferred tools found' });
    expect(ToolSearchTool.mapResult({ matches: [], query: 'select:X', total_deferred_tools: 3, not_found: ['X'] }, 'tu1').content).toBe(
      'No matching deferred tools found\nNo tool is named: X',
    );
  });

  it('summarize shows the query', () => {
    expect(ToolSearchTool.summarize({ query: 'select:Read' })).toBe('select:Read');
  });
});
