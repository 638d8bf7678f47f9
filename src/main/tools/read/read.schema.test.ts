// The JSON Schema Read sends to the model: Claude Code's field names.
import { describe, expect, it } from 'vitest';
import { toolInputJSONSchema } from '../core/json-schema';
import { ReadTool } from './read.tool';

describe('Read input_schema (TC1, AS5)', () => {
  it("TC1 has exactly Claude Code's fields (file_path, offset, limit, pages), file_path required", () => {
    const schema = toolInputJSONSchema(ReadTool);
    expect(Object.keys(schema.properties ?? {})).toEqual(['file_path', 'offset', 'limit', 'pages']);
    expect(schema.required).toEqual(['file_path']);
  });
});
