// The rule workbench (issue 5 item 8), a pane beside the conversation: ready-made rules in plain words
// (issue 12 item 8); every rule by source, strongest first, with its file; the settings that go with
// them; adding, changing and deleting rules in the writable files; and testing a rule before it is
// saved. Read again on open, on Reload, when "Always allow" saved a rule, and when the window regains
// focus (a file may have been edited meanwhile).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { RuleListing } from '../../../shared/permissions/rule-store';
import { useRules } from '../stores/react';
import { useViewEnv } from '../tools/view-env';
import { RULES_PANE_ID } from './RulesButton';
import { Presets } from './Presets';
import { RuleEditor, type RuleValues } from './RuleEditor';
import { bypassWords, defaultTarget, modeWords, writableTargets } from './rule-words';
import { SourceCard } from './SourceCard';
import '../styles/side-pane.css';
import './Rules.css';

function SettingsSummary({ listing }: { listing: RuleListing }): ReactNode {
  return (
    <section className="side-pane__card rules-settings" aria-labelledby="rules-settings-title">
      <h3 id="rules-settings-title" className="rules-section-title">
        Settings that go with the rules
      </h3>
      <dl className="rules-settings__list">
        <div>
          <dt>Starting mode</dt>
          <dd>{modeWords(listing.defaultMode)}</dd>
        </div>
        <div>
          <dt>Extra folders the assistant may work in</dt>
          <dd>
            {listing.additionalDirectories.length === 0
              ? 'None: only the project folder'
              : listing.additionalDirectories.map((d) => (
                  <code key={d} className="rules-settings__dir">
                    {d}
                  </code>
                ))}
          </dd>
        </div>
        <div>
          <dt>“Do not ask” mode (bypassPermissions)</dt>
          <dd>{bypassWords(listing.bypassDisabled)}</dd>
        </div>
      </dl>
    </section>
  );
}

function AddRule({ listing }: { listing: RuleListing }): ReactNode {
  const [open, setOpen] = useState(false);
  const busy = useRules((s) => s.saving > 0);
  const add = useRules((s) => s.add);
  const targets = writableTargets(listing);
  const formId = useId();
  const save = async (v: RuleValues): Promise<string | null> => {
    if (!v.source) return 'Choose the file to save the rule in.';
    const r = await add({ source: v.source, behavior: v.behavior, rule: v.rule });
    return r.ok ? null : r.error;
  };
  return (
    <section className="side-pane__card rules-add" aria-labelledby="rules-add-title">
      <div className="rules-add__head">
        <h3 id="rules-add-title" className="rules-section-title">
          Add a rule
        </h3>
        <button type="button" className="button button--small" aria-expanded={open} aria-controls={formId} onClick={() => setOpen((o) => !o)}>
          {open ? 'Close the form' : 'New rule…'}
        </button>
      </div>
      <div id={formId} hidden={!open}>
        {open && (
          <RuleEditor
            idBase="rules-add"
            initial={{ rule: '', behavior: 'allow', source: defaultTarget(targets) }}
            targets={targets}
            submitLabel="Add rule"
            busy={busy}
            onSubmit={save}
            onCancel={() => setOpen(false)}
            clearOnSave
            autoFocus
          />
        )}
      </div>
    </section>
  );
}

/** The pane's content for a listing; separate from the loading logic so it renders in tests. */
export function RulesBody({ listing }: { listing: RuleListing }): ReactNode {
  return (
    <>
      <p className="side-pane__note rules-pane__intro">
        Rules decide what the assistant may do without asking you. <strong>Deny</strong> wins over <strong>Ask</strong>, and Ask over{' '}
        <strong>Allow</strong>, whichever file a rule is in. The files are listed strongest first; these are the same files Claude Code
        reads.
      </p>
      <Presets listing={listing} />
      <AddRule listing={listing} />
      <h3 className="rules-section-title rules-pane__sources-title">Where rules come from</h3>
      {listing.sources.map((s) => (
        <SourceCard key={s.source} source={s} />
      ))}
      <SettingsSummary listing={listing} />
    </>
  );
}

export function RulesPane({ onClose }: { onClose: () => void }): ReactNode {
  const env = useViewEnv();
  const listing = useRules((s) => s.listing);
  const loading = useRules((s) => s.loading);
  const loadError = useRules((s) => s.loadError);
  const load = useRules((s) => s.load);
  const watch = useRules((s) => s.watch);
  const title = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void load(env.projectDir);
    const onFocus = (): void => void load(env.projectDir);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [load, env.projectDir]);

  useEffect(() => watch(), [watch]);

  // Opening the pane takes keyboard users to it.
  useEffect(() => title.current?.focus(), []);

  return (
    <section id={RULES_PANE_ID} className="side-pane side-pane--docked rules-pane" aria-labelledby="rules-pane-title" aria-busy={loading}>
      <div className="side-pane__head rules-pane__head">
        <h2 id="rules-pane-title" ref={title} className="side-pane__title rules-pane__title" tabIndex={-1}>
          Permission rules
        </h2>
        <button type="button" className="button button--ghost button--small" aria-label="Reload rules from the files" title="Read the settings files again" disabled={loading} onClick={() => void load(env.projectDir)}>
          {loading ? 'Reading…' : 'Reload'}
        </button>
        <button type="button" className="side-pane__close rules-pane__close" aria-label="Close permission rules" onClick={onClose}>
          ×
        </button>
      </div>
      {loadError && (
        <p className="rules-error rules-pane__load-error" role="alert">
          Could not read the rules: {loadError}
        </p>
      )}
      {listing ? <RulesBody listing={listing} /> : !loadError && <p className="rules-muted rules-pane__loading">Reading the settings files…</p>}
    </section>
  );
}
