// What the rule box says under plain words (issue 12 item 8): "Did you mean" the ready-made rule or the
// one rule the sentence is about, each with its exact rules, its list and its file, one click to use;
// or, when nothing fits, what a rule looks like, in words, with two examples.
import { useState, type ReactNode } from 'react';
import type { RuleBehaviorName } from '../../../shared/permissions/explanation';
import { useRules } from '../stores/react';
import { plural } from '../tools/shared/paths';
import { useViewEnv } from '../tools/view-env';
import { presetAction, presetPlace } from './preset-words';
import { missingRules, type RulePreset } from './presets';
import { behaviorLabel, ruleMeaning, ruleSentence, type WritableTarget } from './rule-words';
import { RULE_SHAPE_HELP, type SuggestedRule } from './sentence';
import { useAddPreset } from './use-add-preset';

interface RuleSuggestionsProps {
  /** The rule box's description: this whole block. */
  id: string;
  text: string;
  presets: readonly RulePreset[];
  rule: SuggestedRule | null;
  /** The file chosen in the form, where a ready-made rule goes. */
  target: WritableTarget | null;
  /** Adding, not editing one rule in place (a ready-made rule is several rules). */
  canAddPresets: boolean;
  onUseRule: (rule: { rule: string; behavior: RuleBehaviorName }) => void;
  onPresetAdded: (message: string) => void;
}

function PresetSuggestion({ preset, target, canAdd, onAdded }: { preset: RulePreset; target: WritableTarget | null; canAdd: boolean; onAdded: (message: string) => void }): ReactNode {
  const env = useViewEnv();
  const listing = useRules((s) => s.listing);
  const busy = useRules((s) => s.saving > 0);
  const addPreset = useAddPreset();
  const [error, setError] = useState<string | null>(null);
  const missing = missingRules(preset, listing?.sources.find((s) => s.source === target?.source));
  const place = presetPlace(preset, target, env.projectDir);
  const action = presetAction(preset, missing);
  const run = async (): Promise<void> => {
    if (!target) return;
    setError(null);
    const r = await addPreset(preset, target.source, listing);
    if (r.ok) onAdded(`Added “${preset.title}”: ${plural(r.added, 'rule')} in ${place}.`);
    else setError(r.error);
  };
  return (
    <li className="rules-suggest__item">
      <div className="rules-suggest__text">
        <p>
          <strong>{preset.title}</strong> <span className={`rules-kind rules-kind--${preset.behavior}`}>{behaviorLabel(preset.behavior)}</span>
        </p>
        <p>{preset.summary}</p>
        <p className="rules-suggest__rules">
          {preset.rules.map((r, i) => (
            <span key={r}>
              <code>{r}</code>
              {i < preset.rules.length - 1 ? ' ' : ''}
            </span>
          ))}
        </p>
        <p className="rules-muted">{canAdd ? (missing.length === 0 ? `All of them are in ${place} already.` : `They will be saved in ${place}.`) : 'Add it from “Ready-made rules” at the top of this pane.'}</p>
        {error && (
          <p className="rules-error" role="alert">
            {error}
          </p>
        )}
      </div>
      {canAdd && (
        <button type="button" className="button button--small button--primary" aria-label={`${action}: ${preset.title}`} disabled={busy || !target || missing.length === 0} onClick={() => void run()}>
          {action}
        </button>
      )}
    </li>
  );
}

export function RuleSuggestions({ id, text, presets, rule, target, canAddPresets, onUseRule, onPresetAdded }: RuleSuggestionsProps): ReactNode {
  if (presets.length === 0 && rule === null) {
    return (
      <div id={id} className="rules-suggest rules-suggest--help">
        <p>
          “{text}” is not a rule. {RULE_SHAPE_HELP.lead} For example:
        </p>
        <ul className="rules-suggest__examples">
          {RULE_SHAPE_HELP.examples.map((e) => (
            <li key={e.rule}>
              <code>{e.rule}</code> — {e.words}
            </li>
          ))}
        </ul>
        <p className="rules-muted">Or describe what you want in a few words, such as “never delete files” or “allow npm test”.</p>
      </div>
    );
  }
  const meaning = rule ? ruleMeaning(rule.rule) : null;
  return (
    <div id={id} className="rules-suggest" role="group" aria-labelledby={`${id}-lead`}>
      <p id={`${id}-lead`} className="rules-suggest__lead">
        Not a rule yet. Did you mean:
      </p>
      <ul className="rules-suggest__list">
        {presets.map((p) => (
          <PresetSuggestion key={p.id} preset={p} target={target} canAdd={canAddPresets} onAdded={onPresetAdded} />
        ))}
        {rule && (
          <li className="rules-suggest__item">
            <div className="rules-suggest__text">
              <p>
                <span className={`rules-kind rules-kind--${rule.behavior}`}>{behaviorLabel(rule.behavior)}</span> <code>{rule.rule}</code>
              </p>
              {meaning?.ok && <p className="rules-muted">{ruleSentence(rule.behavior, meaning.words)}</p>}
            </div>
            <button type="button" className="button button--small" aria-label={`Use this rule: ${behaviorLabel(rule.behavior)} ${rule.rule}`} onClick={() => onUseRule(rule)}>
              Use this rule
            </button>
          </li>
        )}
      </ul>
    </div>
  );
}
