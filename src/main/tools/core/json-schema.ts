// The `input_schema` a tool sends to the API: MCP tools' own JSON Schema, or the zod schema converted
// once per tool (zod 4 `toJSONSchema`, input side) and cleaned for the Messages API.
import { z } from 'zod';
import type { ToolDef, ToolInputJSONSchema } from './tool';

type SchemaSource = Pick<ToolDef, 'name' | 'inputSchema' | 'inputJSONSchema'>;

const cache = new WeakMap<object, ToolInputJSONSchema>();

/** Memoized per tool object: the bytes stay identical across turns (AS5). */
export function toolInputJSONSchema(tool: SchemaSource): ToolInputJSONSchema {
  const hit = cache.get(tool);
  if (hit) return hit;
  const schema = tool.inputJSONSchema ?? zodToInputJSONSchema(tool.name, tool.inputSchema());
  cache.set(tool, schema);
  return schema;
}

/** Converts a tool's zod input schema; the input side, so defaulted fields are optional. */
export function zodToInputJSONSchema(toolName: string, schema: z.ZodType): ToolInputJSONSchema {
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  } catch (err) {
    throw new TypeError(`${toolName}: input schema cannot be expressed as JSON Schema: ${(err as Error).message}`);
  }
  delete json.$schema;
  if (json.type !== 'object') {
    throw new TypeError(`${toolName}: input schema must be an object (got ${JSON.stringify(json.type)})`);
  }
  return dropSafeIntegerBounds(json) as ToolInputJSONSchema;
}

// zod's `.int()` adds ±Number.MAX_SAFE_INTEGER bounds: noise the model pays tokens for.
function dropSafeIntegerBounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(dropSafeIntegerBounds);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'maximum' && v === Number.MAX_SAFE_INTEGER) continue;
    if (k === 'minimum' && v === Number.MIN_SAFE_INTEGER) continue;
    out[k] = dropSafeIntegerBounds(v);
  }
  return out;
}
