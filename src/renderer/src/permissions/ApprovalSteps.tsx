// The approval's two second steps: "Always allow" (what to allow from now on, in words; the rule behind
// it, editable; which settings file saves it) and "Deny" (optional feedback for the assistant). Esc goes
// back, Enter confirms.
import { useState, type FormEvent, type ReactNode } from 'react';
import type { AllowScope, PermissionRequestView } from '../../../shared/permissions/request';
import { WarningIcon } from '../components/icons';
import { useRules } from '../stores/react';
import type { ReplyExtra } from '../stores/tools-store';
import { describeRule } from './registry';
import { DEFAULT_DESTINATION, DESTINATIONS, type SavedDestination } from './why-words';

export interface StepIds {
  scopes: string;
  rule: string;
  ruleWords: string;
  saveTo: string;
  saveNote: string;
  feedback: string;
  feedbackHint: string;
}

interface StepProps {
  request: PermissionRequestView;
  ids: StepIds;
  busy: boolean;
  onBack: () => void;
  onAnswer: (decision: 'allow_always' | 'deny', extra: ReplyExtra) => void;
}

/** Scopes main sent, or — from an older host — one per suggested rule, in the words of the rule. */
function scopesOf(request: PermissionRequestView): AllowScope[] {
  if (request.scopes && request.scopes.length > 0) return request.scopes;
  const rules = request.suggestions.length > 0 ? request.suggestions : [request.toolName];
  return rules.map((rule, i) => {
    const d = describeRule(rule);
    return { kind: 'rule' as const, label: d.ok ? d.words : rule, rule, ...(i === 0 ? { recommended: true } : {}) };
  });
}

/**
 * "Always allow" (issue 13 item 3): what to allow from now on, as choices in words with the broadest
 * safe one chosen (a risky one never is), the exact rule one click away and editable, and where a
 * rule is saved. An edited rule that would not allow this very request is refused, with why.
 */
export function AlwaysStep({ request, ids, busy, onBack, onAnswer }: StepProps): ReactNode {
  const scopes = scopesOf(request);
  const recommended = scopes.findIndex((s) => s.recommended);
  const [choice, setChoice] = useState<number | null>(recommended >= 0 ? recommended : null);
  const chosen = choice === null ? null : scopes[choice]!;
  const [rule, setRule] = useState(chosen?.rule ?? '');
  const [showRule, setShowRule] = useState(false);
  const [destination, setDestination] = useState<SavedDestination>(DEFAULT_DESTINATION);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const testRule = useRules((s) => s.test);
  const checked = describeRule(rule);
  const saveTo = DESTINATIONS.find((d) => d.value === destination)!;
  const isRule = chosen?.kind === 'rule';

  const pick = (i: number): void => {
    setChoice(i);
    setRule(scopes[i]!.rule ?? '');
    setRefusal(null);
  };

  const confirm = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (busy || checking || !chosen) return;
    if (chosen.kind === 'session-edits') {
      onAnswer('allow_always', { sessionMode: 'acceptEdits' });
      return;
    }
    if (!checked.ok) return;
    const text = rule.trim();
    if (text !== chosen.rule) {
      // An edited rule must still allow what is being approved, or "always" would not even cover this.
      setChecking(true);
      const tested = await testRule({ rule: text, tool: request.toolName, input: request.input, behavior: 'allow' });
      setChecking(false);
      if (!tested.ok) {
        setRefusal(`The rule could not be checked (${tested.error}), so it was not saved.`);
        return;
      }
      if (!tested.value.matches) {
        setRefusal(`This rule would not allow the request you are answering: ${tested.value.text}`);
        return;
      }
    }
    onAnswer('allow_always', { rule: text, destination });
  };

  return (
    <form className="approval__step" onSubmit={(e) => void confirm(e)}>
      <fieldset className="approval__scopes" role="radiogroup" aria-labelledby={ids.scopes}>
        <legend id={ids.scopes} className="approval__label">
          Allow from now on
        </legend>
        {scopes.map((s, i) => (
          <label key={`${s.kind}:${s.rule ?? ''}`} className="approval__scope">
            <input type="radio" name={ids.scopes} checked={choice === i} onChange={() => pick(i)} />
            <span>
              <span className="approval__scope-label">{s.label}</span>
              {s.recommended && <span className="approval__scope-tag"> · recommended</span>}
              {s.warning && (
                <span className="approval__scope-warning">
                  <WarningIcon size={12} /> {s.warning}
                </span>
              )}
            </span>
          </label>
        ))}
      </fieldset>

      {chosen?.kind === 'session-edits' && (
        <p className="approval__muted">
          The assistant may change files of this project without asking until you start a new conversation. Nothing is saved.
        </p>
      )}

      {isRule && (
        <>
          <button type="button" className="approval__disclosure" aria-expanded={showRule} aria-controls={ids.rule} onClick={() => setShowRule((v) => !v)}>
            {showRule ? 'Hide the rule' : 'Show the rule'}
          </button>
          <div hidden={!showRule}>
            <label className="approval__label" htmlFor={ids.rule}>
              Rule
            </label>
            <input
              id={ids.rule}
              className="input approval__rule"
              value={rule}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={!checked.ok || refusal !== null}
              aria-describedby={ids.ruleWords}
              onChange={(e) => {
                setRule(e.target.value);
                setRefusal(null);
              }}
            />
            <p id={ids.ruleWords} className={checked.ok ? 'approval__rule-words' : 'approval__rule-words approval__rule-words--error'}>
              {checked.ok ? `Allows: ${checked.words}.` : checked.error}
            </p>
          </div>
          {refusal && (
            <p className="approval__rule-words approval__rule-words--error" role="alert">
              {refusal}
            </p>
          )}
          <fieldset className="approval__save" role="radiogroup" aria-labelledby={ids.saveTo} aria-describedby={ids.saveNote}>
            <legend id={ids.saveTo} className="approval__label">
              Save this rule for
            </legend>
            {DESTINATIONS.map((d) => (
              <label key={d.value} className="approval__save-choice">
                <input type="radio" name={ids.saveTo} value={d.value} checked={destination === d.value} onChange={() => setDestination(d.value)} />
                <span>
                  {d.label} <span className="approval__muted">(<code>{d.file}</code>)</span>
                </span>
              </label>
            ))}
          </fieldset>
          <p id={ids.saveNote} className="approval__muted">
            {saveTo.note}
          </p>
        </>
      )}
      <div className="approval__actions">
        <button type="submit" className="button button--primary" disabled={busy || checking || !chosen || (isRule && !checked.ok)}>
          {chosen?.kind === 'session-edits' ? 'Allow for this conversation' : 'Allow and remember'}
        </button>
        <button type="button" className="button button--ghost" onClick={onBack}>
          Back
        </button>
      </div>
    </form>
  );
}

export function DenyStep({ ids, busy, onBack, onAnswer }: StepProps): ReactNode {
  const [feedback, setFeedback] = useState('');
  const confirm = (e: FormEvent): void => {
    e.preventDefault();
    if (!busy) onAnswer('deny', { feedback });
  };
  return (
    <form className="approval__step" onSubmit={confirm}>
      <label className="approval__label" htmlFor={ids.feedback}>
        Feedback for the assistant
      </label>
      <textarea
        id={ids.feedback}
        className="input approval__feedback"
        rows={3}
        value={feedback}
        placeholder="Optional. For example: don't touch the database, use the test data instead."
        aria-describedby={ids.feedbackHint}
        onChange={(e) => setFeedback(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) confirm(e);
        }}
      />
      <p id={ids.feedbackHint} className="approval__muted">
        Optional. The assistant reads it and tries another way. Leave it empty to just say no.
      </p>
      <div className="approval__actions">
        <button type="submit" className="button button--danger-solid" disabled={busy}>
          Deny
        </button>
        <button type="button" className="button button--ghost" onClick={onBack}>
          Back
        </button>
      </div>
    </form>
  );
}
