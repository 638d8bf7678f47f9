// The API input_schema of a tool: zod → JSON Schema (input side, cleaned), MCP passthrough, memoized.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolInputJSONSchema, zodToInputJSONSchema } from './json-schema';
import { fakeTool } from './test-tools';
import type { ToolInputJSONSchema } from './tool';

describe('toolInputJSONSchema', () => {
  it('converts the zod schema: type object, no $schema, defaulted fields optional', () => {
    const tool = fakeTool('Conv', {
      inputSchema: () =>
        z.strictObject({
          file_path: z.string().describe('Absolute path'),
          limit: z.number().int().optional().default(10),
        }),
    });
    const schema = toolInputJSONSchema(tool);
    expect(schema).toEqual({
      type: 'object',
      properties: {
        file_path: { type: 'string', description: 'Absolute path' },
        limit: { type: 'integer', default: 10 },
      },
      required: ['file_path'],
      additionalProperties: false,
    });
    expect(schema).not.toHaveProperty('$schema');
  });

  it('keeps real integer bounds, drops only the ±MAX_SAFE_INTEGER noise of .int()', () => {
    const schema = zodToInputJSONSchema('Bounds', z.object({ n: z.number().int().min(1).max(600_000) }));
    expect(schema.properties).toEqual({ n: { type: 'integer', minimum: 1, maximum: 600_000 } });
  });

  it('MC: uses an MCP tool’s own JSON Schema as is, never calling its zod schema', () => {
    const json: ToolInputJSONSchema = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };
    let zodCalls = 0;
    const tool = fakeTool('mcp__srv__search', {
      inputJSONSchema: json,
      inputSchema: () => {
        zodCalls++;
        return z.object({});
      },
    });
    expect(toolInputJSONSchema(tool)).toBe(json);
    expect(zodCalls).toBe(0);
  });

  it('AS5 memoizes per tool: the same object on every turn, the factory run once', () => {
    let builds = 0;
    const tool = fakeTool('Memo', {
      inputSchema: () => {
        builds++;
        return z.object({ a: z.string() });
      },
    });
    const first = toolInputJSONSchema(tool);
    expect(toolInputJSONSchema(tool)).toBe(first);
    expect(builds).toBe(1);
    // Two tools never share a cache entry.
    expect(toolInputJSONSchema(fakeTool('Other'))).not.toBe(first);
  });

  it('rejects a non-object root with a clear message naming the tool', () => {
    expect(() => zodToInputJSONSchema('Weird', z.string())).toThrow(/Weird: input schema must be an object/);
  });

  it('rejects an unrepresentable schema with a clear message naming the tool', () => {
    expect(() => zodToInputJSONSchema('Dated', z.object({ when: z.date() }))).toThrow(/Dated: input schema cannot be expressed/);
  });
});
