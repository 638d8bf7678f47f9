// A synchronous in-process event bus: the engine publishes, hosts route events to their clients.
import type { EventBus, EventListener } from './ports';

export function createEventBus(onListenerError?: (err: unknown) => void): EventBus {
  const listeners = new Set<EventListener>();
  return {
    publish(channel, payload, scope) {
      for (const l of listeners) {
        try {
          l(channel, payload, scope);
        } catch (err) {
          onListenerError?.(err);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
