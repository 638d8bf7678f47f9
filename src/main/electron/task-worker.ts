// The desktop executable started as `<app> task _worker ID` (by the local task host): runs that one
// background task with no window, no tray and no single-instance lock, then exits (DK3). The packaged
// app cannot run as plain Node (its fuses forbid it, DK5), so the worker is the app in this mode.
import { app } from 'electron';
import { runTaskWorker } from '../app/background/worker';
import { defaultDataDir } from '../base/data-paths';
import { createLogger } from '../base/log';

export async function runDesktopTaskWorker(id: string): Promise<void> {
  // Nothing to draw: no GPU process, no Dock icon; closing windows that never open quits nothing.
  app.disableHardwareAcceleration();
  app.dock?.hide();
  app.on('window-all-closed', () => undefined);
  // Electron quits on SIGTERM by itself: hold that quit until the task has ended its turn and saved.
  let done = false;
  const stops = new Set<() => void>();
  app.on('before-quit', (event) => {
    if (done) return;
    event.preventDefault();
    for (const stop of stops) stop();
  });
  const env = process.env;
  const log = createLogger({ level: env.AGENT_DESK_LOG ?? 'info', prefix: `agent-desk:task:${id}` });
  const code = await runTaskWorker({
    dataDir: defaultDataDir({ env }),
    id,
    env,
    log,
    onStop: (handler) => {
      stops.add(handler);
      process.on('SIGTERM', handler);
      process.on('SIGINT', handler);
      return () => {
        stops.delete(handler);
        process.off('SIGTERM', handler);
        process.off('SIGINT', handler);
      };
    },
  }).catch((err: unknown) => {
    log.error(`background task ${id}: the worker failed`, err);
    return 1;
  });
  done = true;
  app.exit(code);
}
