// Collects streamed text per message and hands it over at most once per animation frame,
// so a fast stream of text_delta events costs one store update (one render) per frame, not one per delta.

export type Schedule = (run: () => void) => () => void;

/** requestAnimationFrame where there is a screen; a 16 ms timer elsewhere (tests, background). */
export const frameSchedule: Schedule = (run) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(run);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(run, 16);
  return () => clearTimeout(id);
};

export interface FrameBatch {
  add(key: string, text: string): void;
  /** Hand over everything pending now (before an event that must see the text in order). */
  flush(): void;
  /** Forget pending text of one key (its draft was replaced or voided). */
  drop(key: string): void;
  clear(): void;
}

export function createFrameBatch(deliver: (pending: Map<string, string>) => void, schedule: Schedule = frameSchedule): FrameBatch {
  let pending = new Map<string, string>();
  let cancel: (() => void) | null = null;

  const flush = (): void => {
    cancel?.();
    cancel = null;
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    deliver(batch);
  };

  return {
    add(key, text) {
      pending.set(key, (pending.get(key) ?? '') + text);
      cancel ??= schedule(flush);
    },
    flush,
    drop(key) {
      pending.delete(key);
    },
    clear() {
      cancel?.();
      cancel = null;
      pending = new Map();
    },
  };
}
