#!/usr/bin/env node
// `npm run serve -- [DIR] [--port N] [--host H] [--token T]`: the same interface in a browser.
// Builds first when out/ is missing or older than the sources, then runs `agent-desk serve`.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { appArgs, needsBuild } from './start.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Only positional arguments are folders; option values (`--port 0`) stay as typed. */
export function serveArgs(args, cwd) {
  const out = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith('-')) {
      out.push(a);
      if (!a.includes('=') && i + 1 < args.length) out.push(args[++i]);
    } else out.push(...appArgs([a], cwd));
  }
  return out;
}

function main() {
  if (needsBuild()) {
    console.log('Building Agent Desk (out/ is missing or older than src/)…');
    const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
    const r = spawnSync(npx, ['electron-vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) {
      console.error(`The build failed (exit ${r.status ?? r.signal}); fix the errors above and run npm run serve again.`);
      process.exit(1);
    }
  }
  const args = serveArgs(process.argv.slice(2), process.env.INIT_CWD || process.cwd());
  const child = spawn(process.execPath, [join(ROOT, 'out', 'main', 'cli.js'), 'serve', ...args], { stdio: 'inherit' });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
