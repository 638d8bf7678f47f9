// Adds, removes and replaces one rule in a Claude Code settings file, keeping every other key, the
// key order and the file's indent (2 spaces for a new file). A file that is not valid JSON is never
// overwritten: the edit fails with the file's own parse error. Writes are atomic and serialised.
import { editSettingsFile, isJsonObject as isObject, SettingsFileError, type Json } from '../settings/edit-settings-file';
import { ruleProblem } from '../permissions/rule-problem';
import type { RuleBehavior } from '../permissions/types';

export type RuleFileEdit =
  | { op: 'add'; behavior: RuleBehavior; rule: string }
  | { op: 'remove'; behavior: RuleBehavior; rule: string }
  | { op: 'update'; behavior: RuleBehavior; rule: string; newRule: string; newBehavior?: RuleBehavior };

export class RuleFileError extends Error {
  constructor(
    readonly code: 'invalid_rule' | 'not_found' | 'broken_file' | 'io',
    message: string,
  ) {
    super(message);
    this.name = 'RuleFileError';
  }
}

export { detectIndent } from '../settings/edit-settings-file';

function checkRule(rule: string, behavior: RuleBehavior): string {
  const problem = ruleProblem(rule.trim(), undefined, behavior);
  if (problem) throw new RuleFileError('invalid_rule', `"${rule.trim()}" is not a valid rule: ${problem}`);
  return rule.trim();
}

/** Applies the edit to a parsed settings object (mutating a copy); returns whether anything changed. */
export function applyRuleEdit(json: Json, edit: RuleFileEdit, file: string): { json: Json; changed: boolean } {
  const out: Json = structuredClone(json);
  const perms: Json = isObject(out.permissions) ? out.permissions : {};
  const list = (b: RuleBehavior): string[] => {
    const v = perms[b];
    if (v !== undefined && !Array.isArray(v)) throw new RuleFileError('broken_file', `${file}: permissions.${b} is not a list; fix it by hand first.`);
    return Array.isArray(v) ? (v as unknown[]).filter((x): x is string => typeof x === 'string') : [];
  };
  const set = (b: RuleBehavior, rules: string[]) => {
    perms[b] = rules;
    out.permissions = perms;
  };
  const rule = edit.rule.trim();
  if (edit.op === 'add') {
    const r = checkRule(rule, edit.behavior);
    const cur = list(edit.behavior);
    if (cur.includes(r)) return { json, changed: false };
    set(edit.behavior, [...cur, r]);
    return { json: out, changed: true };
  }
  const cur = list(edit.behavior);
  const at = cur.indexOf(rule);
  if (at < 0) throw new RuleFileError('not_found', `${file} has no ${edit.behavior} rule "${rule}".`);
  if (edit.op === 'remove') {
    set(edit.behavior, cur.filter((_, i) => i !== at));
    return { json: out, changed: true };
  }
  const target = edit.newBehavior ?? edit.behavior;
  const next = checkRule(edit.newRule, target);
  if (target === edit.behavior) {
    const replaced = cur.map((x, i) => (i === at ? next : x)).filter((x, i, all) => all.indexOf(x) === i);
    set(edit.behavior, replaced);
  } else {
    set(edit.behavior, cur.filter((_, i) => i !== at));
    const dest = list(target);
    if (!dest.includes(next)) set(target, [...dest, next]);
  }
  return { json: out, changed: true };
}

/** Edits one settings file; resolves once the file is written (or nothing needed changing). */
export async function editRuleFile(file: string, edit: RuleFileEdit): Promise<{ changed: boolean }> {
  try {
    return await editSettingsFile(file, (json) => applyRuleEdit(json, edit, file), 'changing rules here');
  } catch (err) {
    throw err instanceof SettingsFileError ? new RuleFileError(err.code, err.message) : err;
  }
}
