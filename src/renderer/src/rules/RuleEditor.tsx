// The form that adds a rule or changes one in place: the rule's text with its meaning as it is typed,
// a warning when an allow rule is risky, its list (Allow / Ask / Deny), the file it goes to (when
// adding), and the live tests. Plain words typed in the rule box ("never delete my files") get the
// ready-made rule or the rule they mean, one click away. A failed save shows main's message under the
// buttons and keeps everything typed.
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { RuleBehaviorName } from '../../../shared/permissions/explanation';
import type { WritableRuleSource } from '../../../shared/permissions/rule-store';
import { allowRuleRisk } from '../../../shared/permissions/rule-risks';
import { useRules } from '../stores/react';
import { useViewEnv } from '../tools/view-env';
import { rulePresets } from './presets';
import { RiskNote } from './RiskNote';
import { RuleChecks } from './RuleChecks';
import { RuleSuggestions } from './RuleSuggestions';
import { BEHAVIORS, fileLabel, ruleSentence, type WritableTarget } from './rule-words';
import { SaveInChoice } from './SaveInChoice';
import { knownTools, readRuleText } from './sentence';

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

const HELP =
  'A tool name, and what it may do in brackets. For example Bash(npm test:*) for commands starting with npm test, Read(./src/**) for files in src, WebFetch(domain:example.com) for one website. Or say it in words, such as “never delete files”.';

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

  const listing = useRules((s) => s.listing);
  const presets = rulePresets({ testCommands: listing?.testCommands });
  const tools = useMemo(() => knownTools(listing?.tools), [listing?.tools]);
  const reading = readRuleText(rule, presets, behavior, tools);
  const valid = reading.kind === 'rule';
  const risk = valid && behavior === 'allow' ? allowRuleRisk(rule.trim()) : null;
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

  const ids = {
    rule: `${idBase}-rule`,
    meaning: `${idBase}-meaning`,
    risk: `${idBase}-risk`,
    list: `${idBase}-list`,
    listHint: `${idBase}-list-hint`,
    file: `${idBase}-file`,
    error: `${idBase}-error`,
  };
  const useSuggestion = (next: { rule: string; behavior: RuleBehaviorName }): void => {
    setRule(next.rule);
    setBehavior(next.behavior);
    setSaved(null);
    setError(null);
    ruleInput.current?.focus();
  };
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
          aria-invalid={reading.kind === 'invalid'}
          aria-describedby={risk ? `${ids.meaning} ${ids.risk}` : ids.meaning}
          onChange={(e) => {
            setRule(e.target.value);
            // Both were about the rule as it was when saved or refused.
            setSaved(null);
            setError(null);
          }}
        />
        {reading.kind === 'sentence' ? (
          <RuleSuggestions
            id={ids.meaning}
            text={rule.trim()}
            presets={reading.presets}
            rule={reading.rule}
            target={chosen}
            canAddPresets={targets !== undefined}
            onUseRule={useSuggestion}
            onPresetAdded={(message) => {
              setRule('');
              setSaved(message);
              ruleInput.current?.focus();
            }}
          />
        ) : (
          <p id={ids.meaning} className={reading.kind === 'invalid' ? 'rules-meaning rules-meaning--error' : 'rules-meaning'}>
            {reading.kind === 'empty' ? HELP : reading.kind === 'invalid' ? reading.error : ruleSentence(behavior, reading.words)}
            {reading.kind === 'rule' && reading.unknownTool && (
              <span className="rules-meaning__note">
                {' '}
                No tool of Agent Desk or Claude Code is called “{reading.toolName}”, so this rule only counts if such a tool is added.
              </span>
            )}
          </p>
        )}
        {risk && (
          <RiskNote id={ids.risk} text={risk}>
            <button type="button" className="button button--small" onClick={() => setBehavior('ask')}>
              Ask me first instead
            </button>
          </RiskNote>
        )}
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

      {targets && <SaveInChoice name={ids.file} targets={targets} value={source} onChange={setSource} />}

      <RuleChecks idBase={idBase} rule={rule} behavior={behavior} valid={valid} toolName={reading.kind === 'rule' ? reading.toolName : null} />

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
