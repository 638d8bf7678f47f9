// CC3: the concurrency limit's sources and how bad values are handled.
import { describe, expect, it } from 'vitest';
import { InvalidConcurrencyError, resolveMaxConcurrency } from './concurrency-limit';
import { silentLog } from './fake-pipeline';

const ENV = 'AGENT_DESK_MAX_TOOL_USE_CONCURRENCY';

describe('resolveMaxConcurrency (CC3)', () => {
  it('CC3: defaults to 10', () => {
    expect(resolveMaxConcurrency(undefined, {})).toBe(10);
    expect(resolveMaxConcurrency(undefined, { [ENV]: '  ' })).toBe(10);
  });

  it('CC3: the env override wins over the default, an explicit option over both', () => {
    expect(resolveMaxConcurrency(undefined, { [ENV]: ' 3 ' })).toBe(3);
    expect(resolveMaxConcurrency(4, { [ENV]: '3' })).toBe(4);
  });

  it.each(['0', '-2', '2.5', 'ten', '1e3', '99999999999999999999'])('CC3: env %j is invalid → 10 with a warning', (raw) => {
    const log = silentLog();
    expect(resolveMaxConcurrency(undefined, { [ENV]: raw }, log)).toBe(10);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toContain(ENV);
  });

  it.each([0, -1, 1.5, Number.NaN, Infinity])('CC3: an explicit %s throws a typed error', (n) => {
    expect(() => resolveMaxConcurrency(n, {})).toThrow(InvalidConcurrencyError);
  });
});
