// bundledRipgrep: the app's own rg is used only when it is really there and runnable.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundledRipgrep } from './bundled-rg';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-bundled-rg-'));
  mkdirSync(path.join(dir, 'bin'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function put(name: string, mode: number): string {
  const file = path.join(dir, 'bin', name);
  writeFileSync(file, '#!/bin/sh\necho rg\n');
  chmodSync(file, mode);
  return file;
}

// The execute bit does not exist on Windows hosts, so the mode cases run on POSIX only.
const posix = process.platform !== 'win32';

describe('bundledRipgrep', () => {
  it.runIf(posix)('finds <resources>/bin/rg when it is an executable file', () => {
    const rg = put('rg', 0o755);
    expect(bundledRipgrep(dir, 'linux')).toBe(rg);
    expect(bundledRipgrep(dir, 'darwin')).toBe(rg);
  });

  it('is undefined without a resources folder, or with a relative one', () => {
    expect(bundledRipgrep(undefined)).toBeUndefined();
    expect(bundledRipgrep('')).toBeUndefined();
    expect(bundledRipgrep(path.join('resources'))).toBeUndefined();
  });

  it('is undefined when nothing was bundled', () => {
    expect(bundledRipgrep(dir, 'linux')).toBeUndefined();
    expect(bundledRipgrep(path.join(dir, 'no-such-folder'), 'linux')).toBeUndefined();
  });

  it.runIf(posix)('is undefined for a file without the execute bit', () => {
    put('rg', 0o644);
    expect(bundledRipgrep(dir, 'linux')).toBeUndefined();
  });

  it('is undefined for a folder named rg', () => {
    mkdirSync(path.join(dir, 'bin', 'rg'));
    expect(bundledRipgrep(dir, 'linux')).toBeUndefined();
  });

  it('on win32 it is rg.exe (no execute bit to check) and never a bare rg', () => {
    put('rg', 0o755);
    expect(bundledRipgrep(dir, 'win32')).toBeUndefined();
    const exe = put('rg.exe', 0o644);
    expect(bundledRipgrep(dir, 'win32')).toBe(exe);
  });

  it.runIf(posix)('follows a symlink to an executable file', () => {
    const real = path.join(dir, 'rg-13');
    writeFileSync(real, '#!/bin/sh\n');
    chmodSync(real, 0o755);
    symlinkSync(real, path.join(dir, 'bin', 'rg'));
    expect(bundledRipgrep(dir, 'linux')).toBe(path.join(dir, 'bin', 'rg'));
  });
});
