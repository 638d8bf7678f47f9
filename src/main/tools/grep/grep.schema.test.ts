// The JSON Schema Grep sends to the model: Claude Code's field names and
// order exactly, stable across turns (AS5).
import { describe, expect, it } from 'vitest';
import { toolInputJSONSchema } from '../core/json-schema';
import { GrepTool } from './grep.tool';

describe('Grep input_schema (TC1, AS5)', () => {
  it("TC1 has exactly Claude Code's fields, pattern required", () => {
    const schema = toolInputJSONSchema(GrepTool);
    expect(Object.keys(schema.properties ?? {})).toEqual(['pattern', 'path', 'glob', 'output_mode', '-B', '-A', '-C', '-n', '-i', 'type', 'head_limit', 'offset', 'multiline']);
    expect(schema.required).toEqual(['pattern']);
    expect(schema.additionalProperties).toBe(false);
  });

  it('AS5 the schema object is the same on every turn', () => {
    expect(toolInputJSONSchema(GrepTool)).toBe(toolInputJSONSchema(GrepTool));
  });
});
