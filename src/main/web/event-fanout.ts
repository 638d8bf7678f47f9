// Bus → sockets: every event scoped to this host's project (or to everyone) goes, validated and
// serialised once, to each open socket (or only to the one client it names); a socket that stops reading is closed rather than buffered forever.
import type { WebSocket } from 'ws';
import { eventContract, isEventChannel } from '../../shared/ipc/contract';
import { issuesOf } from '../../shared/ipc/errors';
import type { ServerFrame } from '../../shared/ipc/wire';
import type { EventBus } from '../app/ports';
import type { Logger } from '../base/log';

/** Above this much unsent data a client is considered stuck; it is closed and reconnects with fresh state. */
export const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

export function startEventFanout(opts: {
  bus: EventBus;
  projectDir: string;
  sockets: () => Iterable<WebSocket>;
  /** The client id of a socket; an event scoped to one client goes to no socket without one. */
  clientOf?: (ws: WebSocket) => string | undefined;
  log: Logger;
}): () => void {
  const { bus, projectDir, sockets, log } = opts;
  return bus.subscribe((channel, payload, scope) => {
    if (scope.projectDir !== null && scope.projectDir !== projectDir) return;
    if (!isEventChannel(channel)) {
      log.error(`web: dropped event on unknown channel ${String(channel).slice(0, 80)}`);
      return;
    }
    const parsed = eventContract[channel].safeParse(payload);
    if (!parsed.success) {
      log.error(`web: dropped invalid ${channel} event`, issuesOf(parsed.error));
      return;
    }
    let text: string;
    try {
      const frame: ServerFrame = { kind: 'event', channel, payload: parsed.data };
      text = JSON.stringify(frame);
    } catch (err) {
      log.error(`web: could not serialise a ${channel} event`, err);
      return;
    }
    for (const ws of sockets()) {
      if (ws.readyState !== ws.OPEN) continue;
      if (scope.clientId !== undefined && opts.clientOf?.(ws) !== scope.clientId) continue;
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        log.warn('web: closing a client that is not reading its events');
        ws.close(1013, 'Client too slow');
        continue;
      }
      ws.send(text, (err) => {
        if (err) log.debug(`web: event send failed: ${err.message}`);
      });
    }
  });
}
