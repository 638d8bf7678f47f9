// `${VAR}` and `${VAR:-default}` in an MCP server's command, args, env, url and headers, as Claude
// Code expands them; a variable that is unset and has no default is reported, not silently emptied.

type Env = Readonly<Record<string, string | undefined>>;

const REFERENCE = /\$\{([^}:]+)(?::-([^}]*))?\}/g;

export interface Expanded {
  value: string;
  /** Variables referenced without a default that the environment does not set. */
  missing: string[];
}

export function expandEnv(text: string, env: Env): Expanded {
  const missing: string[] = [];
  const value = text.replace(REFERENCE, (_whole, name: string, fallback: string | undefined) => {
    const set = env[name];
    if (set !== undefined) return set;
    if (fallback !== undefined) return fallback;
    missing.push(name);
    return '';
  });
  return { value, missing };
}
