// CLI entry (out/main/cli.js, required by bin/agent-desk.js): wires the real process into main().
import '../app/zod-jitless';
import '../app/wasm-liftoff';
import { prewarmLauncher } from '../process/warm-launch';
import { enableCodeCache } from './code-cache';
import { main } from './main';

// Before main() loads the engine's chunks, so they are compiled from the cache.
enableCodeCache(__dirname);

main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
  // Forking is cheaper before the engine's modules have grown the process (~40 MB here, not ~70).
  beforeEngine: () => prewarmLauncher(process.env),
  // bin/agent-desk.js (or the bundle itself) under this same Node: how a background task's worker starts.
  ...(process.argv[1] ? { self: { command: process.execPath, args: [process.argv[1]] } } : {}),
  onInterrupt(handler) {
    // First Ctrl-C stops the turn gracefully (partial reply kept and saved); a second one exits now.
    let pressed = false;
    const onSigint = () => {
      if (pressed) process.exit(130);
      pressed = true;
      handler();
    };
    process.on('SIGINT', onSigint);
    return () => process.off('SIGINT', onSigint);
  },
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`agent-desk: ${err instanceof Error ? err.message : String(err)}\n`);
    if (process.env.AGENT_DESK_LOG === 'debug' && err instanceof Error) process.stderr.write(`${err.stack}\n`);
    process.exitCode = 1;
  },
);
