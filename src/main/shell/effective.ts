// The command rules should be matched against: safe env prefixes stripped (BA4) and wrappers seen
// through, with what was learnt on the way (elevation, shell code, appended arguments, unsafe env).
import { stripSafeEnv } from './env-prefix';
import type { SimpleCommand } from './types';
import { unwrap } from './wrappers';

export interface EffectiveCommand {
  /** `sudo GOOS=linux nice go build` → `go build`; `FOO=1 npm test` stays whole (FOO is not a safe prefix). */
  command: SimpleCommand;
  /** Assignments, outside or inside wrappers (`env PATH=x …`), that steer what runs: always ask. */
  unsafeEnv: string[];
  /** Assignments left in `command` (not stripped because one of them was not safe). */
  keptEnv: string[];
  wrappers: string[];
  elevated: boolean;
  appendsArgs: boolean;
  runsShellCode: boolean;
  /** The program as written, before `/usr/bin/git` → `git`. */
  written: string;
  /** Unwrapping stopped at a wrapper it could not see through: ask. */
  opaque?: string;
}

export function effectiveCommand(cmd: SimpleCommand): EffectiveCommand {
  const outer = stripSafeEnv(cmd);
  const u = unwrap(outer.command);
  // A wrapper's own assignments (`env A=1 …`, `sudo A=1 …`) join the command's: strip them again.
  const inner = u.wrappers.length > 0 ? stripSafeEnv(u.command) : { command: u.command, unsafe: [], kept: outer.kept };
  return {
    command: inner.command,
    unsafeEnv: [...new Set([...outer.unsafe, ...inner.unsafe])],
    keptEnv: inner.kept,
    wrappers: u.wrappers,
    elevated: u.elevated,
    appendsArgs: u.appendsArgs,
    runsShellCode: u.runsShellCode,
    written: u.written,
    ...(u.opaque !== undefined ? { opaque: u.opaque } : {}),
  };
}
