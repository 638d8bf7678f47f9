// A feature-gated tool (AS1) that exists to prove compile-time gating: with __FEATURE_EXAMPLE__ off its
// code, marker string included, must be absent from the built bundle (test/bundle-gates.test.ts).
import { z } from 'zod';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';

/** Searched for in the built bundle; keep it unique and literal. */
export const GATED_EXAMPLE_MARKER = 'GATED_EXAMPLE_TOOL_MARKER_7f3a';

export const GatedExampleTool = buildTool<{ text: string }, { echoed: string }>({
  name: 'GatedExample',
  maxResultSizeChars: 1_000,
  shouldDefer: true,
  searchHint: 'example gated echo',
  inputSchema: lazySchema(() => z.strictObject({ text: z.string() })),
  description: () => 'Echo a text (feature-gated example)',
  prompt: () => `Echoes its input. Present only in builds with the EXAMPLE feature (${GATED_EXAMPLE_MARKER}).`,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async call(input) {
    return { data: { echoed: input.text } };
  },
  mapResult: (output) => ({ content: output.echoed }),
});
