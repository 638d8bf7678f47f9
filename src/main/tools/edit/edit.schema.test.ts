// The JSON Schema Edit sends to the model: Claude Code's field names.
import { describe, expect, it } from 'vitest';
import { toolInputJSONSchema } from '../core/json-schema';
import { EditTool } from './edit.tool';

describe('Edit input_schema (TC1, AS5)', () => {
  it("TC1 has exactly Claude Code's fields; replace_all optional with default false", () => {
    const schema = toolInputJSONSchema(EditTool);
    expect(Object.keys(schema.properties ?? {})).toEqual(['file_path', 'old_string', 'new_string', 'replace_all']);
    expect(schema.required).toEqual(['file_path', 'old_string', 'new_string']);
  });

  it('PL2 replace_all defaults to false and accepts "true"', () => {
    const s = EditTool.inputSchema();
    expect(s.parse({ file_path: '/a', old_string: 'x', new_string: 'y' }).replace_all).toBe(false);
    expect(s.parse({ file_path: '/a', old_string: 'x', new_string: 'y', replace_all: 'true' }).replace_all).toBe(true);
    expect(s.safeParse({ file_path: '/a', old_string: 'x', new_string: 'y', extra: 1 }).success).toBe(false);
  });
});
