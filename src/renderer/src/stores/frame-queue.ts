// Collects items (tool progress) and hands them over at most once per animation frame, in arrival
// order, so fast output costs one store update per frame instead of one per chunk.
import { frameSchedule, type Schedule } from './frame-batch';

export interface FrameQueue<T> {
  add(item: T): void;
  /** Hand over everything pending now (before an event that must see it in order). */
  flush(): void;
  /** Forget everything pending. */
  clear(): void;
}

export function createFrameQueue<T>(deliver: (items: T[]) => void, schedule: Schedule = frameSchedule): FrameQueue<T> {
  let pending: T[] = [];
  let cancel: (() => void) | null = null;

  const flush = (): void => {
    cancel?.();
    cancel = null;
    if (pending.length === 0) return;
    const items = pending;
    pending = [];
    deliver(items);
  };

  return {
    add(item) {
      pending.push(item);
      cancel ??= schedule(flush);
    },
    flush,
    clear() {
      cancel?.();
      cancel = null;
      pending = [];
    },
  };
}
