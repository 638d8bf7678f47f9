// Adds a ready-made rule's rules to one settings file, one after another through the same channel as
// a typed rule (so main checks each), skipping those already in that file's list. Stops at the first
// refusal and says how many went in before it.
import type { RuleListing, WritableRuleSource } from '../../../shared/permissions/rule-store';
import { useRules } from '../stores/react';
import { missingRules, type RulePreset } from './presets';

export type PresetOutcome = { ok: true; added: number } | { ok: false; added: number; error: string };

export function useAddPreset(): (preset: RulePreset, source: WritableRuleSource, listing: RuleListing | null) => Promise<PresetOutcome> {
  const add = useRules((s) => s.add);
  return async (preset, source, listing) => {
    const rules = missingRules(preset, listing?.sources.find((s) => s.source === source));
    let added = 0;
    for (const rule of rules) {
      const r = await add({ source, behavior: preset.behavior, rule });
      if (!r.ok) return { ok: false, added, error: r.error };
      added++;
    }
    return { ok: true, added };
  };
}
