// The command rules should be matched against: safe env prefixes stripped (BA4) and wrappers seen
// through, with what was learnt on the way (elevation, shell code, appended arguments, unsafe env).
import { stripSafeEnv } from './env-prefix';
import type { SimpleCommand } from './types';
import { unwrap, type Unwrapped } from './wrappers';

/** What `unwrap` says, with the command's env prefixes stripped too (outside and inside the wrappers). */
export interface EffectiveCommand extends Unwrapped {
  /** `sudo GOOS=linux nice go build` → `go build`; `FOO=1 npm test` stays whole (FOO is not a safe prefix). */
  command: SimpleCommand;
  /** Assignments, outside or inside wrappers (`env PATH=x …`), that steer what runs: always ask. */
  unsafeEnv: string[];
  /** Assignments left in `command` (not stripped because one of them was not safe). */
  keptEnv: string[];
}

export function effectiveCommand(cmd: SimpleCommand): EffectiveCommand {
  const outer = stripSafeEnv(cmd);
  const u = unwrap(outer.command);
  // A wrapper's own assignments (`env A=1 …`, `sudo A=1 …`) join the command's: strip them again.
  const inner = u.wrappers.length > 0 ? stripSafeEnv(u.command) : { command: u.command, unsafe: [], kept: outer.kept };
  return { ...u, command: inner.command, unsafeEnv: [...new Set([...outer.unsafe, ...inner.unsafe])], keptEnv: inner.kept };
}
