// Priming while the model thinks: a tool's first input parse compiles zod's fast path (`new Function`)
// and runs the parser cold; doing it once during a warm-up keeps that off the first real call.
import type { AnyTool } from '../core/tool';

const primed = new WeakSet<AnyTool>();

/** Builds the tool's input schema and parses a sample once per tool; never throws. */
export function primeInputSchema(tool: AnyTool): void {
  if (primed.has(tool)) return;
  primed.add(tool);
  try {
    // The answer does not matter (an empty object is usually invalid): the parse compiles the schema.
    tool.inputSchema().safeParse({});
  } catch {
    // A schema that throws is reported by the call that meets it.
  }
}
