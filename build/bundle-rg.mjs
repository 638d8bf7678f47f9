#!/usr/bin/env node
// Packaging: copies this machine's `rg` (the first on PATH) to resources/bin/rg, which electron-builder ships.
// Run it on the machine that packages, for that machine's platform: the binary is copied, not cross-built.
// Usage: node build/bundle-rg.mjs   (before `npx electron-builder --config build/electron-builder.yml`)
import { spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, copyFileSync, mkdirSync, realpathSync, statSync } from 'node:fs';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The name src/main/process/bundled-rg.ts looks for.
const name = process.platform === 'win32' ? 'rg.exe' : 'rg';

/** The first executable regular `rg` on PATH, as the user's shell would run it. */
function findRipgrep() {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, name);
    try {
      accessSync(p, constants.X_OK);
      if (statSync(p).isFile()) return p;
    } catch {
      // not here: next directory
    }
  }
  return undefined;
}

/** rg's first --version line, to say which ripgrep goes into the app. */
function version(rg) {
  const r = spawnSync(rg, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.split('\n')[0].trim() : undefined;
}

const found = findRipgrep();
if (!found) {
  console.error(
    `bundle-rg: no ${name} on PATH, so the app would ship without its own ripgrep.\n` +
      '  Install it (Debian: sudo apt-get install ripgrep; macOS: brew install ripgrep; Windows: winget install BurntSushi.ripgrep.MSVC) and run again.',
  );
  process.exit(1);
}
// A PATH entry is often a symlink (Homebrew, /usr/local/bin): ship the binary itself, not the link.
const source = realpathSync(found);
const v = version(source);
if (!v) {
  console.error(`bundle-rg: ${source} did not answer --version; it is not a working ripgrep.`);
  process.exit(1);
}
const dest = join(repo, 'resources', 'bin', name);
mkdirSync(dirname(dest), { recursive: true });
copyFileSync(source, dest);
// Read-only for others and executable: the packaged app runs it, nothing writes to it.
chmodSync(dest, 0o755);
console.log(`bundle-rg: copied ${source} (${v}) to ${relative(repo, dest)}`);
