// "Ready-made rules" (issue 12 item 8): common rules said in plain words — "Never delete files" — each
// showing the exact rules it writes, the list they go in and the file they are saved in, added with
// one click. Open at first for someone with no rules of their own yet; a toggle otherwise.
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { RuleListing, WritableRuleSource } from '../../../shared/permissions/rule-store';
import { allowRuleRisk } from '../../../shared/permissions/rule-risks';
import { useRules } from '../stores/react';
import { plural } from '../tools/shared/paths';
import { useViewEnv } from '../tools/view-env';
import { presetAction, presetPlace } from './preset-words';
import { missingRules, rulePresets, type RulePreset } from './presets';
import { RiskNote } from './RiskNote';
import { behaviorLabel, defaultTarget, writableTargets, type WritableTarget } from './rule-words';
import { SaveInChoice } from './SaveInChoice';
import { useAddPreset } from './use-add-preset';
import './Presets.css';

interface PresetCardProps {
  preset: RulePreset;
  target: WritableTarget | null;
  listing: RuleListing;
}

export function PresetCard({ preset, target, listing }: PresetCardProps): ReactNode {
  const env = useViewEnv();
  const busy = useRules((s) => s.saving > 0);
  const addPreset = useAddPreset();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const base = `rules-preset-${preset.id}`;
  const missing = missingRules(preset, listing.sources.find((s) => s.source === target?.source));
  const place = presetPlace(preset, target, env.projectDir);
  const risks = preset.behavior === 'allow' ? preset.rules.map(allowRuleRisk).filter((r): r is string => r !== null) : [];
  const action = presetAction(preset, missing);

  // What was added where belongs to that file; another file chosen starts afresh.
  useEffect(() => setNote(null), [target?.source]);

  const run = async (): Promise<void> => {
    if (!target) return;
    setNote(null);
    const r = await addPreset(preset, target.source, listing);
    const where = presetPlace(preset, target, env.projectDir);
    if (r.ok) setNote({ ok: true, text: `Added ${plural(r.added, 'rule')} to ${where}.` });
    else setNote({ ok: false, text: `${r.added > 0 ? `Added ${plural(r.added, 'rule')}, then stopped: ` : ''}${r.error}` });
  };

  return (
    <li className="rules-preset" aria-labelledby={`${base}-title`}>
      <div className="rules-preset__head">
        <h4 id={`${base}-title`} className="rules-preset__title">
          {preset.title}
        </h4>
        <span className={`rules-kind rules-kind--${preset.behavior}`}>{behaviorLabel(preset.behavior)}</span>
        <button
          type="button"
          className="button button--small rules-preset__add"
          aria-label={`${action}: ${preset.title}`}
          aria-describedby={`${base}-place`}
          disabled={busy || !target || missing.length === 0}
          onClick={() => void run()}
        >
          {action}
        </button>
      </div>
      <p className="rules-preset__summary">{preset.summary}</p>
      <div className="rules-preset__written">
        <span className="rules-preset__label" aria-hidden="true">
          The rules it writes:
        </span>
        <ul className="rules-preset__rules" aria-label={`Rules “${preset.title}” adds`}>
          {preset.rules.map((r) => (
            <li key={r} className={missing.includes(r) ? 'rules-preset__rule' : 'rules-preset__rule rules-preset__rule--there'}>
              <code>{r}</code>
              {!missing.includes(r) && <span className="visually-hidden"> (already there)</span>}
            </li>
          ))}
        </ul>
      </div>
      {/* Where they go, and once added, that they went there (announced: it is a status). */}
      <p id={`${base}-place`} className={note?.ok ? 'rules-saved rules-preset__place' : 'rules-muted rules-preset__place'} role="status">
        {note?.ok ? note.text : missing.length === 0 ? `All of them are in ${place} already.` : `They will be saved in ${place}.`}
      </p>
      {risks.map((r) => (
        <RiskNote key={r} text={r} />
      ))}
      {note && !note.ok && (
        <p className="rules-error" role="alert">
          {note.text}
        </p>
      )}
    </li>
  );
}

/** No rule in any file the person can change: someone who has not written one yet. */
const hasOwnRules = (listing: RuleListing): boolean => writableTargets(listing).some((t) => {
  const s = listing.sources.find((x) => x.source === t.source);
  return s !== undefined && s.allow.length + s.ask.length + s.deny.length > 0;
});

export function Presets({ listing }: { listing: RuleListing }): ReactNode {
  const targets = writableTargets(listing);
  // Decided once: adding a preset must not fold the list away under the person's pointer.
  const [open, setOpen] = useState(() => !hasOwnRules(listing));
  const [source, setSource] = useState<WritableRuleSource | null>(() => defaultTarget(targets));
  const target = targets.find((t) => t.source === source) ?? null;
  const listId = useId();
  const presets = rulePresets({ testCommands: listing.testCommands });
  return (
    <section className="side-pane__card rules-presets" aria-labelledby="rules-presets-title">
      <div className="rules-add__head">
        <h3 id="rules-presets-title" className="rules-section-title">
          Ready-made rules
        </h3>
        <button type="button" className="button button--small" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide them' : 'Show them'}
        </button>
      </div>
      <p className="rules-muted rules-presets__intro">Common rules in plain words. Each one shows the exact rules it writes and where; one click adds them.</p>
      <div id={listId} hidden={!open} className="rules-presets__body">
        {open && (
          <>
            <SaveInChoice name="rules-presets-file" legend="Save ready-made rules in" targets={targets} value={source} onChange={setSource} />
            <ul className="rules-presets__list" aria-label="Ready-made rules">
              {presets.map((p) => (
                <PresetCard key={p.id} preset={p} target={target} listing={listing} />
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
