// The JSON Schema NotebookEdit sends to the model: Claude Code's field names.
import { describe, expect, it } from 'vitest';
import { toolInputJSONSchema } from '../core/json-schema';
import { NotebookEditTool } from './notebook-edit.tool';

describe('NotebookEdit input_schema (TC1, AS5)', () => {
  it("TC1 has exactly Claude Code's fields; notebook_path and new_source required", () => {
    const schema = toolInputJSONSchema(NotebookEditTool);
    expect(Object.keys(schema.properties ?? {})).toEqual(['notebook_path', 'cell_id', 'new_source', 'cell_type', 'edit_mode']);
    expect(schema.required).toEqual(['notebook_path', 'new_source']);
  });
});
