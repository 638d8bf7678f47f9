// The form that adds a rule or changes one in place: the rule's text with its meaning as it is typed,
// its list (Allow / Ask / Deny), the file it goes to (when adding), and the live tests. A failed save
// shows main's message under the buttons and keeps everything typed.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { RuleBehaviorName } from '../../../shared/permissions/explanation';
import type { WritableRuleSource } from '../../../shared/permissions/rule-store';
import { useViewEnv } from '../tools/view-env';
import { RuleChecks } from './RuleChecks';
import { BEHAVIORS, fileLabel, ruleMeaning, ruleSentence, type WritableTarget } from './rule-words';

export interface RuleValues {
  rule: string;
  behavior: RuleBehaviorName;
  source: WritableRuleSource | null;
}

interface RuleEditorProps {
  /** Unique per form on the page: ids for labels and descriptions. */
  idBase: string;
  initial: RuleValues;
  /** Files to choose from when adding; absent when editing (the rule stays in its file). */
  targets?: readonly WritableTarget[];
  submitLabel: string;
  busy: boolean;
  /** Resolves with main's error text, or null once saved. */
  onSubmit: (values: RuleValues) => Promise<string | null>;
  onCancel?: () => void;
  /** After a save: adding keeps the list and file and empties the rule for the next one. */
  clearOnSave?: boolean;
  /** Put the cursor in the rule on mount (editing in place). */
  autoFocus?: boolean;
}

const HELP = 'A tool name, and what it may do in brackets. For example Bash(npm test:*) for commands starting with npm test, Read(./src/**) for files in src, WebFetch(domain:example.com) for one website.';

export function RuleEditor({ idBase, initial, targets, submitLabel, busy, onSubmit, onCancel, clearOnSave, autoFocus }: RuleEditorProps): ReactNode {
  const env = useViewEnv();
  const [rule, setRule] = useState(initial.rule);
  const [behavior, setBehavior] = useState<RuleBehaviorName>(initial.behavior);
  const [source, setSource] = useState<WritableRuleSource | null>(initial.source);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const ruleInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (autoFocus) ruleInput.current?.select();
  }, [autoFocus]);

  const meaning = rule.trim() ? ruleMeaning(rule) : null;
  const valid = meaning?.ok === true;
  const chosen = targets?.find((t) => t.source === source) ?? null;
  const canSave = valid && !busy && (targets === undefined || chosen !== null);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!canSave) return;
    setError(null);
    setSaved(null);
    const text = rule.trim();
    const failure = await onSubmit({ rule: text, behavior, source });
    if (failure !== null) {
      setError(failure);
      return;
    }
    if (clearOnSave) {
      setRule('');
      setSaved(`Added ${text} to the ${BEHAVIORS.find((b) => b.value === behavior)!.label} list${chosen?.file ? ` in ${fileLabel(chosen.file, env.projectDir)}` : ''}.`);
      ruleInput.current?.focus();
    }
  };

  const ids = { rule: `${idBase}-rule`, meaning: `${idBase}-meaning`, list: `${idBase}-list`, listHint: `${idBase}-list-hint`, file: `${idBase}-file`, error: `${idBase}-error` };
  return (
    <form
      className="rules-editor"
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && onCancel) {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <div className="rules-field">
        <label className="rules-label" htmlFor={ids.rule}>
          Rule
        </label>
        <input
          ref={ruleInput}
          id={ids.rule}
          className="input rules-input rules-input--rule"
          value={rule}
          spellCheck={false}
          autoComplete="off"
          placeholder="For example: Bash(npm test:*)"
          aria-invalid={meaning !== null && !meaning.ok}
          aria-describedby={ids.meaning}
          onChange={(e) => {
            setRule(e.target.value);
            // Both were about the rule as it was when saved or refused.
            setSaved(null);
            setError(null);
          }}
        />
        <p id={ids.meaning} className={meaning && !meaning.ok ? 'rules-meaning rules-meaning--error' : 'rules-meaning'}>
          {meaning === null ? HELP : meaning.ok ? ruleSentence(behavior, meaning.words) : meaning.error}
        </p>
      </div>

      <fieldset className="rules-choice" aria-describedby={ids.listHint}>
        <legend className="rules-label">List</legend>
        <div className="rules-choice__options">
          {BEHAVIORS.map((b) => (
            <label key={b.value} className="rules-choice__option">
              <input type="radio" name={ids.list} value={b.value} checked={behavior === b.value} onChange={() => setBehavior(b.value)} />
              {b.label}
            </label>
          ))}
        </div>
        <p id={ids.listHint} className="rules-muted">
          {BEHAVIORS.find((b) => b.value === behavior)!.hint}
        </p>
      </fieldset>

      {targets && (
        <fieldset className="rules-choice">
          <legend className="rules-label">Save in</legend>
          {targets.length === 0 ? (
            <p className="rules-meaning rules-meaning--error">There is no settings file this rule could be saved in.</p>
          ) : (
            targets.map((t) => (
              <label key={t.source} className="rules-choice__file">
                <input type="radio" name={ids.file} value={t.source} checked={source === t.source} onChange={() => setSource(t.source)} />
                <span>
                  {t.label}
                  {t.file && (
                    <>
                      {' '}
                      <span className="rules-muted">
                        (<code>{fileLabel(t.file, env.projectDir)}</code>)
                      </span>
                    </>
                  )}
                </span>
              </label>
            ))
          )}
        </fieldset>
      )}

      <RuleChecks idBase={idBase} rule={rule} behavior={behavior} valid={valid} toolName={meaning?.ok ? meaning.toolName : null} />

      <div className="rules-editor__actions">
        <button type="submit" className="button button--primary button--small" disabled={!canSave} aria-describedby={error ? ids.error : undefined}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost button--small" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      {error && (
        <p id={ids.error} className="rules-error" role="alert">
          {error}
        </p>
      )}
      {saved && (
        <p className="rules-saved" role="status">
          {saved}
        </p>
      )}
    </form>
  );
}
