// The environment a terminal's shell gets: the app's own (never a settings file's `env`), told it runs in a colour terminal.
type Env = Readonly<Record<string, string | undefined>>;

/** Variables that belong to the app itself and would confuse, or leak into, programs the person starts. */
const APP_ONLY = ['ELECTRON_RUN_AS_NODE', 'ELECTRON_NO_ATTACH_CONSOLE', 'AGENT_DESK_TOKEN'];

export function terminalEnv(appEnv: Env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(appEnv)) if (v !== undefined && !APP_ONLY.includes(k)) env[k] = v;
  env.TERM = 'xterm-256color';
  env.COLORTERM = 'truecolor';
  return env;
}
