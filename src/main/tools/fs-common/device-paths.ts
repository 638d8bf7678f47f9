// TL1: device and pseudo files a read would never finish on (endless data) or block on (terminal,
// stdin), refused by name before anything opens them. Other non-regular files are refused after stat.
import path from 'node:path';

const BLOCKED_DEVICE_PATHS = new Set([
  '/dev/zero',
  '/dev/random',
  '/dev/urandom',
  '/dev/full',
  '/dev/stdin',
  '/dev/stdout',
  '/dev/stderr',
  '/dev/tty',
  '/dev/console',
  '/dev/ptmx',
  '/dev/kmsg',
  '/proc/kmsg',
  '/dev/fd/0',
  '/dev/fd/1',
  '/dev/fd/2',
]);

/** /proc/self/fd/0-2, /proc/<pid>/fd/0-2, /proc/thread-self/fd/0-2: the process's own stdio. */
const PROC_STDIO = /^\/proc\/(?:self|thread-self|\d+)\/fd\/[012]$/;

export function isBlockedDevicePath(p: string): boolean {
  const norm = path.posix.normalize(p.replace(/\\/g, '/'));
  return BLOCKED_DEVICE_PATHS.has(norm) || PROC_STDIO.test(norm) || /^\/dev\/tty[^/]*$/.test(norm) || /^\/dev\/pts\//.test(norm);
}
