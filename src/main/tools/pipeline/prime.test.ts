// primeInputSchema: builds and parses a tool's schema once per tool, and a schema that throws is left
// for the call that meets it to report.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { primeInputSchema } from './prime';
import { makeTool } from './test-helpers';

describe('priming a tool while the model thinks', () => {
  it('parses once per tool, never again', () => {
    let builds = 0;
    let parses = 0;
    const schema = z.preprocess((v) => {
      parses++;
      return v;
    }, z.object({ a: z.string() }));
    const tool = makeTool({
      name: 'Primed',
      inputSchema: () => {
        builds++;
        return schema;
      },
    });
    primeInputSchema(tool);
    primeInputSchema(tool);
    expect(builds).toBe(1);
    expect(parses).toBe(1);
  });

  it('a schema that throws does not escape', () => {
    const tool = makeTool({
      name: 'Broken',
      inputSchema: () => {
        throw new Error('no schema');
      },
    });
    expect(() => primeInputSchema(tool)).not.toThrow();
  });
});
