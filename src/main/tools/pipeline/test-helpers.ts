// Test doubles for the pipeline's stage tests: sample tools built with the real buildTool, a tool
// context, an in-memory persister, recording hooks/classifier/prompter, and PipelineDeps wired from them.
import { z } from 'zod';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import type { Logger } from '../../base/log';
import { createSessionRules } from '../../permissions/session-rules';
import type { PermissionMode, PermissionRequest, PromptAnswer, Prompter, RuleSet } from '../../permissions/types';
import { EMPTY_RULES } from '../../permissions/types';
import { buildTool } from '../core/build-tool';
import type { AnyTool, ToolDef, ToolUseContext } from '../core/tool';
import type { ExecutorToolUse } from '../executor/types';
import { NO_HOOKS, NULL_CLASSIFIER, type HookRunner, type PipelineDeps, type ResultPersister, type SafetyClassifier } from './deps';
import { createPermissionDecider } from '../../permissions/decider';

export const silentLog = (): Logger & { warnings: string[] } => {
  const warnings: string[] = [];
  return { debug() {}, info() {}, warn: (m: string) => void warnings.push(m), error() {}, warnings };
};

/** A tool from a partial def: schema `{ text: string }`, echoing the text back. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function makeTool(overrides: Partial<ToolDef<any, any>> & { name: string }): AnyTool {
  return buildTool({
    maxResultSizeChars: 50_000,
    inputSchema: () => z.object({ text: z.string() }),
    description: () => 'sample tool',
    prompt: () => 'sample tool',
    call: async (input: { text: string }) => ({ data: input.text }),
    mapResult: (output: unknown) => ({ content: String(output) }),
    ...overrides,
  });
}

/** A stand-in for Bash: schema `{ command, timeout? }`, never auto-allowed (asks), output = command. */
export function makeBashLike(overrides: Partial<ToolDef<{ command: string; timeout?: number }, string>> = {}): AnyTool {
  return buildTool<{ command: string; timeout?: number }, string>({
    name: 'Bash',
    kind: 'exec',
    abortsSiblingsOnFailure: true,
    maxResultSizeChars: 100_000,
    inputSchema: () => z.object({ command: z.string(), timeout: z.coerce.number().optional() }),
    description: () => 'run a command',
    prompt: () => 'run a command',
    checkPermissions: () => ({ behavior: 'passthrough' }),
    toAutoClassifierInput: (i) => i.command,
    call: async (i) => ({ data: `ran ${i.command}` }),
    mapResult: (o) => ({ content: o }),
    ...overrides,
  });
}

export function makeCtx(tools: readonly AnyTool[], overrides: Partial<ToolUseContext> = {}): ToolUseContext {
  return {
    sessionId: 's1',
    projectDir: '/project',
    workingDirectories: ['/project'],
    state: { cwd: '/project' },
    abortSignal: new AbortController().signal,
    toolResultsDir: '/sessions/s1/tool-results',
    env: {},
    log: silentLog(),
    tools,
    ...overrides,
  };
}

export function memoryPersister(): ResultPersister & { files: Map<string, string>; order: string[] } {
  const files = new Map<string, string>();
  const order: string[] = [];
  return {
    files,
    order,
    async save(path, text) {
      order.push(path);
      files.set(path, text);
    },
  };
}

/** A prompter that answers from a script and records each request. */
export function scriptedPrompter(answers: PromptAnswer[] | ((req: PermissionRequest) => PromptAnswer)): Prompter & { requests: PermissionRequest[] } {
  const requests: PermissionRequest[] = [];
  return {
    requests,
    async prompt(req) {
      requests.push(req);
      if (typeof answers === 'function') return answers(req);
      const next = answers.shift();
      if (!next) throw new Error('the test prompter ran out of answers');
      return next;
    },
  };
}

export interface Harness {
  deps: PipelineDeps;
  views: ToolCallView[];
  ctx: ToolUseContext;
  persister: ReturnType<typeof memoryPersister>;
  sessionRules: ReturnType<typeof createSessionRules>;
  setMode(mode: PermissionMode): void;
}

export function harness(opts: {
  tools: AnyTool[];
  rules?: RuleSet;
  mode?: PermissionMode;
  hooks?: HookRunner;
  classifier?: SafetyClassifier;
  prompter?: Prompter;
  ctx?: Partial<ToolUseContext>;
}): Harness {
  let mode: PermissionMode = opts.mode ?? 'default';
  const views: ToolCallView[] = [];
  const persister = memoryPersister();
  const sessionRules = createSessionRules();
  const ctx = makeCtx(opts.tools, opts.ctx);
  let n = 0;
  let t = 1000;
  const deps: PipelineDeps = {
    context: () => ctx,
    hooks: opts.hooks ?? NO_HOOKS,
    classifier: opts.classifier ?? NULL_CLASSIFIER,
    permissions: createPermissionDecider({ mode: () => mode, rules: () => opts.rules ?? EMPTY_RULES, sessionRules }),
    prompter: opts.prompter ?? scriptedPrompter([]),
    persister,
    clock: () => t++,
    newId: () => `req${++n}`,
    publish: (v) => void views.push(structuredClone(v)),
  };
  return { deps, views, ctx, persister, sessionRules, setMode: (m) => (mode = m) };
}

export function toolUse(id: string, name: string, input: unknown): ExecutorToolUse {
  return { id, name, input, messageId: 'msg1' };
}

/** A promise the test settles by hand. */
export function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets queued promise callbacks run (microtasks only). */
export async function drain(): Promise<void> {
  for (let i = 0; i < 30; i++) await Promise.resolve();
}
