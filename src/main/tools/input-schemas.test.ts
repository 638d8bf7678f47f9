// The generated input_schema of every built-in tool (input-schemas.json, sent as each tool's
// input_schema without converting zod at start-up) is exactly what its zod schema converts to; with
// UPDATE_TOOL_SCHEMAS=1 this test writes the file instead (after a tool's schema changed or a tool
// was added), and the schema snapshot shows the change for review.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { zodToInputJSONSchema } from './core/json-schema';
import { getAllBaseTools } from './builtin';
import { toApiTool } from './core/tools-param';

const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'input-schemas.json');

describe('generated input schemas (TC1, AS5; issue 11 item 9)', () => {
  const converted = Object.fromEntries(getAllBaseTools().map((t) => [t.name, zodToInputJSONSchema(t.name, t.inputSchema())]));

  it('input-schemas.json holds every built-in tool, as its zod schema converts (UPDATE_TOOL_SCHEMAS=1 rewrites it)', () => {
    if (process.env.UPDATE_TOOL_SCHEMAS === '1') writeFileSync(FILE, `${JSON.stringify(converted, null, 2)}\n`);
    const generated = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>;
    expect(generated, 'input-schemas.json is out of date: run UPDATE_TOOL_SCHEMAS=1 npx vitest run src/main/tools/input-schemas.test.ts').toEqual(converted);
  });

  it('the registry sends the generated schema, byte for byte what the conversion gives', () => {
    for (const tool of getAllBaseTools()) {
      expect(tool.inputJSONSchema, tool.name).toBeDefined();
      expect(JSON.stringify(toApiTool(tool).input_schema), tool.name).toBe(JSON.stringify(converted[tool.name]));
    }
  });
});
