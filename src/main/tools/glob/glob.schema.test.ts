// The JSON Schema Glob sends to the model: Claude Code's field names,
// exact and stable across turns (AS5).
import { describe, expect, it } from 'vitest';
import { toolInputJSONSchema } from '../core/json-schema';
import { GlobTool } from './glob.tool';

describe('Glob input_schema (TC1, AS5)', () => {
  it("TC1 has exactly Claude Code's fields, pattern required", () => {
    const schema = toolInputJSONSchema(GlobTool);
    expect(Object.keys(schema.properties ?? {})).toEqual(['pattern', 'path']);
    expect(schema.required).toEqual(['pattern']);
  });
});
