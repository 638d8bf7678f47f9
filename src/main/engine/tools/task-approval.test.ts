// Issue 5 item 6 / DK3: a background task's approval timeout from AGENT_DESK_TASK_APPROVAL_TIMEOUT_S
// (bad values → the default and a warning) and the model-facing denial when nobody answered.
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_TASK_APPROVAL_TIMEOUT_S, expiredDenial, taskApprovalTimeoutMs, TASK_APPROVAL_TIMEOUT_ENV, waitedWords } from './task-approval';

describe('issue 5 / DK3: task approval timeout from the env', () => {
  it('defaults to 600 s; reads whole and fractional seconds', () => {
    expect(DEFAULT_TASK_APPROVAL_TIMEOUT_S).toBe(600);
    expect(taskApprovalTimeoutMs({})).toBe(600_000);
    expect(taskApprovalTimeoutMs({ [TASK_APPROVAL_TIMEOUT_ENV]: '' })).toBe(600_000);
    expect(taskApprovalTimeoutMs({ [TASK_APPROVAL_TIMEOUT_ENV]: ' 30 ' })).toBe(30_000);
    expect(taskApprovalTimeoutMs({ [TASK_APPROVAL_TIMEOUT_ENV]: '0.25' })).toBe(250);
  });

  it.each(['0', '-5', 'ten', '1e3', 'Infinity', '10s', '99999999'])('%j is invalid: the default, and a warning naming the variable', (raw) => {
    const log = { warn: vi.fn() };
    expect(taskApprovalTimeoutMs({ [TASK_APPROVAL_TIMEOUT_ENV]: raw }, log)).toBe(600_000);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toContain(TASK_APPROVAL_TIMEOUT_ENV);
    expect(log.warn.mock.calls[0]![0]).toContain('using 600');
  });

  it('a valid value does not warn', () => {
    const log = { warn: vi.fn() };
    taskApprovalTimeoutMs({ [TASK_APPROVAL_TIMEOUT_ENV]: '120' }, log);
    expect(log.warn).not.toHaveBeenCalled();
  });
});

describe('issue 5 / PL4e: the denial of an expired task request', () => {
  const req = { requestId: 'r1', sessionId: 's', toolUseId: 't', toolName: 'Bash', input: { command: 'npm test' }, message: 'm', suggestions: ['Bash(npm test)'], destructive: false };

  it('says nobody answered in time, that the person can allow it next time, and names the rule', () => {
    const d = expiredDenial(req, 600_000);
    expect(d.message).toContain('nobody answered the request within 10 minutes');
    expect(d.message).toContain('can allow it next time');
    expect(d.message).toContain('Bash(npm test)');
    expect(d.message).not.toMatch(/denied/i);
    expect(d.reason).toEqual({ type: 'other', reason: 'nobody answered the permission request in time' });
  });

  it('words for how long it waited', () => {
    expect(waitedWords(250)).toBe('less than a second');
    expect(waitedWords(1_000)).toBe('1 second');
    expect(waitedWords(45_000)).toBe('45 seconds');
    expect(waitedWords(60_000)).toBe('60 seconds');
    expect(waitedWords(600_000)).toBe('10 minutes');
    expect(waitedWords(3 * 3600_000)).toBe('3 hours');
  });
});
