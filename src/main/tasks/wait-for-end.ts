// Waits until a task leaves 'running', a time runs out or a signal fires — woken by the registry's
// change events, never by polling (TaskOutput's block, BA10).
import type { TaskInfo, TaskRegistry } from './registry';

export type WaitOutcome = 'ended' | 'timeout' | 'aborted';

export function waitForTaskEnd(registry: TaskRegistry, id: string, timeoutMs: number, signal?: AbortSignal): Promise<WaitOutcome> {
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    let unsubscribe = () => undefined as unknown;
    const done = (outcome: WaitOutcome) => {
      if (timer) clearTimeout(timer);
      unsubscribe();
      signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const onAbort = () => done('aborted');
    const ended = (t: TaskInfo | undefined) => !t || t.status !== 'running';
    if (ended(registry.get(id))) return resolve('ended');
    if (signal?.aborted) return resolve('aborted');
    unsubscribe = registry.subscribe((t) => {
      if (t.id === id && ended(t)) done('ended');
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    timer = setTimeout(() => done('timeout'), timeoutMs);
  });
}
