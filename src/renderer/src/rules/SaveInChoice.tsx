// "Save in": the writable settings files as radios, each with its file — for the add form and for the
// ready-made rules, so both say the same thing about where rules go.
import type { ReactNode } from 'react';
import type { WritableRuleSource } from '../../../shared/permissions/rule-store';
import { useViewEnv } from '../tools/view-env';
import { fileLabel, type WritableTarget } from './rule-words';

interface SaveInChoiceProps {
  /** The radios' group name, unique on the page. */
  name: string;
  targets: readonly WritableTarget[];
  value: WritableRuleSource | null;
  onChange: (source: WritableRuleSource) => void;
  legend?: string;
}

export function SaveInChoice({ name, targets, value, onChange, legend = 'Save in' }: SaveInChoiceProps): ReactNode {
  const env = useViewEnv();
  return (
    <fieldset className="rules-choice">
      <legend className="rules-label">{legend}</legend>
      {targets.length === 0 ? (
        <p className="rules-meaning rules-meaning--error">There is no settings file this rule could be saved in.</p>
      ) : (
        targets.map((t) => (
          <label key={t.source} className="rules-choice__file">
            <input type="radio" name={name} value={t.source} checked={value === t.source} onChange={() => onChange(t.source)} />
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
  );
}
