// CC3: how many tool calls may run at once — the caller's number, else the env override, else 10.
import type { Logger } from '../../base/log';

export const DEFAULT_MAX_TOOL_USE_CONCURRENCY = 10;
export const MAX_CONCURRENCY_ENV = 'AGENT_DESK_MAX_TOOL_USE_CONCURRENCY';

export class InvalidConcurrencyError extends RangeError {
  override name = 'InvalidConcurrencyError';
}

function isPositiveInt(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 1;
}

/**
 * An explicit `maxConcurrency` that is not a positive integer is a programming error and throws.
 * A bad env value is a user's typo: it must not stop the agent, so it falls back to 10 with a warning.
 */
export function resolveMaxConcurrency(
  explicit: number | undefined,
  env: Readonly<Record<string, string | undefined>>,
  log?: Pick<Logger, 'warn'>,
): number {
  if (explicit !== undefined) {
    if (!isPositiveInt(explicit)) {
      throw new InvalidConcurrencyError(`maxConcurrency must be a positive integer, got ${String(explicit)}`);
    }
    return explicit;
  }
  const raw = env[MAX_CONCURRENCY_ENV]?.trim();
  if (raw === undefined || raw === '') return DEFAULT_MAX_TOOL_USE_CONCURRENCY;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!isPositiveInt(n)) {
    log?.warn(
      `${MAX_CONCURRENCY_ENV}=${JSON.stringify(raw.slice(0, 40))} is not a positive integer; using ${DEFAULT_MAX_TOOL_USE_CONCURRENCY}`,
    );
    return DEFAULT_MAX_TOOL_USE_CONCURRENCY;
  }
  return n;
}
