// "Test a rule before saving it": a sample command, path or address with main's answer (Matches /
// No match, and why), and this project's recent commands with the ones the rule would have covered.
import { useState, type ReactNode } from 'react';
import type { RuleBehaviorName } from '../../../shared/permissions/explanation';
import type { RecentCommandsResult, RuleTestResult } from '../../../shared/permissions/rule-store';
import { kindOfToolName } from '../../../shared/permissions/request-traits';
import { splitCode } from '../permissions/why-words';
import { recentSummary } from './rule-words';
import { useRecentCheck, useRuleTest, type Check } from './use-rule-check';

const SAMPLE_HINTS: Record<string, string> = {
  Bash: 'npm test -- --watch',
  WebFetch: 'https://example.com/docs',
};

/** An example of what to type for the rule's tool. */
export function samplePlaceholder(toolName: string | null): string {
  if (toolName === null) return 'For example: npm test';
  if (Object.hasOwn(SAMPLE_HINTS, toolName)) return `For example: ${SAMPLE_HINTS[toolName]}`;
  const kind = kindOfToolName(toolName);
  if (kind === 'read' || kind === 'edit') return 'For example: src/app.ts';
  return 'What the tool would be given';
}

/** Text with `code` parts, as main writes it. */
function Words({ text }: { text: string }): ReactNode {
  return splitCode(text).map((p, i) => (p.code ? <code key={i}>{p.text}</code> : <span key={i}>{p.text}</span>));
}

export function TestOutcome({ check }: { check: Check<RuleTestResult> }): ReactNode {
  if (check.state === 'idle') return null;
  if (check.state === 'checking') return <span className="rules-check__pending">Checking…</span>;
  if (check.state === 'error') return <span className="rules-check__error">Could not test the rule: {check.error}</span>;
  const r = check.value;
  // main found something wrong with the rule that the grammar alone does not catch (a bad path pattern).
  if (r.error)
    return (
      <span className="rules-check__error">
        <Words text={r.text} />
      </span>
    );
  return (
    <>
      <span className={r.matches ? 'rules-verdict rules-verdict--match' : 'rules-verdict rules-verdict--miss'}>{r.matches ? 'Matches' : 'No match'}</span>{' '}
      <span className="rules-check__text">
        <Words text={r.text} />
      </span>
    </>
  );
}

export function RecentList({ check, behavior, id, typed = false }: { check: Check<RecentCommandsResult>; behavior: RuleBehaviorName; id: string; typed?: boolean }): ReactNode {
  if (check.state === 'idle') return <p className="rules-muted">{typed ? 'Fix the rule first, then it is compared here.' : 'Write a rule to see which recent commands it covers.'}</p>;
  if (check.state === 'checking') return <p className="rules-check__pending">Looking through recent commands…</p>;
  if (check.state === 'error') return <p className="rules-check__error">Could not read the recent commands: {check.error}</p>;
  const r = check.value;
  if (r.error) return <p className="rules-check__error">{r.error}</p>;
  return (
    <>
      <p className="rules-recent__sum" id={id}>
        {recentSummary(r, behavior)}
      </p>
      {r.commands.length > 0 && (
        <ul className="rules-recent__list" aria-labelledby={id}>
          {r.commands.map((c) => (
            <li key={c.command} className={c.matches ? 'rules-recent__item rules-recent__item--match' : 'rules-recent__item'}>
              <code>{c.command}</code>
              {c.matches ? <span className="rules-recent__mark">Covered</span> : <span className="visually-hidden">Not covered</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

interface RuleChecksProps {
  idBase: string;
  rule: string;
  behavior: RuleBehaviorName;
  /** The rule parses (nothing is sent to main otherwise). */
  valid: boolean;
  toolName: string | null;
}

export function RuleChecks({ idBase, rule, behavior, valid, toolName }: RuleChecksProps): ReactNode {
  const [sample, setSample] = useState('');
  const test = useRuleTest(rule, behavior, sample, valid);
  const isCommand = toolName === 'Bash';
  const recent = useRecentCheck(rule, behavior, valid && isCommand);
  return (
    <div className="rules-checks">
      <div className="rules-field">
        <label className="rules-label" htmlFor={`${idBase}-sample`}>
          Try it on a command, file or web address
        </label>
        <input
          id={`${idBase}-sample`}
          className="input rules-input"
          value={sample}
          spellCheck={false}
          autoComplete="off"
          placeholder={samplePlaceholder(toolName)}
          aria-describedby={`${idBase}-verdict`}
          onChange={(e) => setSample(e.target.value)}
          // Enter here tests (it is already live); it must not save the rule by submitting the form.
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
        />
        <p id={`${idBase}-verdict`} className="rules-check" role="status">
          {!valid && sample.trim() ? <span className="rules-muted">Fix the rule first, then it is tested here.</span> : <TestOutcome check={test} />}
        </p>
      </div>
      <section className="rules-recent" aria-labelledby={`${idBase}-recent`}>
        <h4 id={`${idBase}-recent`} className="rules-label">
          Recent commands in this project
        </h4>
        {valid && !isCommand ? (
          <p className="rules-muted">Recent commands are compared with command rules only, the ones that start with Bash.</p>
        ) : (
          <RecentList check={recent} behavior={behavior} id={`${idBase}-recent-sum`} typed={rule.trim() !== ''} />
        )}
      </section>
    </div>
  );
}
