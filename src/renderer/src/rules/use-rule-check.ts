// A rule being typed, checked by main as the person types (after a short pause): against the sample
// command / path / address, and against this project's recent commands. An answer that arrives after
// the text changed again is dropped, so what is shown always belongs to what is in the fields.
import { useEffect, useState } from 'react';
import type { RuleBehaviorName } from '../../../shared/permissions/explanation';
import type { RecentCommandsResult, RuleTestResult } from '../../../shared/permissions/rule-store';
import { useRules } from '../stores/react';

export type Check<T> = { state: 'idle' } | { state: 'checking' } | { state: 'done'; value: T } | { state: 'error'; error: string };

/** How long typing must pause before main is asked. */
export const CHECK_DELAY_MS = 250;

/** Runs `run` after a pause whenever `key` changes (null: nothing to check); stale answers are dropped. */
function useDelayedCheck<T>(key: string | null, run: () => Promise<{ ok: true; value: T } | { ok: false; error: string }>): Check<T> {
  const [check, setCheck] = useState<Check<T>>({ state: 'idle' });
  useEffect(() => {
    if (key === null) {
      setCheck({ state: 'idle' });
      return;
    }
    let current = true;
    setCheck({ state: 'checking' });
    const timer = setTimeout(() => {
      void run().then((r) => {
        if (current) setCheck(r.ok ? { state: 'done', value: r.value } : { state: 'error', error: r.error });
      });
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // `run` closes over the same values that make up `key`, so the key alone decides when to ask again.
  }, [key]);
  return check;
}

/** "Matches" / "No match" for the sample; null key when the rule does not parse or the sample is empty. */
export function useRuleTest(rule: string, behavior: RuleBehaviorName, sample: string, valid: boolean): Check<RuleTestResult> {
  const test = useRules((s) => s.test);
  const key = valid && rule.trim() && sample.trim() ? JSON.stringify([rule.trim(), behavior, sample.trim()]) : null;
  return useDelayedCheck(key, () => test({ rule: rule.trim(), behavior, input: sample.trim() }));
}

/** Which of the project's recent commands the rule covers; only asked for rules that parse. */
export function useRecentCheck(rule: string, behavior: RuleBehaviorName, enabled: boolean): Check<RecentCommandsResult> {
  const recent = useRules((s) => s.recent);
  const key = enabled && rule.trim() ? JSON.stringify([rule.trim(), behavior]) : null;
  return useDelayedCheck(key, () => recent({ rule: rule.trim(), behavior }));
}
