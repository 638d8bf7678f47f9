// The JSON Schema Bash sends to the model: Claude Code's field names,
// exact and stable across turns (AS5).
import { describe, expect, it } from 'vitest';
import { toolInputJSONSchema } from '../core/json-schema';
import { BashTool } from './bash.tool';

describe('Bash input_schema (TC1, AS5)', () => {
  it("TC1 has exactly Claude Code's fields, command required, timeout capped at 10 minutes", () => {
    const schema = toolInputJSONSchema(BashTool);
    expect(Object.keys(schema.properties ?? {})).toEqual(['command', 'timeout', 'description', 'run_in_background', 'dangerouslyDisableSandbox']);
    expect(schema.required).toEqual(['command']);
  });
});
