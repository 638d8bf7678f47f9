// Test support: the rg the parity suites run, failing them where rg must be there (CI, `npm test`). Not used by production code.
import { it } from 'vitest';
import { findRipgrep } from './ripgrep';

type Env = Readonly<Record<string, string | undefined>>;

export const RG_MISSING = 'ripgrep (rg) is missing: install it (Debian: apt-get install ripgrep); the parity suites need it';

/** CI sets CI=true and scripts/test.mjs sets AGENT_DESK_REQUIRE_RG=1: there a skipped parity suite would pass unnoticed. */
export function ripgrepRequired(env: Env = process.env): boolean {
  const ci = env.CI;
  return (ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0') || env.AGENT_DESK_REQUIRE_RG === '1';
}

/**
 * The rg for `suite`'s rg half, or undefined when there is none. Where rg is required this also
 * registers a failing test (in the file, or the describe it is called from) so the run goes red;
 * elsewhere a developer without rg gets the skip, with the reason printed.
 */
export function ripgrepForTests(suite: string, env: Env = process.env): string | undefined {
  const rg = findRipgrep(env);
  if (rg) return rg;
  if (ripgrepRequired(env)) {
    it(`${suite}: ripgrep (rg) is installed`, () => {
      throw new Error(RG_MISSING);
    });
  } else {
    console.warn(`${suite}: the rg runs are skipped. ${RG_MISSING}`);
  }
  return undefined;
}
