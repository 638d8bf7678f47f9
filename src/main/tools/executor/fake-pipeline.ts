// Test double for the executor: a RunToolUse whose calls the test finishes by hand (deferred
// promises), plus a recorder that keeps the executor's events and results in one ordered log.
import type { ToolProgress } from '../../../shared/tools/tool-call';
import type { Logger } from '../../base/log';
import { StreamingToolExecutor } from './streaming-executor';
import type { ExecutorItem, ExecutorOptions, ExecutorToolUse, RunToolUse, ToolCallOutcome } from './types';

interface Pending {
  use: ExecutorToolUse;
  signal: AbortSignal;
  onProgress: (p: ToolProgress) => void;
  upcoming: Parameters<RunToolUse>[3];
  resolve: (o: ToolCallOutcome) => void;
  reject: (e: unknown) => void;
}

/** What a fake call does when its signal aborts: settle as a well-behaved pipeline would, or hang. */
export type OnAbort = 'cancel' | 'ignore' | ((use: ExecutorToolUse, signal: AbortSignal) => ToolCallOutcome);

export class FakePipeline {
  readonly running = new Map<string, Pending>();
  onAbort: OnAbort = 'cancel';

  readonly run: RunToolUse = (use, signal, onProgress, upcoming) =>
    new Promise<ToolCallOutcome>((resolve, reject) => {
      this.running.set(use.id, { use, signal, onProgress, upcoming, resolve, reject });
      signal.addEventListener('abort', () => {
        const how = this.onAbort;
        if (how === 'ignore') return;
        if (how === 'cancel') resolve({ toolUseId: use.id, content: 'interrupted', isError: true, state: 'cancelled' });
        else resolve(how(use, signal));
      });
    });

  private get(id: string): Pending {
    const p = this.running.get(id);
    if (!p) throw new Error(`${id} was never started`);
    return p;
  }

  succeed(id: string, text = `ok ${id}`): void {
    this.get(id).resolve({ toolUseId: id, content: text, isError: false, state: 'succeeded' });
  }
  fail(id: string, text = `failed ${id}`): void {
    this.get(id).resolve({ toolUseId: id, content: text, isError: true, state: 'failed' });
  }
  reject(id: string, error: unknown): void {
    this.get(id).reject(error);
  }
  progress(id: string, text: string): void {
    this.get(id).onProgress({ type: 'output', stream: 'stdout', text });
  }
  signal(id: string): AbortSignal {
    return this.get(id).signal;
  }
}

/** Lets queued promise callbacks run; uses microtasks only, so it works under fake timers too. */
export async function drain(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

export const silentLog = (): Logger & { warnings: string[] } => {
  const warnings: string[] = [];
  return { debug() {}, info() {}, warn: (m: string) => void warnings.push(m), error() {}, warnings };
};

export function use(id: string, name: string, input: unknown = {}): ExecutorToolUse {
  return { id, name, input, messageId: 'msg1' };
}
/** A concurrency-safe call (Read). */
export const safe = (id: string) => use(id, 'Read', { file_path: `/p/${id}` });
/** A non-safe call (Edit). */
export const unsafe = (id: string) => use(id, 'Edit', { file_path: `/p/${id}` });
/** A Bash call; read-only ones are concurrency-safe, as Claude Code's Bash is. */
export const bash = (id: string, command: string, readOnly = false) => use(id, 'Bash', { command, readOnly });

/** The predicates the engine would derive from the tools: Read/Grep/Glob and read-only Bash are safe; Bash cascades. */
export const isConcurrencySafe = (u: ExecutorToolUse): boolean =>
  ['Read', 'Grep', 'Glob'].includes(u.name) || (u.name === 'Bash' && (u.input as { readOnly?: boolean }).readOnly === true);
export const abortsSiblingsOnError = (u: ExecutorToolUse): boolean => u.name === 'Bash';

export interface Harness {
  ex: StreamingToolExecutor;
  pipe: FakePipeline;
  /** `started:a`, `finished:a`, `progress:b`, `yielded:a`, `cancelled:c`, plus markers the test adds. */
  log: string[];
  items: ExecutorItem[];
  results: () => ToolCallOutcome[];
  /** Resolves when results() ends. */
  done: Promise<void>;
  turn: AbortController;
  logger: ReturnType<typeof silentLog>;
}

export function harness(over: Partial<ExecutorOptions> = {}, pipe = new FakePipeline()): Harness {
  const log: string[] = [];
  const items: ExecutorItem[] = [];
  const turn = new AbortController();
  const logger = silentLog();
  const ex = new StreamingToolExecutor({
    runToolUse: pipe.run,
    isConcurrencySafe,
    abortsSiblingsOnError,
    signal: turn.signal,
    env: {},
    log: logger,
    onEvent: (e) => log.push(`${e.type}:${e.toolUseId}`),
    ...over,
  });
  const done = (async () => {
    for await (const item of ex.results()) {
      items.push(item);
      log.push(item.kind === 'result' ? `result:${item.outcome.toolUseId}` : `got-progress:${item.toolUseId}`);
    }
  })();
  const results = () => items.flatMap((i) => (i.kind === 'result' ? [i.outcome] : []));
  return { ex, pipe, log, items, results, done, turn, logger };
}

/** Position of an entry in the log; fails loudly when it is missing so order asserts never pass vacuously. */
export function at(log: string[], entry: string): number {
  const i = log.indexOf(entry);
  if (i < 0) throw new Error(`"${entry}" not in log: ${log.join(' ')}`);
  return i;
}
