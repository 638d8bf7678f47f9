// Test helpers: a minimal tool and a ToolUseContext, so tests of the pool, lookup and ToolSearch
// don't repeat boilerplate. Not used by production code.
import { z } from 'zod';
import { buildTool } from './build-tool';
import { lazySchema } from './lazy-schema';
import type { AnyTool, ToolDef, ToolUseContext } from './tool';

type FakeInput = { value?: string };

type FakeOverrides = Partial<Omit<ToolDef<FakeInput, string>, 'inputSchema'>> & { inputSchema?: () => z.ZodType };

/** A tool named `name` with an `{ value?: string }` input; `overrides` replace any field (any schema). */
export function fakeTool(name: string, overrides: FakeOverrides = {}): AnyTool {
  const { inputSchema, ...rest } = overrides;
  return buildTool<FakeInput, string>({
    name,
    maxResultSizeChars: 50_000,
    inputSchema: (inputSchema ?? lazySchema(() => z.strictObject({ value: z.string().optional() }))) as () => z.ZodType<FakeInput>,
    description: () => `${name} description`,
    prompt: () => `The ${name} tool.`,
    call: async (input) => ({ data: input.value ?? '' }),
    mapResult: (output) => ({ content: output }),
    ...rest,
  });
}

const silent = { debug() {}, info() {}, warn() {}, error() {} };

export function fakeToolUseContext(overrides: Partial<ToolUseContext> = {}): ToolUseContext {
  return {
    sessionId: 'session-test',
    projectDir: '/project',
    workingDirectories: ['/project'],
    state: { cwd: '/project' },
    abortSignal: new AbortController().signal,
    toolResultsDir: '/tmp/tool-results',
    env: {},
    log: silent,
    tools: [],
    ...overrides,
  };
}
