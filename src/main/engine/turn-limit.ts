// The turn limit of a session's runs: none by default (like Claude Code's interactive sessions, a run
// goes on while the model asks for tools); AGENT_DESK_MAX_TURNS sets one (tests, or a cautious user).
// Headless runs pass their own with --max-turns.

/** The limit AGENT_DESK_MAX_TURNS asks for; undefined when unset or not a positive whole number. */
export function maxTurnsFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.AGENT_DESK_MAX_TURNS?.trim();
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
}
