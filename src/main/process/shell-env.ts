// Which shell the app starts (the user's own, from the app's environment) and the environment a
// started program gets: the user's plus a session's overrides.
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * `$SHELL` when it is bash or zsh and executable, else /bin/bash (the Bash tool's wrapper scripts need one of them).
 * Callers pass the app's own environment, never a settings `env`: the shell is a program the app starts.
 */
export function resolveShell(env: Env = process.env): string {
  const candidate = env.SHELL;
  if (candidate && path.isAbsolute(candidate) && /^(bash|zsh)$/.test(path.basename(candidate))) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Fall through to bash.
    }
  }
  return '/bin/bash';
}

/** The user's environment plus the session's overrides (undefined = unset), plain strings only. */
export function buildShellEnv(overrides: Env = {}, base: Env = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined) env[k] = v;
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  // Commands must never wait for an editor nobody can see (`git commit` without -m, `git rebase -i`).
  env.GIT_EDITOR = 'true';
  env.AGENT_DESK = '1';
  return env;
}
