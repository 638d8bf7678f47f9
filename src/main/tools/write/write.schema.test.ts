// The JSON Schema Write sends to the model: Claude Code's field names.
import { describe, expect, it } from 'vitest';
import { toolInputJSONSchema } from '../core/json-schema';
import { WriteTool } from './write.tool';

describe('Write input_schema (TC1, AS5)', () => {
  it("TC1 has exactly Claude Code's fields (file_path, content), both required", () => {
    const schema = toolInputJSONSchema(WriteTool);
    expect(Object.keys(schema.properties ?? {})).toEqual(['file_path', 'content']);
    expect(schema.required).toEqual(['file_path', 'content']);
  });
});
