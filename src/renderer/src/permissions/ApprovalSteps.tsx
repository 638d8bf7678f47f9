// The approval's two second steps: "Always allow" (the rule, editable, its meaning in words, and which
// settings file saves it) and "Deny" (optional feedback for the assistant). Esc goes back, Enter confirms.
import { useState, type FormEvent, type ReactNode } from 'react';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import type { ReplyExtra } from '../stores/tools-store';
import { describeRule } from './registry';
import { DEFAULT_DESTINATION, DESTINATIONS, type SavedDestination } from './why-words';

export interface StepIds {
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

export function AlwaysStep({ request, ids, busy, onBack, onAnswer }: StepProps): ReactNode {
  const [rule, setRule] = useState(request.suggestions[0] ?? request.toolName);
  const [destination, setDestination] = useState<SavedDestination>(DEFAULT_DESTINATION);
  const checked = describeRule(rule);
  const saveTo = DESTINATIONS.find((d) => d.value === destination)!;
  const confirm = (e: FormEvent): void => {
    e.preventDefault();
    if (checked.ok && !busy) onAnswer('allow_always', { rule: rule.trim(), destination });
  };
  return (
    <form className="approval__step" onSubmit={confirm}>
      <label className="approval__label" htmlFor={ids.rule}>
        Rule
      </label>
      <input
        id={ids.rule}
        className="input approval__rule"
        value={rule}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={!checked.ok}
        aria-describedby={ids.ruleWords}
        onChange={(e) => setRule(e.target.value)}
      />
      <p id={ids.ruleWords} className={checked.ok ? 'approval__rule-words' : 'approval__rule-words approval__rule-words--error'}>
        {checked.ok ? `Allows: ${checked.words}.` : checked.error}
      </p>
      {request.suggestions.length > 1 && (
        <div className="approval__choices">
          <span className="approval__muted">Or choose:</span>
          {request.suggestions.map((s) => (
            <button key={s} type="button" className="approval__choice" aria-pressed={s === rule.trim()} onClick={() => setRule(s)}>
              {s}
            </button>
          ))}
        </div>
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
      <div className="approval__actions">
        <button type="submit" className="button button--primary" disabled={busy || !checked.ok}>
          Allow and remember
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
