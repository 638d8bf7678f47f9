// Background tasks' permission requests (issue 5 item 6, DK3): how long one waits for a person
// (AGENT_DESK_TASK_APPROVAL_TIMEOUT_S) and the denial it becomes when nobody answered — never an allow.
import type { Logger } from '../../base/log';
import type { ExpiryDenial } from '../../permissions/request-prompter';
import type { PermissionRequest } from '../../permissions/types';

export const TASK_APPROVAL_TIMEOUT_ENV = 'AGENT_DESK_TASK_APPROVAL_TIMEOUT_S';
export const DEFAULT_TASK_APPROVAL_TIMEOUT_S = 600;
/** setTimeout cannot wait longer than 2^31-1 ms (~24.8 days); longer values would fire at once. */
const MAX_TIMEOUT_S = 24 * 24 * 3600;

/**
 * The env's timeout in ms. A bad value (not a number, 0, negative, beyond 24 days) is a typo: it must
 * not stop a task or make it wait for ever, so it falls back to the default with a warning.
 */
export function taskApprovalTimeoutMs(env: Readonly<Record<string, string | undefined>>, log?: Pick<Logger, 'warn'>): number {
  const raw = env[TASK_APPROVAL_TIMEOUT_ENV]?.trim();
  if (raw === undefined || raw === '') return DEFAULT_TASK_APPROVAL_TIMEOUT_S * 1000;
  const s = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
  if (!(s > 0 && s <= MAX_TIMEOUT_S)) {
    log?.warn(
      `${TASK_APPROVAL_TIMEOUT_ENV}=${JSON.stringify(raw.slice(0, 40))} is not a number of seconds between 0 and ${MAX_TIMEOUT_S}; using ${DEFAULT_TASK_APPROVAL_TIMEOUT_S}`,
    );
    return DEFAULT_TASK_APPROVAL_TIMEOUT_S * 1000;
  }
  return Math.max(1, Math.round(s * 1000));
}

/** "10 minutes", "45 seconds", "1 hour": how long the request waited, for the model's message. */
export function waitedWords(ms: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const s = Math.round(ms / 1000);
  if (s < 1) return 'less than a second';
  if (s < 120) return plural(s, 'second');
  const m = Math.round(s / 60);
  if (m < 120) return plural(m, 'minute');
  return plural(Math.round(m / 60), 'hour');
}

/** What the model reads when a task's request ran out of time: nobody said no, nobody was there. */
export function expiredDenial(req: PermissionRequest, waitedMs: number): ExpiryDenial {
  const rule = req.suggestions[0] ?? req.toolName;
  return {
    message:
      `Permission to use ${req.toolName} was not granted: this is a background task and nobody answered the request ` +
      `within ${waitedWords(waitedMs)}, so the call did not run. The person can allow it next time ` +
      `(for example with the rule ${rule}). Go on without it if you can; otherwise finish and say what needs their approval.`,
    reason: { type: 'other', reason: 'nobody answered the permission request in time' },
  };
}
