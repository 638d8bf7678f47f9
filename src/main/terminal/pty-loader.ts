// Loads node-pty the first time a terminal opens, never at start-up (start-up time is benchmarked);
// where its native part cannot load, the answer is a sentence a person can read.
import { createRequire } from 'node:module';
import type * as NodePty from 'node-pty';

export type PtyModule = Pick<typeof NodePty, 'spawn'>;

export class TerminalUnavailable extends Error {
  constructor(reason: string) {
    super(`The terminal is not available on this computer: ${reason}`);
    this.name = 'TerminalUnavailable';
  }
}

export type PtyLoader = () => Promise<PtyModule>;

/**
 * require, not import(): the CLI's bundle runs through a V8 code cache (cli/code-cache.ts), and a
 * script loaded from that cache has lost its dynamic-import callback ("A dynamic import callback was
 * not specified"); node-pty is CommonJS anyway.
 */
const requirePty = async (): Promise<PtyModule> => createRequire(__filename)('node-pty') as PtyModule;

/** One load per process; a failure is remembered too (the native module will not appear later). */
export function createPtyLoader(load: () => Promise<PtyModule> = requirePty): PtyLoader {
  let loading: Promise<PtyModule> | null = null;
  return () => {
    loading ??= load().then(
      (mod) => {
        const spawn = (mod as { spawn?: unknown }).spawn ?? (mod as { default?: { spawn?: unknown } }).default?.spawn;
        if (typeof spawn !== 'function') throw new TerminalUnavailable('its part for this system is missing.');
        return { spawn: spawn as PtyModule['spawn'] };
      },
      (err: unknown) => {
        throw new TerminalUnavailable(err instanceof Error ? err.message.split('\n')[0]! : String(err));
      },
    );
    return loading;
  };
}
