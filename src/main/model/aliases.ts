// Claude Code's model aliases (sonnet, opus, haiku) and the model each stands for: the environment's
// choice (ANTHROPIC_DEFAULT_SONNET_MODEL …), else a current one. Shared by the Agent tool's model and
// Config's model setting.
export const MODEL_ALIASES: Readonly<Record<string, { env: string; fallback: string }>> = {
  sonnet: { env: 'ANTHROPIC_DEFAULT_SONNET_MODEL', fallback: 'claude-sonnet-4-5' },
  opus: { env: 'ANTHROPIC_DEFAULT_OPUS_MODEL', fallback: 'claude-opus-4-5' },
  haiku: { env: 'ANTHROPIC_DEFAULT_HAIKU_MODEL', fallback: 'claude-haiku-4-5' },
};

/** The alias `name` is (case aside), or null when it is a model id. */
export function modelAlias(name: string): { env: string; fallback: string } | null {
  const key = name.trim().toLowerCase();
  return Object.hasOwn(MODEL_ALIASES, key) ? MODEL_ALIASES[key]! : null;
}

/** The model id an alias stands for here; a model id as it is. */
export function resolveModelAlias(name: string, env: Readonly<Record<string, string | undefined>>): string {
  const alias = modelAlias(name);
  if (!alias) return name.trim();
  return env[alias.env]?.trim() || alias.fallback;
}
