// The words around a ready-made rule: where it is saved ("the Deny list in .claude/settings.local.json")
// and what its button does given what the file already holds.
import { plural } from '../tools/shared/paths';
import type { RulePreset } from './presets';
import { behaviorLabel, fileLabel, type WritableTarget } from './rule-words';

/** "the Deny list in .claude/settings.local.json". */
export function presetPlace(preset: RulePreset, target: WritableTarget | null, projectDir: string | null): string {
  const list = `the ${behaviorLabel(preset.behavior)} list`;
  return target?.file ? `${list} in ${fileLabel(target.file, projectDir)}` : target ? `${list} of ${target.label}` : list;
}

/** What the button does with what is already there: "Add these 6 rules", "Add the 2 missing rules", "Already added". */
export function presetAction(preset: RulePreset, missing: readonly string[]): string {
  if (missing.length === 0) return 'Already added';
  if (missing.length === preset.rules.length) return preset.rules.length === 1 ? 'Add this rule' : `Add these ${preset.rules.length} rules`;
  return `Add the ${plural(missing.length, 'missing rule')}`;
}
