// One source of rules ("Only me, in this project"): its file and whether it exists, why it is
// read-only when it is, the problems found in it, and its rules grouped Allow / Ask / Deny.
import { useRef, type ReactNode } from 'react';
import type { RuleSourceListing, WritableRuleSource } from '../../../shared/permissions/rule-store';
import { WarningIcon } from '../components/icons';
import { useViewEnv } from '../tools/view-env';
import { RuleRow } from './RuleRow';
import { BEHAVIORS, fileLabel, fileState, readOnlyReason, ruleCount } from './rule-words';

const isWritable = (s: RuleSourceListing): s is RuleSourceListing & { source: WritableRuleSource } =>
  s.writable && (s.source === 'localSettings' || s.source === 'projectSettings' || s.source === 'userSettings');

export function SourceCard({ source }: { source: RuleSourceListing }): ReactNode {
  const env = useViewEnv();
  const heading = useRef<HTMLHeadingElement>(null);
  const base = `rules-${source.source}`;
  const readOnly = readOnlyReason(source.source);
  const file = source.file ? fileLabel(source.file, env.projectDir) : null;
  const state = fileState(source);
  const writable = isWritable(source) ? source.source : null;
  const groups = BEHAVIORS.filter((b) => source[b.value].length > 0);

  return (
    <section className={source.warnings.length > 0 ? 'side-pane__card rules-source rules-source--warn' : 'side-pane__card rules-source'} aria-labelledby={`${base}-title`} data-source={source.source}>
      <div className="rules-source__head">
        <h3 id={`${base}-title`} ref={heading} className="rules-source__title" tabIndex={-1}>
          {source.label}
        </h3>
        <span className="rules-source__count">{ruleCount(source)}</span>
        {!source.writable && <span className="rules-badge">Read-only</span>}
      </div>
      {file && (
        <p className="rules-source__file">
          <code title={source.file ?? undefined}>{file}</code>
          {state && <span className={source.exists ? 'rules-source__state' : 'rules-source__state rules-source__state--missing'}>{state}</span>}
        </p>
      )}
      {readOnly && <p className="rules-muted">{readOnly}</p>}
      {source.warnings.length > 0 && (
        <ul className="rules-warnings" aria-label={`Problems in ${source.label}`}>
          {source.warnings.map((w) => (
            <li key={w} className="rules-warning">
              <WarningIcon size={16} />
              <span>{w}</span>
            </li>
          ))}
        </ul>
      )}
      {groups.length === 0 ? (
        // A missing file already says so beside its name.
        (source.exists || source.file === null) && (
          <p className="rules-muted rules-source__empty">{source.warnings.length > 0 ? 'No rules could be read from this file.' : 'No rules here.'}</p>
        )
      ) : (
        groups.map((b) => (
          <div key={b.value} className={`rules-group rules-group--${b.value}`}>
            <h4 className="rules-group__title">
              <span className={`rules-kind rules-kind--${b.value}`}>{b.label}</span>
              <span className="rules-muted">{b.hint}</span>
            </h4>
            <ul className="rules-group__list" aria-label={`${b.label} rules`}>
              {source[b.value].map((rule, i) => (
                <RuleRow
                  key={`${b.value}:${rule}`}
                  idBase={`${base}-${b.value}-${i}`}
                  rule={rule}
                  behavior={b.value}
                  source={writable}
                  where={file ? `from ${file}` : `from ${source.label}`}
                  onDone={() => requestAnimationFrame(() => heading.current?.focus())}
                />
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
