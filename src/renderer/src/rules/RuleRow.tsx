// One rule in a source's list: its text, what it covers and, for a risky allow rule, what that risk is;
// in a writable file also Edit (the form in place of the row) and Delete (asks first, in the row).
// Main's errors stay in the row.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { RuleBehaviorName } from '../../../shared/permissions/explanation';
import type { WritableRuleSource } from '../../../shared/permissions/rule-store';
import { allowRuleRisk } from '../../../shared/permissions/rule-risks';
import { useRules } from '../stores/react';
import { RiskNote } from './RiskNote';
import { RuleEditor, type RuleValues } from './RuleEditor';
import { ruleMeaning } from './rule-words';

interface RuleRowProps {
  rule: string;
  behavior: RuleBehaviorName;
  /** The writable file it is in; null for read-only sources. */
  source: WritableRuleSource | null;
  /** Where it is, in words, for the delete question ("in .claude/settings.local.json"). */
  where: string;
  idBase: string;
  /** Called once the row is gone or has closed its form, so focus can move somewhere sensible. */
  onDone: () => void;
}

type Mode = 'view' | 'edit' | 'confirm';

export function RuleRow({ rule, behavior, source, where, idBase, onDone }: RuleRowProps): ReactNode {
  const [mode, setMode] = useState<Mode>('view');
  const [error, setError] = useState<string | null>(null);
  const busy = useRules((s) => s.saving > 0);
  const update = useRules((s) => s.update);
  const remove = useRules((s) => s.remove);
  const meaning = ruleMeaning(rule);
  const risk = behavior === 'allow' ? allowRuleRisk(rule) : null;
  const keepButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (mode === 'confirm') keepButton.current?.focus();
  }, [mode]);

  const back = (): void => {
    setMode('view');
    setError(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  if (mode === 'edit' && source) {
    const save = async (v: RuleValues): Promise<string | null> => {
      if (v.rule === rule && v.behavior === behavior) {
        back();
        return null;
      }
      const r = await update({ source, behavior, rule, newRule: v.rule, ...(v.behavior !== behavior ? { newBehavior: v.behavior } : {}) });
      if (!r.ok) return r.error;
      onDone();
      return null;
    };
    return (
      <li className="rules-row rules-row--editing">
        <RuleEditor
          idBase={`${idBase}-edit`}
          initial={{ rule, behavior, source }}
          submitLabel="Save changes"
          busy={busy}
          onSubmit={save}
          onCancel={back}
          autoFocus
        />
      </li>
    );
  }

  const confirmDelete = async (): Promise<void> => {
    if (!source) return;
    setError(null);
    const r = await remove({ source, behavior, rule });
    if (r.ok) onDone();
    else setError(r.error);
  };

  return (
    <li className={mode === 'confirm' ? 'rules-row rules-row--confirm' : 'rules-row'}>
      <div className="rules-row__text">
        <code className="rules-row__rule">{rule}</code>
        <span className={meaning.ok ? 'rules-row__words' : 'rules-row__words rules-row__words--error'}>
          {meaning.ok ? meaning.words : `Not a valid rule: ${meaning.error}`}
        </span>
        {risk && <RiskNote text={risk} />}
      </div>
      {source && mode === 'view' && (
        <div className="rules-row__actions">
          <button ref={editButton} type="button" className="button button--ghost button--small" aria-label={`Edit ${rule}`} disabled={busy} onClick={() => setMode('edit')}>
            Edit
          </button>
          <button type="button" className="button button--ghost button--small rules-danger-text" aria-label={`Delete ${rule}`} disabled={busy} onClick={() => setMode('confirm')}>
            Delete
          </button>
        </div>
      )}
      {mode === 'confirm' && (
        <div
          className="rules-confirm"
          role="group"
          aria-labelledby={`${idBase}-confirm`}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              back();
            }
          }}
        >
          <p id={`${idBase}-confirm`} className="rules-confirm__question">
            Delete <code>{rule}</code> {where}? The file is changed right away.
          </p>
          <div className="rules-confirm__actions">
            <button type="button" className="button button--danger button--small" disabled={busy} onClick={() => void confirmDelete()}>
              Delete rule
            </button>
            <button ref={keepButton} type="button" className="button button--ghost button--small" onClick={back}>
              Keep it
            </button>
          </div>
          {error && (
            <p className="rules-error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
