// Electron entry: hands over to the desktop composition root, or, started as `<app> task _worker ID` by
// the tray's task host, runs that background task with no window (electron/task-worker.ts).
import './app/zod-jitless';
import './app/wasm-liftoff';
import { enableCodeCache } from './cli/code-cache';
import { taskWorkerArg } from './electron/argv';

// The code cache (and zod's settings) apply to what loads after them: the app loads here, not above.
enableCodeCache(__dirname);
const workerId = taskWorkerArg(process.argv, { defaultApp: Boolean(process.defaultApp) });
(workerId ? import('./electron/task-worker').then((w) => w.runDesktopTaskWorker(workerId)) : import('./electron/app').then((app) => app.startDesktop())).then(
  () => undefined,
  (err: unknown) => {
    process.stderr.write(`agent-desk: could not load the app: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
