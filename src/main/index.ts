// Electron entry: hands over to the desktop composition root.
import './app/zod-jitless';
import './app/wasm-liftoff';
import { enableCodeCache } from './cli/code-cache';

// The code cache (and zod's settings) apply to what loads after them: the app loads here, not above.
enableCodeCache(__dirname);
import('./electron/app').then(
  (app) => app.startDesktop(),
  (err: unknown) => {
    process.stderr.write(`agent-desk: could not load the app: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
